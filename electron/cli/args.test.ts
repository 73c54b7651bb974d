import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args';

describe('parseArgs', () => {
  it('takes everything after -- as the stdio command, flags included', () => {
    const parsed = parseArgs(['list', '--json', '--', 'node', 'server.js', '--port', '3']);
    expect(parsed).toMatchObject({ command: 'list', json: true, stdio: { command: 'node', args: ['server.js', '--port', '3'] } });
  });

  it('collects repeated headers', () => {
    const parsed = parseArgs(['list', '--url', 'http://127.0.0.1:1/mcp', '--header', 'Authorization: Bearer a:b', '--header=X-Y: z']);
    expect(parsed.headers).toEqual({ Authorization: 'Bearer a:b', 'X-Y': 'z' });
  });

  it('refuses contradictions and typos with a usage error', () => {
    expect(() => parseArgs(['list', '--config', 'a.json', '--url', 'http://x'])).toThrow(UsageError);
    expect(() => parseArgs(['list', '--server', 'x'])).toThrow('--server goes with --config');
    expect(() => parseArgs(['list', '--header', 'nocolon', '--url', 'http://x'])).toThrow('"Name: Value"');
    expect(() => parseArgs(['list', '--jsn'])).toThrow('unknown option --jsn');
    expect(() => parseArgs(['serve', '--port', '99999'])).toThrow('--port needs a whole number');
  });
});
