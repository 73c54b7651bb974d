import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOAuthStore } from './oauth-store';

const folder = () => mkdtemp(join(tmpdir(), 'mcp-oauth-store-'));

describe('the kept sign-ins', () => {
  it('are kept by server URL, in a file only the user may read', async () => {
    const file = join(await folder(), 'nested', 'sign-ins.json');
    const store = createOAuthStore(file);
    await store.update('https://mcp.example/mcp#x', (current) => ({
      ...current,
      tokens: { access_token: 'a', token_type: 'Bearer' },
    }));
    expect(
      (await createOAuthStore(file).get('https://mcp.example/mcp'))?.tokens?.access_token,
    ).toBe('a');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await store.update('https://mcp.example/mcp', () => undefined);
    expect(await store.get('https://mcp.example/mcp')).toBeUndefined();
  });

  it('a file that is not ours is never written over, and says why', async () => {
    const file = join(await folder(), 'sign-ins.json');
    await writeFile(file, '{"something": "else"}');
    const store = createOAuthStore(file);
    await expect(store.get('https://mcp.example/mcp')).rejects.toThrow(
      'is not a sign-ins file of this app; it is left as it is',
    );
    await expect(store.update('https://mcp.example/mcp', () => ({}))).rejects.toThrow(
      'left as it is',
    );
    expect(await readFile(file, 'utf8')).toBe('{"something": "else"}');
  });

  it("a pipe in the file's place is refused at once, not waited on", async () => {
    const file = join(await folder(), 'sign-ins.json');
    execFileSync('mkfifo', [file]);
    await expect(createOAuthStore(file).get('https://mcp.example/mcp')).rejects.toThrow(
      `the sign-ins in ${file} cannot be read (it is not a regular file); it is left as it is`,
    );
  });
});
