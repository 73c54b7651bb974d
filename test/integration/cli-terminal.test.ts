/**
 * The CLI's output is a display of hostile data: a server that puts control sequences in every
 * string (the hostile fixture's terminal mode: a title change, an OSC 52 clipboard write, a
 * carriage return with erase-line, colour, a bidi override) never gets them acted on by a
 * terminal. `list`, warnings and errors are always shown escaped; `read` and `assemble` bodies
 * are byte-faithful when piped and escaped on a terminal (a real pty, through script(1)).
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { terminalContent } from '../fixtures/hostile-pages';
import { fixtureCommand } from './harness';

const hostile = fixtureCommand('hostile-server.ts', '--mode', 'terminal');
// Any control a terminal acts on but newline and tab (and the pty's own carriage returns, where
// noted).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/mcp-context.mjs', ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The command run on a terminal (a pty from script(1)); its output with the pty's CRLF made LF. */
function onTerminal(...args: string[]): Promise<string> {
  const quoted = [process.execPath, 'bin/mcp-context.mjs', ...args]
    .map((arg) => `'${arg.replace(/'/g, "'\\''")}'`)
    .join(' ');
  return new Promise((resolve) => {
    execFile('script', ['-qec', quoted, '/dev/null'], (_error, stdout) =>
      resolve(stdout.replace(/\r\n/g, '\n')),
    );
  });
}

