import { describe, expect, it } from 'vitest';
import { deriveServerName, redactWords } from './server-name';

describe('a server name derived from its command line', () => {
  it('never carries its environment or a secret', () => {
    expect(
      deriveServerName('env', [
        'API_KEY=sk-live-51Habc123def456ghi789',
        'DEBUG=1',
        'node',
        'server.js',
      ]),
    ).toBe('node server.js');
    expect(deriveServerName('/usr/bin/env', ['-i', 'TOKEN=x', 'npx', '-y', '@scope/server'])).toBe(
      'npx -y @scope/server',
    );
    expect(
      deriveServerName('node', ['server.js', '--api-key', 'abc', '--token=xyz', '--port', '3000']),
    ).toBe('node server.js --api-key [redacted] --token=[redacted] --port 3000');
    expect(
      deriveServerName('server', ['ghp_16C7e42F292c6912E7710c838347Ae178B4a', 'GITHUB_TOKEN=abc']),
    ).toBe('server [redacted] GITHUB_TOKEN=[redacted]');
  });

  it('takes credentials out of URLs, headers and short flags too', () => {
    expect(
      deriveServerName('mcp-remote', [
        'https://u:p@h/mcp?k=abc',
        '--header',
        'Authorization: Bearer abc',
      ]),
    ).toBe('mcp-remote https://[redacted]@h/mcp?k=[redacted] --header [redacted]');
    expect(
      deriveServerName('server', ['postgres://admin:pw@db/app', '-p', 'hunter2', 'token=short1']),
    ).toBe('server postgres://[redacted]@db/app -p [redacted] token=[redacted]');
  });

  it('names the program, not its path (which says whose machine it is)', () => {
    expect(deriveServerName('/home/ada/.nvm/versions/node/v22.12.0/bin/node', ['server.js'])).toBe(
      'node server.js',
    );
    expect(deriveServerName('C:\\Program Files\\nodejs\\node.exe', ['server.js'])).toBe(
      'node.exe server.js',
    );
    expect(deriveServerName('env', ['A=1', '/usr/local/bin/uvx', 'mcp-server-git'])).toBe(
      'uvx mcp-server-git',
    );
  });

  it('tells which values it hid, for a trace or stderr to hide too, and not what is plainly none', () => {
    expect(
      redactWords([
        'postgres://admin:pw-0123@db/app?sslkey=abcdef',
        '--token',
        'tok-1',
        'NODE_ENV=development',
        '-p',
        '@scope/pkg',
      ]).secrets,
    ).toEqual(['pw-0123', 'abcdef', 'tok-1']);
    expect(redactWords(['NODE_ENV=development', '-p', '@scope/pkg']).shown).toEqual([
      'NODE_ENV=[redacted]',
      '-p',
      '[redacted]',
    ]);
  });

  it('names files by their base names, so no name says whose machine it is', () => {
    expect(
      deriveServerName('/usr/bin/node', ['/home/ada/kb/kb-server.mjs', '--port', '3000']),
    ).toBe('node kb-server.mjs --port 3000');
    expect(deriveServerName('node', ['--import', 'tsx', 'test/fixtures/context-server.ts'])).toBe(
      'node --import tsx context-server.ts',
    );
    expect(
      deriveServerName('npx', ['-y', '@modelcontextprotocol/server-filesystem', '/home/ada/notes']),
    ).toBe('npx -y @modelcontextprotocol/server-filesystem notes');
    expect(
      deriveServerName('python', ['C:\\Users\\ada\\mcp\\server.py', '--config=~/mcp.json']),
    ).toBe('python server.py --config=mcp.json');
    // A package by its name; an entry file with the folder it starts.
    expect(
      deriveServerName('node', [
        '/home/ada/app/node_modules/@modelcontextprotocol/server-everything/dist/index.js',
        'stdio',
      ]),
    ).toBe('node @modelcontextprotocol/server-everything stdio');
    expect(deriveServerName('node', ['/home/ada/code/kb-server/dist/index.js'])).toBe(
      'node kb-server/index.js',
    );
    // Never a home's owner; a URL's password in a --flag=URL hidden too.
    expect(deriveServerName('node', ['/home/ada/index.js'])).toBe('node index.js');
    expect(deriveServerName('node', ['C:\\Users\\ada\\main.js'])).toBe('node main.js');
    expect(deriveServerName('node', ['server.js', '--db=postgres://app:hunter2pw@db/app'])).toBe(
      'node server.js --db=postgres://[redacted]@db/app',
    );
    // A URL is not a path: its host says which server it is.
    expect(deriveServerName('mcp-remote', ['https://mcp.example.com/sse'])).toBe(
      'mcp-remote https://mcp.example.com/sse',
    );
  });

  it('keeps what is plainly not a secret, and stays short', () => {
    expect(
      deriveServerName('npx', ['-y', '@modelcontextprotocol/server-everything', 'stdio']),
    ).toBe('npx -y @modelcontextprotocol/server-everything stdio');
    expect(deriveServerName('node', ['x'.repeat(200)]).length).toBe(80);
  });
});
