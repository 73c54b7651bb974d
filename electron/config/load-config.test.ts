import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../shared/config/config-file';
import { readConfigFile, type ConfigMachine } from './load-config';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function machine(): Promise<ConfigMachine> {
  const cwd = await mkdtemp(join(tmpdir(), 'config-'));
  folders.push(cwd);
  return { cwd, home: join(cwd, 'home'), env: {}, platform: 'linux' };
}

describe('reading a config file', () => {
  it('refuses 200,000 nested brackets in one line that names the file and where', async () => {
    const here = await machine();
    const file = join(here.cwd, 'deep.json');
    await writeFile(file, `{"servers": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    const read = readConfigFile(file, here);
    await expect(read).rejects.toBeInstanceOf(ConfigError);
    await expect(read).rejects.toThrow(
      `${file}: nested more than 100 levels deep, at line 1, column 112: not a config file`,
    );
  });

  it('reads brackets and braces inside strings and comments as text, however many', async () => {
    const here = await machine();
    const file = join(here.cwd, 'mcp.json');
    const many = '['.repeat(500);
    await writeFile(
      file,
      `// ${many}\n{"servers": {"s": {"command": "node", "args": ["${many}{{{"]}}}`,
    );
    const read = await readConfigFile(file, here);
    expect(read.entries.map((entry) => entry.name)).toEqual(['s']);
  });
});
