/**
 * login's and logout's options on the command line: on either side of the URL, and what they
 * would ignore refused with a usage line (exit 64) before anything is fetched.
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function cli(...args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/mcp-context.mjs', ...args], (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

// Nothing listens here: a command that got past its options would fail to connect (exit 1).
const url = 'http://127.0.0.1:9/mcp';

describe('login and logout options', () => {
  it.each([
    [['login', url, '--json'], '--json does not go with login'],
    [['login', '--trace', 'trace.jsonl', url], '--trace does not go with login'],
    [['logout', url, '--timeout', '5'], '--timeout does not go with logout'],
    [['login', url, '--header', 'X-Team: a'], '--header does not go with login'],
    [['login', '--sse', url], '--sse does not go with login'],
    [['logout', url, '--transport', 'sse'], '--sse does not go with logout'],
    [['login', url, '--no-browsr'], 'unknown option --no-browsr'],
    [['logout', url, '--no-browser'], '--no-browser goes with login'],
  ])('%j is refused: %s', async (args, message) => {
    const { code, stderr } = await cli(...args);
    expect(code).toBe(64);
    expect(stderr).toContain(message);
  });
});