describe('terminal output of hostile strings', () => {
  it('list shows every control sequence as its escape, in the catalog, the warnings and the JSON', async () => {
    const { stdout, stderr } = await cli('list', ...hostile);
    expect(stdout).toContain('hostile://term/title\\x1b]0;pwned\\x07');
    expect(stdout).toContain('desc \\x1b[31mred');
    expect(stdout).toContain('plain \\u202etxt.exe');
    expect(stdout).not.toMatch(CONTROL);
    expect(stderr).not.toMatch(CONTROL);
    const json = await cli('list', '--json', ...hostile);
    expect(json.stdout).not.toMatch(CONTROL);
    // Still JSON, and the same strings once parsed.
    const parsed = JSON.parse(json.stdout) as { servers: { resources: { name: string }[] }[] };
    expect(parsed.servers[0]?.resources.map((resource) => resource.name)).toContain(
      'plain \u202etxt.exe',
    );
  });

  it('read is byte-faithful when piped, and shows the controls on a terminal', async () => {
    const uri = 'hostile://term/plain';
    const piped = await cli('read', uri, ...hostile);
    expect(piped.stdout).toBe(terminalContent(uri));
    const shown = await onTerminal('read', uri, ...hostile);
    expect(shown).toContain(
      '\\x1b[31mred text\\x0d\\x1b[2Khidden line \\x1b]0;pwned\\x07\\x1b]52;c;',
    );
    expect(shown).not.toMatch(CONTROL);
  });

  it('assemble is byte-faithful when piped, and shows the controls on a terminal', async () => {
    const piped = await cli('assemble', ...hostile);
    expect(piped.stdout).toContain(terminalContent('hostile://term/plain').trimEnd());
    const shown = await onTerminal('assemble', ...hostile);
    expect(shown).toContain('\\x1b]52;c;ZWNobyBwd25lZA==\\x07');
    expect(shown).not.toMatch(CONTROL);
  });

  it('a server that offers no resources is an answer: said on stderr, exit 0', async () => {
    const { code, stdout, stderr } = await cli(
      'list',
      '--',
      process.execPath,
      '--import',
      'tsx',
      'test/fixtures/tools-only-server.ts',
    );
    expect(stderr).toMatch(
      /^note: .* offers no resources: it does not declare the resources capability\n$/m,
    );
    expect(stderr).not.toContain('error: ');
    expect(stdout).toMatch(/\n {2}resources: 0\n {2}templates: 0\n$/);
    expect(code).toBe(0);
  });

  it('a server without a templates method has no templates: no warning, exit 0', async () => {
    const server = ['--', process.execPath, '--import', 'tsx', 'test/fixtures/synthetic-server.ts'];
    const { code, stdout, stderr } = await cli(
      'list',
      '--json',
      ...server,
      '--count',
      '3',
      '--no-templates',
    );
    expect(stderr).toBe('');
    const [listed] = (
      JSON.parse(stdout) as {
        servers: { warnings: unknown[]; resources: unknown[]; templates: unknown[] }[];
      }
    ).servers;
    expect(listed).toMatchObject({ warnings: [], templates: [] });
    expect(listed?.resources).toHaveLength(3);
    expect(code).toBe(0);
  });

  it('a server that cannot be reached prints no count, only that it was not listed', async () => {
    const { code, stdout, stderr } = await cli('list', 'http://127.0.0.1:9/mcp');
    expect(stdout).toBe('127.0.0.1:9\n  not listed: it could not be reached\n');
    expect(stdout).not.toContain('resources:');
    expect(stderr).toMatch(/^error: 127\.0\.0\.1:9: /m);
    expect(code).toBe(1);
  });

  it('a server reached, then lost before its catalog came, is not called unreachable', async () => {
    // Answers the handshake (and nothing else), then exits at the first resources/list.
    const server = `require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
      const { id, method } = JSON.parse(line);
      const send = (body) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, ...body }) + '\\n');
      if (method === 'initialize') send({ result: { protocolVersion: '2025-06-18', capabilities: { resources: {} }, serverInfo: { name: 'brief', version: '1' } } });
      else if (method === 'resources/list') process.exit(7);
      else if (id !== undefined) send({ error: { code: -32601, message: 'no' } });
    });`;
    const { code, stdout } = await cli('list', '--', process.execPath, '-e', server);
    expect(stdout).toMatch(/\n {2}not listed: the connection was lost before the catalog came\n$/);
    expect(code).toBe(1);
  });

  it('a server that dies before the handshake is named with its last stderr lines; --verbose passes its stderr through', async () => {
    const dies = [
      '--',
      process.execPath,
      '-e',
      'console.error("Error: Cannot find module /app/server.js"); console.error("    at Module._resolveFilename"); process.exit(1)',
    ];
    const { code, stderr } = await cli('list', ...dies);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /: the server exited with code 1 before the handshake finished; its stderr ended: "Error: Cannot find module \/app\/server\.js" \/ "at Module\._resolveFilename"\n/,
    );
    const verbose = await cli(
      'list',
      '--verbose',
      '--',
      process.execPath,
      'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
      'stdio',
    );
    // Named as the server is (its command line, cut to 80 characters).
    expect(verbose.stderr).toMatch(
      /^\[.*server-everything.*\] Starting default \(STDIO\) server\.\.\.$/m,
    );
    // Without --verbose its stderr stays its own.
    expect(
      (
        await cli(
          'list',
          '--',
          process.execPath,
          'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
          'stdio',
        )
      ).stderr,
    ).not.toContain('Starting default');
  });

  it('a listing that takes more than a second shows its progress on a terminal, in one line it clears; never when piped', async () => {
    // A server that takes three seconds at least to list, however fast the machine.
    const slow = [
      '--',
      process.execPath,
      '--import',
      'tsx',
      'test/fixtures/synthetic-server.ts',
      '--count',
      '3000',
      '--page-size',
      '100',
      '--page-delay-ms',
      '100',
    ];
    const quoted = [process.execPath, 'bin/mcp-context.mjs', 'list', ...slow]
      .map((arg) => `'${arg}'`)
      .join(' ');
    const shown = await new Promise<string>((resolve) =>
      execFile(
        'script',
        ['-qec', `${quoted} > /dev/null`, '/dev/null'],
        { maxBuffer: 16 * 1024 * 1024 },
        (_error, stdout) => resolve(stdout),
      ),
    );
    // eslint-disable-next-line no-control-regex
    expect(shown).toMatch(/\r\u001b\[2Klisting .*: [\d,]+ resources, page [\d,]+…/);
    expect(shown.endsWith('\r\u001b[2K')).toBe(true);
    const piped = await new Promise<string>((resolve) =>
      execFile(
        process.execPath,
        ['bin/mcp-context.mjs', 'list', ...slow],
        { maxBuffer: 64 * 1024 * 1024 },
        (_error, _stdout, stderr) => resolve(stderr),
      ),
    );
    expect(piped).not.toContain('listing ');
  });
});
