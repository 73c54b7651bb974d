import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILE_KIND, PROFILE_VERSION, type Profile } from '../../shared/profile/profile';
import { createHost } from './host';
import { createProfileStore } from './profile-store';

const profile = (name: string): Profile => ({
  kind: PROFILE_KIND,
  version: PROFILE_VERSION,
  name,
  savedAt: '2026-11-30T12:00:00.000Z',
  servers: [{ name: 'docs', transport: { kind: 'stdio', command: 'node', args: ['server.js'] } }],
  picks: [{ server: 'docs', uri: 'docs://a' }],
  marks: [{ server: 'docs', uri: 'docs://b', mark: 'pin' }],
  policy: { auto: true, audience: 'assistant', threshold: 0.5, requirePriorityOne: true, budget: 8000, order: 'rank' },
  output: { format: 'markdown', encoding: 'o200k_base' },
});

async function store() {
  const dir = await mkdtemp(join(tmpdir(), 'profiles-'));
  return { dir, profiles: createProfileStore(join(dir, 'profiles')) };
}

describe('the profile store', () => {
  it('saves a profile atomically and loads it back as it was', async () => {
    const { profiles } = await store();
    await profiles.save(profile('Daily docs'));
    expect(await profiles.load('Daily docs')).toEqual(profile('Daily docs'));
    // Nothing but the profile is left in the folder: no temporary file.
    expect(await readdir(profiles.dir)).toEqual(['Daily docs.json']);
    expect((await profiles.list()).map((entry) => entry.name)).toEqual(['Daily docs']);
  });

  it('refuses a corrupt file with a clear error, keeps it untouched, and makes a backup beside it', async () => {
    const { profiles } = await store();
    await profiles.save(profile('broken'));
    const file = join(profiles.dir, 'broken.json');
    await writeFile(file, '{"kind": "mcp-context-profile", "version": 1, "name": ');
    await expect(profiles.load('broken')).rejects.toThrow(/profile "broken" could not be loaded: it is not JSON .*The file was left as it is; a copy is at .*broken\.json\..*\.bak/);
    expect(await readFile(file, 'utf8')).toBe('{"kind": "mcp-context-profile", "version": 1, "name": ');
    const files = await readdir(profiles.dir);
    const backup = files.find((entry) => entry.endsWith('.bak'));
    expect(backup).toBeDefined();
    expect(await readFile(join(profiles.dir, backup as string), 'utf8')).toBe('{"kind": "mcp-context-profile", "version": 1, "name": ');
    // Saving over it is refused too, so it is never silently replaced.
    await expect(profiles.save(profile('broken'))).rejects.toThrow('could not be loaded');
    expect(await readFile(file, 'utf8')).toBe('{"kind": "mcp-context-profile", "version": 1, "name": ');
    expect((await profiles.list()).find((entry) => entry.name === 'broken')?.problem).toMatch(/not JSON/);
  });

  it('says a file from a newer version is newer, rather than broken', async () => {
    const { profiles } = await store();
    await profiles.save(profile('future'));
    await writeFile(join(profiles.dir, 'future.json'), JSON.stringify({ ...profile('future'), version: 7, extra: true }));
    await expect(profiles.load('future')).rejects.toThrow('written by a newer version of the app (profile version 7; this one reads 2)');
  });

  it('refuses names that would leave the folder or hide a file', async () => {
    const { profiles } = await store();
    for (const name of ['../escape', 'a/b', '.hidden', '', ' padded', 'x'.repeat(81)]) {
      await expect(profiles.save(profile(name)), name).rejects.toThrow(/profile name/);
      await expect(profiles.load(name), name).rejects.toThrow(/profile name/);
    }
  });

  it('writes profiles only its user can read, and backs a bad file up once however often it fails', async () => {
    const { profiles } = await store();
    await profiles.save(profile('mine'));
    if (process.platform !== 'win32') expect((await stat(join(profiles.dir, 'mine.json'))).mode & 0o777).toBe(0o600);
    await writeFile(join(profiles.dir, 'mine.json'), 'not json');
    for (let i = 0; i < 3; i += 1) await expect(profiles.load('mine')).rejects.toThrow('not JSON');
    expect((await readdir(profiles.dir)).filter((entry) => entry.endsWith('.bak'))).toHaveLength(1);
    await expect(profiles.save(profile('CON'))).rejects.toThrow('device name');
  });

  it('hands a page the profile with its secrets redacted, and connects its servers from the file', async () => {
    const { profiles } = await store();
    const host = createHost({ profiles });
    const secret: Profile = {
      ...profile('with secrets'),
      servers: [{ name: 'remote', transport: { kind: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer s3cret' } } }],
    };
    await host.saveProfile(secret);
    expect(await readFile(join(profiles.dir, 'with secrets.json'), 'utf8')).toContain('Bearer s3cret');
    const loaded = await host.loadProfile('with secrets');
    expect(JSON.stringify(loaded)).not.toContain('s3cret');
    await expect(host.connectProfileServers('with secrets', ['nobody'])).rejects.toThrow('has no server named "nobody"');
    await host.close();
  });
});
