/**
 * A signal to the CLI ends the servers it started: killed outright, it left a server that ignores
 * its closed stdin running on its own.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, watch } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('mcp-context and signals', () => {
  for (const [signal, status] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)
    it(`at ${signal}, ends the server it started before it exits ${status}`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'signals-'));
      const pidFile = join(dir, 'server.pid');
      // Watched before the CLI starts, so the server's write is never missed.
      const changes = watch(dir);
      // A server that never answers the handshake, and outlives a closed stdin.
      const server = `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); process.stdin.on('end', () => {}); setInterval(() => {}, 1000);`;
      const cli = spawn(
        process.execPath,
        ['bin/mcp-context.mjs', 'list', '--', process.execPath, '-e', server],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = once(cli, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      // Started: it wrote its pid (written whole by one call, then read whole).
      const pidText = () => readFile(pidFile, 'utf8').catch(() => '');
      for await (const _change of changes) if (/^\d+$/.test(await pidText())) break;
      const pid = Number(await pidText());
      try {
        cli.kill(signal);
        const [code] = await exited;
        expect(code).toBe(status);
        expect(stderr).toContain('ending the servers it started');
        // Gone by the time the CLI is: it waited for the server to end.
        expect(alive(pid)).toBe(false);
      } finally {
        if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
    });
});
