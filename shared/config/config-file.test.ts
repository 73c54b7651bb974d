import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  parseConfigFile,
  serversToConnect,
  type ConfigReadContext,
} from './config-file';

const base: ConfigReadContext = {
  path: '/work/project/.vscode/mcp.json',
  workspaceFolder: '/work/project',
  userHome: '/home/ada',
  pathSeparator: '/',
  env: { API_KEY: 'secret-value', EMPTY: '' },
  inputs: {},
  envFiles: {},
};
const read = (json: unknown, context: Partial<ConfigReadContext> = {}) =>
  parseConfigFile(typeof json === 'string' ? json : JSON.stringify(json), { ...base, ...context });
const only = (json: unknown, context: Partial<ConfigReadContext> = {}) =>
  read(json, context).entries[0];

describe('variables', () => {
  it("expands VS Code's and Cursor's variables", () => {
    const entry = only({
      servers: {
        s: {
          command: '${userHome}${/}bin${pathSeparator}run',
          args: ['${workspaceFolder}/server.js', '${workspaceFolderBasename}', '${env:API_KEY}'],
        },
      },
    });
    expect(entry?.config?.transport).toMatchObject({
      command: '/home/ada/bin/run',
      args: ['/work/project/server.js', 'project', 'secret-value'],
    });
    expect(entry?.warnings).toEqual([]);
  });

  it('an unset ${env:X} becomes empty, and says so', () => {
    const entry = only({
      servers: { s: { command: 'node', args: ['--key=${env:NOPE}', '${env:EMPTY}'] } },
    });
    expect(entry?.config?.transport).toMatchObject({ args: ['--key=', ''] });
    expect(entry?.warnings).toEqual(['$NOPE is not set: expanded to nothing']);
  });

  it("Claude Code's ${VAR} and ${VAR:-default}: an unset one stays as written, with a warning", () => {
    const entry = only(
      {
        mcpServers: {
          s: {
            command: 'node',
            args: [
              '${API_KEY}',
              '${PORT:-3000}',
              '${env:HOST:-localhost}',
              '${EMPTY:-fallback}',
              '${MISSING}',
            ],
          },
        },
      },
      { path: '/work/project/.mcp.json' },
    );
    expect(entry?.config?.transport).toMatchObject({
      args: ['secret-value', '3000', 'localhost', 'fallback', '${MISSING}'],
    });
    expect(entry?.warnings).toEqual(['$MISSING is not set: left as written']);
  });

  it('Cline leaves an unset ${env:X} as written', () => {
    const entry = only(
      { mcpServers: { s: { command: 'node', args: ['${env:NOPE}'] } } },
      { path: '/home/ada/.cline/data/settings/cline_mcp_settings.json' },
    );
    expect(entry?.config?.transport).toMatchObject({ args: ['${env:NOPE}'] });
    expect(entry?.warnings).toEqual(['$NOPE is not set: left as written']);
  });

  it('a variable no client defines is left and named; ${workspaceFolder} without a workspace too', () => {
    const entry = only(
      { servers: { s: { command: 'node', args: ['${command:pick}', '${workspaceFolder}/a'] } } },
      { workspaceFolder: undefined },
    );
    expect(entry?.config?.transport).toMatchObject({
      args: ['${command:pick}', '${workspaceFolder}/a'],
    });
    expect(entry?.warnings).toEqual([
      '${command:pick}: no client variable of that name here; left as written',
      '${workspaceFolder}: this file belongs to no workspace; left as written',
    ]);
  });
});

