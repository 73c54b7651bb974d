/**
 * `mcp-context watch` as a user runs it: the built CLI, real servers; it streams what happens
 * until interrupted. (npm test builds before it runs the tests.)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WatchLine } from '../../shared/timeline-wire';
import { UPDATE_GAP_MS } from '../../electron/host/connection/update-gate';
import { FLOOD_UPDATES } from '../fixtures/hostile-fixture';
import { startHttpFixture } from '../fixtures/http-server';
import { fixtureCommand, WAIT_MS } from './harness';

/** Runs watch until `enough` says so, then interrupts it as a user's Ctrl+C does. */
function watch(
  args: string[],
  enough: (lines: WatchLine[], stderr: string) => boolean,
  ms = WAIT_MS,
): Promise<{ code: number | null; lines: WatchLine[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/mcp-context.mjs', 'watch', '--json', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stderr = '';
    const lines: WatchLine[] = [];
    let interrupted = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`watch did not see enough in ${ms} ms: ${out} ${stderr}`));
    }, ms);
    const interrupt = () => {
      // Once: a second Ctrl+C ends it hard, as a terminal user expects.
      if (!interrupted && enough(lines, stderr)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    };
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      interrupt();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const complete = out.split('\n');
      out = complete.pop() ?? '';
      for (const line of complete) lines.push(JSON.parse(line) as WatchLine);
      interrupt();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, lines, stderr });
    });
  });
}

/** The command line of our hostile fixture server in `mode`. */
const hostile = (mode: string) => fixtureCommand('hostile-server.ts', '--mode', mode);

describe('mcp-context watch', () => {
  it('streams the updates of a subscribed resource, one JSON object a line, and ends at Ctrl+C with status 0', async () => {
    const { code, lines, stderr } = await watch(
      [
        '--subscribe',
        'legacy://logs/today',
        '--',
        process.execPath,
        '--import',
        'tsx',
        'test/fixtures/legacy-server.ts',
        '--tick-ms',
        '100',
      ],
      (seen) => seen.filter((line) => line.kind === 'updated').length >= 3,
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(lines[0]).toMatchObject({
      kind: 'connected',
      server: expect.stringContaining('legacy-server.ts'),
      detail: 'protocol 2025-11-25',
    });
    const updates = lines.filter((line) => line.kind === 'updated');
    for (const line of updates) {
      expect(Object.keys(line)).toEqual(['time', 'server', 'kind', 'uri']);
      expect(line.uri).toBe('legacy://logs/today');
    }
  });

  it('says when the server breaks the spec, and refuses a URI no server lists', async () => {
    const storm = await watch(
      hostile('list-changed-storm'),
      (seen) =>
        seen.some((line) => line.kind === 'problem') &&
        seen.some((line) => line.kind === 'listed-again'),
    );
    expect(storm.code).toBe(0);
    expect(storm.lines.find((line) => line.kind === 'problem')?.detail).toMatch(
      /without declaring resources\.listChanged/,
    );
    expect(storm.lines.find((line) => line.kind === 'listed-again')?.detail).toBe(
      'no change (list-changed)',
    );
    // Of two servers, neither lists it: there is no telling which was meant.
    const config = join(await mkdtemp(join(tmpdir(), 'mcp-watch-')), 'mcp.json');
    const legacy = {
      command: process.execPath,
      args: ['--import', 'tsx', 'test/fixtures/legacy-server.ts'],
    };
    await writeFile(config, JSON.stringify({ mcpServers: { one: legacy, two: legacy } }));
    const refused = await watch(['--subscribe', 'nowhere://x', '--config', config], () => false);
    expect(refused.code).toBe(64);
    expect(refused.stderr).toContain('--subscribe nowhere://x: no connected server lists it');
  });

  it('prints a flood of updates joined, as the app shows them, and none for a URI never asked for', async () => {
    const flood = await watch(
      ['--subscribe', 'hostile://plain/one', ...hostile('update-flood')],
      (seen) =>
        seen.some(
          (line) =>
            line.kind === 'problem' && /resources\/updated in one second/.test(line.detail ?? ''),
        ),
    );
    expect(flood.code).toBe(0);
    const updates = flood.lines.filter((line) => line.kind === 'updated');
    // 1,000 sent over a second or more: at most one a URI every 50 ms goes on (measured on the
    // lines' own times, so a slow machine that stretches the flood allows more), and the rest are
    // told as one problem line.
    expect(updates.length).toBeGreaterThan(0);
    expect(updates.length).toBeLessThan(FLOOD_UPDATES);
    const span = Date.parse(updates.at(-1)?.time ?? '') - Date.parse(updates[0]?.time ?? '');
    expect(updates.length).toBeLessThanOrEqual(Math.floor(span / UPDATE_GAP_MS) + 2);

    // Updates for a URI nobody subscribed to: a problem line, never an update line.
    const unasked = await watch(hostile('unsubscribed-updates'), (seen) =>
      seen.some((line) => line.kind === 'problem' && /not subscribed/.test(line.detail ?? '')),
    );
    expect(unasked.code).toBe(0);
    expect(unasked.lines.filter((line) => line.kind === 'updated')).toEqual([]);
  });

  it('stays up on a server that keeps no stream open, and says in one line what it cannot see', async () => {
    const stateless = await startHttpFixture({ era: 'stateless-legacy' });
    try {
      const { code, lines, stderr } = await watch([stateless.url], (seen, said) =>
        said.includes('keeps no stream open'),
      );
      // Interrupted by us, after it said so: it had not quit on its own (it once did, status 13).
      expect(code).toBe(0);
      expect(lines[0]).toMatchObject({ kind: 'connected', detail: 'protocol 2025-11-25' });
      expect(stderr).toBe(
        `mcp-context: ${new URL(stateless.url).host} keeps no stream open (it answered the standing GET with HTTP 405): list changes, updates and log lines it would send unasked cannot reach watch\n`,
      );
    } finally {
      await stateless.close();
    }
  });
});
