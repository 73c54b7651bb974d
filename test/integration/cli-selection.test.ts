/**
 * The server selection as users of the official Inspector type it: a command or a URL after
 * the command name, `-e KEY=VALUE`, `--transport`, and `--header` with any HTTP server, a
 * config's included. What cannot go together is refused with a usage line (exit 64), never
 * ignored; and a server's name never carries its environment.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_RESOURCE } from '../fixtures/legacy-fixture';
import { startHttpFixture, type HttpFixture } from '../fixtures/http-server';

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/mcp-context.mjs', ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const legacy = [process.execPath, '--import', 'tsx', 'test/fixtures/legacy-server.ts'];
const token = 'tok-0a1b2c3d4e5f60718293a4b5c6d7e8f9';
let http: HttpFixture;
beforeAll(async () => {
  http = await startHttpFixture({ era: 'streamable-legacy', privateToken: token });
});
afterAll(async () => {
  await http?.close();
});

describe('the server selection, as the Inspector takes it', () => {
  it('lists the command or the URL after the command name, never the demo instead', async () => {
    const command = await cli('list', ...legacy);
    expect(command.code, command.stderr).toBe(0);
    expect(command.stdout).toContain('legacy://docs/readme');
    expect(command.stdout).not.toContain('Lumen');
    const url = await cli('list', http.url);
    expect(url.code, url.stderr).toBe(0);
    expect(url.stdout).toContain('legacy://docs/readme');
    // read: the URI, then the server.
    expect((await cli('read', 'legacy://docs/readme', ...legacy)).stdout).toContain(
      'The legacy fixture.',
    );
  });

  it('-e sets the environment of the stdio server, and no name carries it', async () => {
    const secret = 'sk-live-51HselectionSecret0123456789';
    const read = await cli(
      'read',
      'legacy://env/API_KEY',
      '-e',
      `API_KEY=${secret}`,
      ...legacy,
      '--echo-env',
      'API_KEY',
    );
    // Piped, the text exactly as the server sent it (no newline of ours).
    expect(read.stdout).toBe(`API_KEY=${secret}`);
    const listed = await cli('list', '--json', 'env', `API_KEY=${secret}`, ...legacy);
    const names = (JSON.parse(listed.stdout) as { servers: { name: string }[] }).servers.map(
      (server) => server.name,
    );
    expect(names).toEqual(['node --import tsx legacy-server.ts']);
    const assembled = await cli('assemble', 'env', `API_KEY=${secret}`, ...legacy);
    expect(assembled.stdout).toContain('- Server: ');
    expect(assembled.stdout + assembled.stderr).not.toContain(secret);
  });

  it("--header goes with a config file's HTTP servers too", async () => {
    const config = join(await mkdtemp(join(tmpdir(), 'mcp-selection-')), 'mcp.json');
    await writeFile(config, JSON.stringify({ mcpServers: { remote: { url: http.url } } }));
    const plain = await cli('list', '--config', config);
    expect(plain.stdout).not.toContain(PRIVATE_RESOURCE.uri);
    const authorized = await cli(
      'list',
      '--config',
      config,
      '--header',
      `Authorization: Bearer ${token}`,
    );
    expect(authorized.code, authorized.stderr).toBe(0);
    expect(authorized.stdout).toContain(PRIVATE_RESOURCE.uri);
  });

  it.each([
    [['list', 'node', 'a.js', '--', 'node', 'b.js'], 'names a server, and so does'],
    [
      ['list', '--header', 'X: y', '--', 'node', 'a.js'],
      '--header goes with an HTTP server, not a stdio one',
    ],
    [['list', '-e', 'A=1', 'http://127.0.0.1:9/mcp'], '-e goes with a stdio server'],
    [
      ['list', '--transport', 'sse', 'node', 'a.js'],
      '--transport sse, but the server is a command',
    ],
    [
      ['list', '--transport', 'stdio', 'http://127.0.0.1:9/mcp'],
      '--transport stdio, but the server is a URL',
    ],
    [['list', 'http://127.0.0.1:9/mcp', 'extra'], 'a URL names the server alone'],
    [['list', '--bogus', 'node', 'a.js'], 'unknown option --bogus'],
    [['list', '-e', 'nothing'], '-e must look like KEY=VALUE'],
    [['list', 'node', 'a.js', '--json'], '--json comes after the server\'s command "node"'],
    [
      ['list', '--url', 'http://user:hunter22@127.0.0.1:9/mcp'],
      'the URL carries a user name or password',
    ],
    [['list', '--url', 'admin:hunter22@10.0.0.1'], '--url must be http:// or https://'],
    [
      ['list', '--sse', '--', 'node', 'a.js'],
      '--sse goes with the server it names (a URL), not a command',
    ],
    [['list', '--budget', '5'], '--budget goes with assemble and capture'],
    [['list', '--port', '5'], '--port goes with serve'],
    [['read', 'node', 'x.js'], "read takes a resource's URI first"],
  ])('refuses %j with a usage line', async (args, said) => {
    const { code, stderr } = await cli(...args);
    expect(code).toBe(64);
    // A value that may be a secret is never repeated.
    expect(stderr).not.toContain('hunter22');
    expect(stderr).toContain(said);
    expect(stderr).toContain('Run "mcp-context --help" for usage.');
  });
});
