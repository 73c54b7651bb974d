/**
 * Import from… on the host: only a file the host found itself is read by path, a picked file
 * reads no env file, an input the file never asks for is refused, and an import adds all the
 * servers asked for or none.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { machineConfigFiles } from '../../electron/config/config-files';
import { createHost, type Host } from '../../electron/host/host';

const repo = resolve('.');
const legacy = {
  command: process.execPath,
  args: [
    '--import',
    pathToFileURL(join(repo, 'node_modules/tsx/dist/loader.mjs')).href,
    join(repo, 'test/fixtures/legacy-server.ts'),
  ],
};
let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

async function machine() {
  const root = await mkdtemp(join(tmpdir(), 'mcp-import-'));
  const home = join(root, 'home');
  const cwd = join(root, 'work');
  await mkdir(join(home, '.cursor'), { recursive: true });
  await mkdir(cwd, { recursive: true });
  await writeFile(join(cwd, '.env'), 'SECRET_FROM_DISK=should-not-be-read\n');
  await writeFile(
    join(home, '.cursor', 'mcp.json'),
    JSON.stringify({ mcpServers: { good: legacy, bad: { args: [] } } }),
  );
  await writeFile(join(root, 'elsewhere.json'), JSON.stringify({ mcpServers: { hidden: legacy } }));
  return { root, home, cwd, env: {}, platform: 'linux' as const };
}

describe('importing servers from config files', () => {
  it("adds a found file's server; a path the host did not find is never read", async () => {
    const m = await machine();
    host = createHost({ configFiles: machineConfigFiles(m) });
    const [found] = await host.findConfigs();
    expect(found?.path).toBe(join(m.home, '.cursor', 'mcp.json'));
    await expect(
      host.importServers([
        { source: { path: join(m.root, 'elsewhere.json') }, names: ['hidden'], inputs: {} },
      ]),
    ).rejects.toThrow('not one of the config files found here');
    await expect(host.readConfig({ path: '/etc/passwd' })).rejects.toThrow(
      'not one of the config files found here',
    );
    // All or none, across the items too: the bad server stops the good one from being added.
    await expect(
      host.importServers([
        { source: { path: found?.path as string }, names: ['good'], inputs: {} },
        { source: { path: found?.path as string }, names: ['bad'], inputs: {} },
      ]),
    ).rejects.toThrow('server "bad": has neither a command nor a url');
    expect((await host.getSnapshot()).servers).toEqual([]);
    const ids = await host.importServers([
      { source: { path: found?.path as string }, names: ['good'], inputs: {} },
    ]);
    const snapshot = await host.getSnapshot();
    expect(snapshot.servers.map((s) => [s.id, s.name, s.status])).toEqual([
      [ids[0], 'good', 'connected'],
    ]);
  });

  it('a picked file reads no env file, and an input it does not ask for is refused', async () => {
    const m = await machine();
    host = createHost({ configFiles: machineConfigFiles(m) });
    const text = JSON.stringify({ servers: { s: { ...legacy, envFile: '.env' } } });
    const picked = await host.readConfig({ name: 'mcp.json', text });
    expect(picked).toMatchObject({
      scope: 'picked',
      servers: [
        { name: 's', error: expect.stringContaining('not read for a file picked in the page') },
      ],
    });
    await expect(
      host.importServers([{ source: { name: 'mcp.json', text }, names: ['s'], inputs: {} }]),
    ).rejects.toThrow('not read for a file picked in the page');
    await expect(
      host.importServers([
        {
          source: { name: 'mcp.json', text: JSON.stringify({ servers: { s: legacy } }) },
          names: ['s'],
          inputs: { stray: 'x' },
        },
      ]),
    ).rejects.toThrow('the file asks for no input "stray"');
  });

  it("a host without config files (a capture's) refuses, saying why", async () => {
    host = createHost({});
    await expect(host.findConfigs()).rejects.toThrow('cannot import config files');
  });
});
