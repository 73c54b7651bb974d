import { describe, expect, it } from 'vitest';
import {
  buildServerConfig,
  EMPTY_FORM,
  parseEnvLines,
  parseHeaderLines,
  splitCommandLine,
} from './connect-form-model';

describe('splitCommandLine', () => {
  it('splits on spaces and keeps quoted words together', () => {
    expect(splitCommandLine(`npx -y "my server" --dir 'a b'  x`)).toEqual({
      ok: true,
      words: ['npx', '-y', 'my server', '--dir', 'a b', 'x'],
    });
  });

  it('joins quotes adjacent to text and keeps empty quoted words', () => {
    expect(splitCommandLine(`--name="a b" ''`)).toEqual({ ok: true, words: ['--name=a b', ''] });
  });

  it('reports an unclosed quote', () => {
    expect(splitCommandLine(`node "server.js`).ok).toBe(false);
  });
});

describe('env and header lines', () => {
  it('parses KEY=VALUE, keeping = inside values', () => {
    expect(parseEnvLines('A=1\n\nTOKEN=x=y')).toEqual({ ok: true, env: { A: '1', TOKEN: 'x=y' } });
    expect(parseEnvLines('no equals').ok).toBe(false);
  });

  it('parses Name: Value and rejects names that are not tokens', () => {
    expect(parseHeaderLines('Authorization: Bearer a:b')).toEqual({
      ok: true,
      headers: { Authorization: 'Bearer a:b' },
    });
    expect(parseHeaderLines('Bad Name: x').ok).toBe(false);
  });
});

describe('buildServerConfig', () => {
  it('builds a stdio config and derives a name from the command', () => {
    const result = buildServerConfig({
      ...EMPTY_FORM,
      commandLine: '/usr/bin/node server.js --port 1',
      cwd: '/tmp',
      env: 'A=1',
    });
    expect(result).toEqual({
      ok: true,
      config: {
        name: 'node',
        transport: {
          kind: 'stdio',
          command: '/usr/bin/node',
          args: ['server.js', '--port', '1'],
          cwd: '/tmp',
          env: { A: '1' },
        },
      },
    });
  });

  it('requires a command for stdio', () => {
    expect(buildServerConfig(EMPTY_FORM)).toEqual({
      ok: false,
      errors: { commandLine: 'Enter the command to run' },
    });
  });

  it('accepts only http and https URLs', () => {
    expect(
      buildServerConfig({ ...EMPTY_FORM, transport: 'sse', url: 'file:///etc/passwd' }).ok,
    ).toBe(false);
    expect(
      buildServerConfig({
        ...EMPTY_FORM,
        transport: 'http',
        url: 'https://example.com/mcp',
        name: 'ex',
        headers: 'X-Key: 1',
      }),
    ).toEqual({
      ok: true,
      config: {
        name: 'ex',
        transport: { kind: 'http', url: 'https://example.com/mcp', headers: { 'X-Key': '1' } },
      },
    });
  });
});