describe('inputs', () => {
  const file = {
    inputs: [
      { type: 'promptString', id: 'api-key', description: 'API key', password: true },
      {
        type: 'pickString',
        id: 'region',
        description: 'Region',
        options: ['eu', { label: 'US', value: 'us' }],
        default: 'eu',
      },
      { type: 'command', id: 'pick', command: 'extension.pick' },
    ],
    servers: {
      remote: {
        type: 'http',
        url: 'https://mcp.example/${input:region}/mcp',
        headers: { Authorization: 'Bearer ${input:api-key}' },
      },
      plain: { command: 'node' },
    },
  };

  it('a server that asks for inputs waits for them, and the file is still read', () => {
    const parsed = read(file);
    expect(parsed.inputs).toEqual([
      { id: 'api-key', description: 'API key', password: true },
      {
        id: 'region',
        description: 'Region',
        password: false,
        options: ['eu', 'us'],
        default: 'eu',
      },
      { id: 'pick', description: 'pick', password: false },
    ]);
    expect(parsed.warnings).toEqual([
      'input "pick" runs a VS Code command, which only VS Code can; it is asked for as text',
    ]);
    const [remote, plain] = parsed.entries;
    expect(remote).toMatchObject({
      needs: ['api-key', 'region'],
      shows: 'https://mcp.example/${input:region}/mcp',
    });
    expect(remote?.config).toBeUndefined();
    expect(plain?.config).toBeDefined();
    expect(() => serversToConnect(parsed, 'remote')).toThrow(
      'server "remote" needs --input api-key=… --input region=…',
    );
    expect(serversToConnect(parsed).skipped).toEqual([
      'server "remote" skipped: needs --input api-key=… --input region=…',
    ]);
  });

  it('given, they are expanded', () => {
    const parsed = read(file, { inputs: { 'api-key': 'tok-123', region: 'us' } });
    expect(parsed.entries[0]?.config?.transport).toEqual({
      kind: 'http',
      url: 'https://mcp.example/us/mcp',
      headers: { Authorization: 'Bearer tok-123' },
    });
    expect(parsed.entries[0]?.uses).toEqual(['api-key', 'region']);
    // What was typed for the secret input is the config's to hide, wherever its traffic shows.
    expect(parsed.entries[0]?.config?.secrets).toEqual(['tok-123']);
  });

  it('shows a server as its file writes it, never with a value from the environment or an input', () => {
    const parsed = read({
      servers: {
        s: { command: 'node', args: ['s.js', '${env:API_KEY}'] },
        u: { type: 'http', url: 'https://h.example/mcp/${env:API_KEY}/sse' },
      },
    });
    expect(parsed.entries.map((e) => e.shows)).toEqual([
      'node s.js ${env:API_KEY}',
      'https://h.example/mcp/${env:API_KEY}/sse',
    ]);
    expect(
      JSON.stringify(parsed.entries.map(({ config: _config, ...shown }) => shown)),
    ).not.toContain('secret-value');
  });
});

