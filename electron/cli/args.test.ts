import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args';

describe('parseArgs', () => {
  it('takes everything after -- as the stdio command, flags included', () => {
    const parsed = parseArgs(['list', '--json', '--', 'node', 'server.js', '--port', '3']);
    expect(parsed).toMatchObject({
      command: 'list',
      json: true,
      stdio: { command: 'node', args: ['server.js', '--port', '3'] },
    });
  });

  it('collects repeated headers', () => {
    const parsed = parseArgs([
      'list',
      '--url',
      'http://127.0.0.1:1/mcp',
      '--header',
      'Authorization: Bearer a:b',
      '--header=X-Y: z',
    ]);
    expect(parsed.headers).toEqual({ Authorization: 'Bearer a:b', 'X-Y': 'z' });
  });

  it('refuses contradictions and typos with a usage error', () => {
    expect(() => parseArgs(['list', '--config', 'a.json', '--url', 'http://x'])).toThrow(
      UsageError,
    );
    expect(() => parseArgs(['list', '--server', 'x'])).toThrow('--server goes with --config');
    expect(() => parseArgs(['list', '--header', 'nocolon', '--url', 'http://x'])).toThrow(
      '"Name: Value"',
    );
    expect(() => parseArgs(['list', '--jsn'])).toThrow('unknown option --jsn');
    expect(() => parseArgs(['serve', '--port', '99999'])).toThrow('--port needs a whole number');
  });

  it('takes check --protocol of either era, and refuses any other revision', () => {
    expect(parseArgs(['check', '--protocol', '2025-11-25']).protocol).toBe('2025-11-25');
    expect(parseArgs(['check', '--protocol=2026-07-28']).protocol).toBe('2026-07-28');
    expect(() => parseArgs(['check', '--protocol', '2025-06-18'])).toThrow(
      '--protocol is 2025-11-25 or 2026-07-28, got "2025-06-18"',
    );
    expect(() => parseArgs(['check', '--protocol'])).toThrow('--protocol needs a value');
  });

  it("takes login's and logout's flags on either side of the URL", () => {
    const url = 'https://mcp.example.com/mcp';
    const before = parseArgs(['login', '--no-browser', url]);
    const after = parseArgs(['login', url, '--no-browser']);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ command: 'login', positionals: [url], noBrowser: true });
    expect(
      parseArgs(['login', url, '--client-id', 'app', '--client-secret=s', '--scope', 'a b']),
    ).toMatchObject({ positionals: [url], clientId: 'app', clientSecret: 's', scope: 'a b' });
    expect(parseArgs(['logout', url, '--verbose'])).toMatchObject({
      command: 'logout',
      positionals: [url],
      verbose: true,
    });
    // What is not ours is still refused, on either side.
    expect(() => parseArgs(['login', url, '--no-browsr'])).toThrow('unknown option --no-browsr');
    expect(() => parseArgs(['logout', url, '--force'])).toThrow('unknown option --force');
  });

  it("keeps a flag after a stdio server's command the server's", () => {
    expect(parseArgs(['list', 'node', 'server.js', '--root', '/srv']).positionals).toEqual([
      'node',
      'server.js',
      '--root',
      '/srv',
    ]);
    expect(() => parseArgs(['list', 'node', 'server.js', '--json'])).toThrow(
      '--json comes after the server\'s command "node"',
    );
    expect(() => parseArgs(['read', 'a://1', 'node', 'server.js', '--verbose'])).toThrow(
      'comes after the server\'s command "node"',
    );
  });

  it('reads the assemble options, repeated marks included', () => {
    const parsed = parseArgs([
      'assemble',
      '--budget',
      '1200',
      '--threshold=0.3',
      '--include',
      'a://1',
      '--include',
      'a://2',
      '--exclude',
      'b://1',
      '--pin',
      'c://1',
      '--no-auto',
      '--format',
      'json',
      '--encoding',
      'cl100k_base',
      '--explain',
      '--token-tree',
    ]);
    expect(parsed).toMatchObject({
      budget: 1200,
      threshold: 0.3,
      includes: ['a://1', 'a://2'],
      excludes: ['b://1'],
      pins: ['c://1'],
      auto: false,
      format: 'json',
      encoding: 'cl100k_base',
      explain: true,
      tokenTree: true,
    });
    expect(parseArgs(['assemble', '--auto']).auto).toBe(true);
  });

  it('refuses assemble values it cannot use', () => {
    expect(() => parseArgs(['assemble', '--budget', '1.5'])).toThrow(
      '--budget needs a whole number of tokens',
    );
    expect(() => parseArgs(['assemble', '--threshold', '2'])).toThrow(
      '--threshold needs a number from 0 to 1',
    );
    expect(() => parseArgs(['assemble', '--threshold', ''])).toThrow(
      '--threshold needs a number from 0 to 1',
    );
    expect(() => parseArgs(['assemble', '--format', 'html'])).toThrow(
      '--format is markdown or json',
    );
    expect(() => parseArgs(['assemble', '--encoding', 'gpt2'])).toThrow(
      '--encoding is o200k_base or cl100k_base',
    );
  });
});
