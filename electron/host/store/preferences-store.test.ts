import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPreferencesStore } from './preferences-store';

const folder = () => mkdtemp(join(tmpdir(), 'mcp-preferences-'));

describe('the preferences store', () => {
  it('keeps the theme chosen, for the next run', async () => {
    const file = join(await folder(), 'nested', 'preferences.json');
    expect(await createPreferencesStore(file).get()).toEqual({ theme: 'system' });
    await createPreferencesStore(file).set({ theme: 'dark' });
    expect(await createPreferencesStore(file).get()).toEqual({ theme: 'dark' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ theme: 'dark' });
  });

  it('a file that is not ours is copied aside before anything is written, and says so', async () => {
    const dir = await folder();
    const file = join(dir, 'preferences.json');
    await writeFile(file, '{"theme": "purple"}');
    const store = createPreferencesStore(file);
    const state = await store.get();
    expect(state.theme).toBe('system');
    expect(state.problem).toMatch(
      /is not a preferences file; it was copied to .*preferences\.json\.unreadable-\d+, and the defaults are used/,
    );
    const aside = (await readdir(dir)).find((name) =>
      name.startsWith('preferences.json.unreadable-'),
    ) as string;
    expect(await readFile(join(dir, aside), 'utf8')).toBe('{"theme": "purple"}');
    await store.set({ theme: 'light' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ theme: 'light' });
  });

  it("a pipe in the file's place is refused at once: the defaults, and why", async () => {
    const file = join(await folder(), 'preferences.json');
    execFileSync('mkfifo', [file]);
    expect(await createPreferencesStore(file).get()).toEqual({
      theme: 'system',
      problem: `${file} cannot be read (it is not a regular file); the defaults are used and the file is left as it is`,
    });
  });

  it('without a file, it lasts as long as the host', async () => {
    const store = createPreferencesStore(undefined);
    expect(await store.set({ theme: 'dark' })).toEqual({ theme: 'dark' });
    expect(await store.get()).toEqual({ theme: 'dark' });
  });
});