describe('formats', () => {
  it('reads JSONC: comments and trailing commas, as VS Code does', () => {
    const text =
      '{\n  // my servers\n  "servers": {\n    /* local */ "a": { "command": "node", "args": ["s.js",], },\n  },\n}\n';
    expect(read(text).entries[0]?.config?.transport).toMatchObject({
      command: 'node',
      args: ['s.js'],
    });
  });

  it('says where the JSON breaks', () => {
    expect(() => read('{\n  "servers": {\n    "a": \n  }\n}')).toThrow(
      'not valid JSON (with comments): a value expected at line 4, column 3',
    );
    expect(() => read('[]')).toThrow('the file must hold a JSON object');
    expect(() => read({ other: {} })).toThrow(ConfigError);
    expect(() => read({ mcpServers: {}, servers: {} })).toThrow('both "mcpServers" and "servers"');
  });

  it("tells each client's file by its path", () => {
    const client = (path: string) => read({ mcpServers: {} }, { path }).client;
    expect(client('/Users/ada/Library/Application Support/Claude/claude_desktop_config.json')).toBe(
      'Claude Desktop',
    );
    expect(client('/work/project/.mcp.json')).toBe('Claude Code');
    expect(client('/home/ada/.claude.json')).toBe('Claude Code');
    expect(client('/home/ada/.cursor/mcp.json')).toBe('Cursor');
    expect(client('C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json')).toBe('VS Code');
    expect(
      client(
        '/home/ada/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
      ),
    ).toBe('Cline');
    expect(client('/home/ada/.codeium/windsurf/mcp_config.json')).toBe('Windsurf');
    expect(client('/tmp/servers.json')).toBe('MCP config');
  });

  it("Claude Code's ~/.claude.json: the user's servers and this project's, the project's winning a name", () => {
    const json = {
      mcpServers: {
        shared: { command: 'user-version' },
        mine: { type: 'http', url: 'https://a.example/mcp' },
      },
      projects: {
        '/work/project': { mcpServers: { shared: { command: 'project-version' } } },
        '/elsewhere': { mcpServers: { other: { command: 'x' } } },
      },
      numStartups: 42,
    };
    const parsed = read(json, { path: '/home/ada/.claude.json' });
    expect(parsed.entries.map((e) => [e.name, e.scope, e.shows])).toEqual([
      ['shared', 'local', 'project-version'],
      ['mine', 'user', 'https://a.example/mcp'],
    ]);
  });

  it("VS Code's settings.json mcp.servers and mcp.inputs", () => {
    const parsed = read(
      {
        mcp: {
          inputs: [{ type: 'promptString', id: 'k' }],
          servers: { a: { command: 'node', env: { K: '${input:k}' } } },
        },
      },
      { path: '/home/ada/.config/Code/User/settings.json' },
    );
    expect(parsed.entries[0]?.needs).toEqual(['k']);
  });

  it('Cline: disabled servers are read but not connected, and a url alone is SSE', () => {
    const parsed = read(
      {
        mcpServers: {
          off: { command: 'node', disabled: true, autoApprove: [] },
          on: { url: 'http://127.0.0.1:9/sse', disabled: false, timeout: 60 },
          typed: { type: 'streamableHttp', url: 'http://127.0.0.1:9/mcp' },
        },
      },
      { path: '/home/ada/.cline/data/settings/cline_mcp_settings.json' },
    );
    expect(parsed.entries.map((e) => [e.name, e.disabled, e.kind])).toEqual([
      ['off', true, 'stdio'],
      ['on', false, 'sse'],
      ['typed', false, 'http'],
    ]);
    expect(parsed.entries[1]?.warnings).toEqual([
      'timeout is not used here: --timeout sets how long a request may take',
    ]);
    expect(serversToConnect(parsed).servers.map((s) => s.name)).toEqual(['on', 'typed']);
    // Named, a disabled server is used: the user asked for it.
    expect(serversToConnect(parsed, 'off').servers.map((s) => s.name)).toEqual(['off']);
  });

  it("Windsurf's serverUrl, and a url alone elsewhere is Streamable HTTP", () => {
    const parsed = read(
      {
        mcpServers: {
          w: { serverUrl: 'https://w.example/mcp?key=abc', headers: { 'X-Key': '${env:API_KEY}' } },
        },
      },
      { path: '/home/ada/.codeium/windsurf/mcp_config.json' },
    );
    expect(parsed.entries[0]).toMatchObject({
      kind: 'http',
      shows: 'https://w.example/mcp',
      config: {
        transport: { url: 'https://w.example/mcp?key=abc', headers: { 'X-Key': 'secret-value' } },
      },
    });
  });

  it('a url with a user name or password is refused without repeating it, as --url is', () => {
    const parsed = read({
      mcpServers: {
        db: { url: 'https://admin:${env:API_KEY}@db.example/mcp' },
        plain: { url: 'https://db.example/mcp' },
      },
    });
    const { skipped, servers } = serversToConnect(parsed);
    expect(skipped).toEqual([
      'server "db" skipped: its url carries a user name or password: give them as a header ("Authorization": …) instead',
    ]);
    expect(servers.map((server) => server.name)).toEqual(['plain']);
    expect(JSON.stringify(parsed)).not.toContain('secret-value');
  });

  it('a project file runs its servers in the project; a cwd given wins', () => {
    const parsed = read(
      {
        servers: { a: { command: 'node' }, b: { command: 'node', cwd: '${workspaceFolder}/sub' } },
      },
      { defaultCwd: '/work/project' },
    );
    expect(parsed.entries.map((e) => (e.config?.transport as { cwd?: string }).cwd)).toEqual([
      '/work/project',
      '/work/project/sub',
    ]);
  });

  it('the env file first, the config env over it; an env file that could not be read makes the server unusable', () => {
    const json = {
      servers: { a: { command: 'node', envFile: '${workspaceFolder}/.env', env: { B: 'own' } } },
    };
    expect(read(json).entries[0]).toMatchObject({
      envFile: '/work/project/.env',
      error: 'envFile /work/project/.env was not read',
    });
    const loaded = read(json, {
      envFiles: { '/work/project/.env': { values: { A: 'from-file', B: 'from-file' } } },
    });
    expect(loaded.entries[0]?.config?.transport).toMatchObject({
      env: { A: 'from-file', B: 'own' },
    });
    const failed = read(json, { envFiles: { '/work/project/.env': { error: 'not found' } } });
    expect(failed.entries[0]?.error).toBe('envFile /work/project/.env: not found');
  });
});

