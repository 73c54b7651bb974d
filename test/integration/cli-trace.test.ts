/**
 * `--trace FILE` as a user runs it: the built CLI, a real stdio server; every JSON-RPC
 * message both ways, one JSON object a line. (npm test builds before it runs the tests.)
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceLine } from '../../shared/trace-wire';

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/mcp-context.mjs', ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('mcp-context --trace', () => {
  it('writes every message of a listing, both ways, as JSONL', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'mcp-trace-')), 'trace.jsonl');
    const { code, stderr } = await cli(
      'list',
      '--json',
      '--trace',
      file,
      '--',
      process.execPath,
      '--import',
      'tsx',
      'test/fixtures/legacy-server.ts',
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as TraceLine & {
            message: { id?: number; method?: string; result?: { nextCursor?: string } };
          },
      );
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['time', 'server', 'direction', 'message']);
      expect(Number.isNaN(Date.parse(line.time))).toBe(false);
      expect(line.server).toContain('legacy-server.ts');
    }
    const sent = lines.filter((line) => line.direction === 'send');
    expect(sent.some((line) => line.message.method === 'initialize')).toBe(true);
    // The four pages of resources: each request answered, with the cursor that leads to the next.
    const lists = sent.filter((line) => line.message.method === 'resources/list');
    expect(lists).toHaveLength(4);
    for (const request of lists) {
      const answer = lines.find(
        (line) =>
          line.direction === 'receive' &&
          line.message.id === request.message.id &&
          'result' in line.message,
      );
      expect(answer, `response to ${request.message.id}`).toBeDefined();
    }
  });

  it('refuses a file it cannot write, in one line, before starting any server', async () => {
    const started = join(await mkdtemp(join(tmpdir(), 'mcp-trace-')), 'started');
    const { code, stderr } = await cli(
      'list',
      '--trace',
      '/nonexistent-dir/trace.jsonl',
      '--',
      process.execPath,
      '-e',
      `require("fs").writeFileSync(${JSON.stringify(started)}, "x")`,
    );
    expect(code).toBe(1);
    expect(stderr).toBe(
      'mcp-context: cannot write the trace to /nonexistent-dir/trace.jsonl: ENOENT\n',
    );
    expect(existsSync(started)).toBe(false);
  });
});
