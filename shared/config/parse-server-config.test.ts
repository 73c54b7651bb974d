import { describe, expect, it } from 'vitest';
import { ConfigError, parseServerConfig } from './parse-server-config';

const context = { folder: '/work/project', env: { API_KEY: 'secret' } };

describe('parseServerConfig', () => {
  it('reads Claude Desktop and Cursor mcpServers, stdio and URL servers', () => {
    const text = JSON.stringify({
      mcpServers: {
        files: { command: 'npx', args: ['-y', 'server-files', '/tmp'], env: { DEBUG: '1' } },
        remote: { url: 'https://mcp.example/mcp', headers: { Authorization: 'Bearer x' } },
        old: { url: 'https://mcp.example/sse', type: 'sse' },
      },
    });
    expect(parseServerConfig(text, context)).toEqual([
      { name: 'files', transport: { kind: 'stdio', command: 'npx', args: ['-y', 'server-files', '/tmp'], env: { DEBUG: '1' } } },
      { name: 'remote', transport: { kind: 'http', url: 'https://mcp.example/mcp', headers: { Authorization: 'Bearer x' } } },
      { name: 'old', transport: { kind: 'sse', url: 'https://mcp.example/sse' } },
    ]);
  });

  it("reads VS Code's servers with its variables", () => {
    const text = JSON.stringify({
      servers: { api: { type: 'http', url: 'http://127.0.0.1:3000/mcp', headers: { 'X-Key': '${env:API_KEY}' } }, local: { type: 'stdio', command: 'node', args: ['${workspaceFolder}/s.js'] } },
    });
    const [api, local] = parseServerConfig(text, context);
    expect(api?.transport).toEqual({ kind: 'http', url: 'http://127.0.0.1:3000/mcp', headers: { 'X-Key': 'secret' } });
    expect(local?.transport).toEqual({ kind: 'stdio', command: 'node', args: ['/work/project/s.js'] });
  });

  it('picks one server by name, and names the ones there are when it is missing', () => {
    const text = JSON.stringify({ mcpServers: { a: { command: 'a' }, b: { command: 'b' } } });
    expect(parseServerConfig(text, context, 'b').map((s) => s.name)).toEqual(['b']);
    expect(() => parseServerConfig(text, context, 'c')).toThrow('no server named "c"; the file has "a", "b"');
  });

  it('explains what is wrong with a bad file', () => {
    expect(() => parseServerConfig('{', context)).toThrow(ConfigError);
    expect(() => parseServerConfig('{"other":{}}', context)).toThrow('no "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code)');
    expect(() => parseServerConfig('{"mcpServers":{"x":{"args":[]}}}', context)).toThrow('server "x" has neither a command nor a url');
    expect(() => parseServerConfig('{"mcpServers":{"x":{"command":"a","args":"b"}}}', context)).toThrow('args must be a list of strings');
    expect(() => parseServerConfig('{"servers":{"x":{"url":"http://a","headers":{"K":"${input:key}"}}}}', context)).toThrow('asks the user for input');
  });
});