describe('each server is read on its own, and what is wrong is said', () => {
  const cases: [unknown, string][] = [
    [{ args: [] }, 'has neither a command nor a url'],
    [{ command: 'a', args: 'b' }, 'args must be a list of strings'],
    [{ command: 'a', url: 'http://a' }, 'has both a command and a url; give a type to say which'],
    [{ type: 'ws', url: 'ws://a' }, 'type ws (WebSocket) is not a transport this app speaks'],
    [{ type: 'pipe', command: 'a' }, 'type "pipe" is not one we know'],
    [{ type: 'http', command: 'a' }, 'command does not go with an HTTP server'],
    [{ command: 'a', headers: {} }, 'headers does not go with a stdio server'],
    [{ command: 'a', colour: 'red' }, '"colour" is not a field we know'],
    [
      { type: 'http', url: 'https://a.example', oauth: { clientId: 'x' } },
      'it signs in with OAuth, which this app cannot do yet',
    ],
    [{ type: 'http', url: 'https://a.example', headersHelper: 'get-token.sh' }, 'headersHelper'],
    [{ type: 'http', url: 'unix:///tmp/s.sock' }, 'transport.url: an http:// or https:// URL'],
    [{ command: 'a', env: { K: { nested: true } } }, 'env.K must be a string'],
    [{ command: 'a', disabled: 'true' }, 'disabled must be true or false'],
    [{ command: 'a', constructor: 'x' }, '"constructor" is not a field we know'],
    ['just a string', 'must be an object'],
  ];
  it.each(cases)('%j', (raw, message) => {
    const parsed = read({ mcpServers: { bad: raw, good: { command: 'node' } } });
    expect(parsed.entries[0]?.error).toContain(message);
    expect(parsed.entries[0]?.config).toBeUndefined();
    expect(parsed.entries[1]?.config).toBeDefined();
  });

  it('a name that is not there, a file with nothing usable', () => {
    const parsed = read({ mcpServers: { a: { command: 'a' }, b: { args: [] } } });
    expect(() => serversToConnect(parsed, 'c')).toThrow(
      'no server named "c"; the file has "a", "b"',
    );
    expect(() => serversToConnect(parsed, 'b')).toThrow(
      'server "b": has neither a command nor a url',
    );
    expect(() => serversToConnect(read({ mcpServers: { b: { args: [] } } }))).toThrow(
      'server "b": has neither a command nor a url',
    );
    expect(() => serversToConnect(read({ mcpServers: {} }))).toThrow(
      'the file configures no server',
    );
    expect(() =>
      serversToConnect(read({ mcpServers: { a: { command: 'a', disabled: true } } })),
    ).toThrow('every server in the file is disabled');
  });
});
