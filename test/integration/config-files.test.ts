/**
 * The config files users bring, read from real files in temporary folders as their clients
 * read them: a VS Code project's `${workspaceFolder}`, env files, inputs asked for on a
 * terminal or given with --input, and every client's file found under a temporary HOME.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = resolve('.');
const cliPath = join(repo, 'bin/mcp-context.mjs');
// The legacy fixture, runnable from any folder (a project's servers run in the project).
const legacyServer = [
  process.execPath,
  '--import',
  pathToFileURL(join(repo, 'node_modules/tsx/dist/loader.mjs')).href,
  join(repo, 'test/fixtures/legacy-server.ts'),
];
const [node, ...legacyArgs] = legacyServer as [string, ...string[]];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI with a clean environment of our own: HOME and the folder given. */
function cli(
  args: string[],
  options: { cwd: string; home: string; env?: Record<string, string> },
): Promise<Run> {
  const env = { PATH: process.env.PATH ?? '', HOME: options.home, ...options.env };
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cliPath, ...args],
      { cwd: options.cwd, env },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The CLI on a terminal (a pty from script(1)), answering each prompt as it appears. */
function cliOnTerminal(
  args: string[],
  options: { cwd: string; home: string },
  answers: { when: string; type: string }[],
): Promise<string> {
  const command = [process.execPath, cliPath, ...args]
    .map((word) => `'${word.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  return new Promise((done) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: options.home, TERM: 'dumb' },
    });
    let screen = '';
    const pending = [...answers];
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString();
      const next = pending[0];
      if (next && screen.includes(next.when)) {
        pending.shift();
        child.stdin.write(`${next.type}\r`);
      }
    });
    child.on('close', () => done(screen.replace(/\r\n/g, '\n')));
  });
}

async function tempFolders(): Promise<{ home: string; project: string }> {
  const root = await mkdtemp(join(tmpdir(), 'mcp-configs-'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  await mkdir(home, { recursive: true });
  await mkdir(project, { recursive: true });
  return { home, project };
}

async function put(path: string, content: unknown): Promise<string> {
  await mkdir(resolve(path, '..'), { recursive: true });
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

describe('a config file read as its client reads it', () => {
  it("a VS Code project's ${workspaceFolder} is the project, and its servers run there", async () => {
    const { home, project } = await tempFolders();
    // A server script in the project, started by a path relative to the workspace.
    await put(
      join(project, 'server.mjs'),
      `await import(${JSON.stringify(pathToFileURL(join(repo, 'node_modules/tsx/dist/loader.mjs')).href)});\nawait import(${JSON.stringify(pathToFileURL(join(repo, 'test/fixtures/legacy-server.ts')).href)});\n`,
    );
    const file = await put(
      join(project, '.vscode', 'mcp.json'),
      '{\n  // a real VS Code file: comments, trailing commas\n  "servers": {\n    "local": { "type": "stdio", "command": "node", "args": ["${workspaceFolder}/server.mjs",], },\n  },\n}\n',
    );
    const run = await cli(['list', '--config', file], {
      cwd: home,
      home,
      env: { PATH: `${resolve(process.execPath, '..')}:${process.env.PATH ?? ''}` },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('legacy://docs/readme');
  });

  it('reads the env file, the config env over it, and warns of an unset variable', async () => {
    const { home, project } = await tempFolders();
    await put(join(project, '.env'), '# the project secrets\nREGION=from-env-file\nMODE=file\n');
    const file = await put(join(project, '.cursor', 'mcp.json'), {
      mcpServers: {
        s: {
          command: node,
          args: [...legacyArgs, '--echo-env', 'REGION', '--page-size', '${env:NOT_SET_ANYWHERE}5'],
          envFile: '${workspaceFolder}/.env',
          env: { MODE: 'own' },
        },
      },
    });
    const run = await cli(['read', 'legacy://env/REGION', '--config', file], {
      cwd: project,
      home,
    });
    expect(run.stdout).toBe('REGION=from-env-file');
    expect(run.stderr).toBe(
      'mcp-context: warning: server "s": $NOT_SET_ANYWHERE is not set: expanded to nothing\n',
    );
    const missing = await put(join(project, 'other', '.vscode', 'mcp.json'), {
      servers: { s: { command: 'node', envFile: '.env.missing' } },
    });
    const failed = await cli(['list', '--config', missing], { cwd: project, home });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(
      `mcp-context: ${missing}: server "s": envFile .env.missing: not found\n`,
    );
  });

  it('--input fills ${input:id}; one the file does not ask for is refused; a script without them gets a usage line', async () => {
    const { home, project } = await tempFolders();
    const file = await put(join(project, '.vscode', 'mcp.json'), {
      inputs: [{ type: 'pickString', id: 'region', description: 'Region', options: ['eu', 'us'] }],
      servers: {
        s: {
          command: node,
          args: [...legacyArgs, '--echo-env', 'REGION'],
          env: { REGION: '${input:region}' },
        },
      },
    });
    const given = await cli(
      ['read', 'legacy://env/REGION', '--config', file, '--input', 'region=us'],
      { cwd: project, home },
    );
    expect(given.stdout).toBe('REGION=us');
    const typo = await cli(['list', '--config', file, '--input', 'regoin=us'], {
      cwd: project,
      home,
    });
    expect(typo).toMatchObject({
      code: 64,
      stderr: expect.stringContaining(`--input regoin: ${file} asks for no input of that id`),
    });
    const none = await cli(['list', '--config', file], { cwd: project, home });
    expect(none.code).toBe(64);
    expect(none.stderr).toContain(
      `${file} asks for \${input:region} (Region): give --input region=VALUE`,
    );
  });

  it('on a terminal, inputs are asked for, a secret typed unseen and never shown', async () => {
    const { home, project } = await tempFolders();
    const secret = 'typed-secret-not-echoed-42';
    const file = await put(join(project, '.vscode', 'mcp.json'), {
      inputs: [
        { type: 'promptString', id: 'token', description: 'Your API token', password: true },
        {
          type: 'pickString',
          id: 'region',
          description: 'Region',
          options: ['eu', 'us'],
          default: 'eu',
        },
      ],
      servers: {
        s: {
          command: node,
          args: [...legacyArgs, '--echo-env', 'SEEN'],
          env: { SEEN: '${input:region}', TOKEN: '${input:token}' },
        },
      },
    });
    const screen = await cliOnTerminal(
      ['read', 'legacy://env/SEEN', '--config', file],
      { cwd: project, home },
      [
        { when: 'Your API token (token): ', type: secret },
        { when: 'Region (region) [1-2, Enter for eu]: ', type: '2' },
      ],
    );
    expect(screen).toContain('1. eu');
    expect(screen).toContain('SEEN=us');
    expect(screen).not.toContain(secret);
  });
});

describe('the files found on this machine', () => {
  it('configs finds every client under a temporary HOME, and the project the user works in', async () => {
    const { home, project } = await tempFolders();
    const server = { command: 'node', args: ['server.js', '--token', 'abcdef0123456789abcdef'] };
    await put(join(project, '.mcp.json'), {
      mcpServers: {
        'project-server': { ...server, env: { API_KEY: 'sk-never-shown-0123456789' } },
      },
    });
    await put(join(home, '.config', 'Claude', 'claude_desktop_config.json'), {
      mcpServers: { desktop: server },
    });
    await put(join(home, '.claude.json'), {
      mcpServers: { 'user-server': { type: 'http', url: 'https://u.example/mcp?key=hidden' } },
      projects: { [project]: { mcpServers: { local: server } } },
    });
    await put(join(home, '.cursor', 'mcp.json'), {
      mcpServers: { cursor: { url: 'http://127.0.0.1:1/mcp' } },
    });
    await put(
      join(home, '.config', 'Code', 'User', 'mcp.json'),
      '{ "servers": { "vscode": { "type": "sse", "url": "http://127.0.0.1:1/sse" } }, }',
    );
    await put(join(home, '.cline', 'data', 'settings', 'cline_mcp_settings.json'), {
      mcpServers: { cline: { ...server, disabled: true } },
    });
    await put(join(home, '.codeium', 'windsurf', 'mcp_config.json'), '{ not json');
    const run = await cli(['configs', '--json'], { cwd: project, home });
    expect(run.code, run.stderr).toBe(0);
    const { found, lookedIn } = JSON.parse(run.stdout) as {
      found: {
        client: string;
        scope: string;
        path: string;
        error?: string;
        servers: { name: string; shows?: string; disabled: boolean }[];
      }[];
      lookedIn: unknown[];
    };
    expect(
      found.map((f) => [
        f.client,
        f.scope,
        f.path.replace(home, '~').replace(project, '.'),
        f.error ?? f.servers.map((s) => s.name).join(','),
      ]),
    ).toEqual([
      ['Claude Code', 'project', './.mcp.json', 'project-server'],
      ['Claude Desktop', 'user', '~/.config/Claude/claude_desktop_config.json', 'desktop'],
      ['Claude Code', 'user', '~/.claude.json', 'user-server,local'],
      ['Cursor', 'user', '~/.cursor/mcp.json', 'cursor'],
      ['VS Code', 'user', '~/.config/Code/User/mcp.json', 'vscode'],
      ['Cline', 'user', '~/.cline/data/settings/cline_mcp_settings.json', 'cline'],
      [
        'Windsurf',
        'user',
        '~/.codeium/windsurf/mcp_config.json',
        'not valid JSON (with comments): an unexpected character at line 1, column 3',
      ],
    ]);
    expect(lookedIn.length).toBeGreaterThan(found.length);
    // Shown, never a secret: the token after --token, the URL's query, the env.
    expect(run.stdout).not.toContain('abcdef0123456789abcdef');
    expect(run.stdout).not.toContain('hidden');
    expect(run.stdout).not.toContain('sk-never-shown');
    expect(found[0]?.servers[0]?.shows).toBe('node server.js --token [redacted]');
    const text = await cli(['configs'], { cwd: project, home });
    expect(text.stdout).toContain(
      `Cline (user): ${join(home, '.cline/data/settings/cline_mcp_settings.json')}\n  cline  stdio  node server.js --token [redacted]  (disabled)`,
    );
    expect(text.stdout).toContain('7 files with 7 servers');
  });

  it('--config alone asks which found file on a terminal; in a script it says how instead', async () => {
    const { home, project } = await tempFolders();
    await put(join(project, '.mcp.json'), {
      mcpServers: { legacy: { command: node, args: legacyArgs } },
    });
    await put(join(home, '.cursor', 'mcp.json'), {
      mcpServers: { other: { command: 'never-started' } },
    });
    const script = await cli(['list', '--config'], { cwd: project, home });
    expect(script.code).toBe(64);
    expect(script.stderr).toContain(
      `--config without a file asks which of the 2 found to use, on a terminal; here, give it: --config ${join(project, '.mcp.json')}`,
    );
    const screen = await cliOnTerminal(['list', '--config'], { cwd: project, home }, [
      { when: 'Use which config file? [1-2]: ', type: '1' },
    ]);
    expect(screen).toContain(`1. Claude Code (project): ${join(project, '.mcp.json')} · legacy`);
    expect(screen).toContain('legacy://docs/readme');
    const empty = await tempFolders();
    const none = await cli(['list', '--config'], { cwd: empty.project, home: empty.home });
    expect(none.stderr).toContain('no client config file was found here');
  });
});
