/** Starts `mcp-context serve` as a user would, for one spec, and stops it afterwards. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../bin/mcp-context.mjs', import.meta.url));

export interface Served {
  url: string;
  origin: string;
  token: string;
  port: number;
  /** The serve process, for the bench's memory figures. */
  pid: number;
  stderr: () => string;
  stop(): Promise<void>;
}

/**
 * Runs `mcp-context serve [args]` (Node given `nodeArgs`, e.g. --cpu-prof; `env` added to ours)
 * and resolves with the URL it prints. Each run keeps its session in a fresh file unless `env`
 * names one (MCP_CONTEXT_SESSION), so specs never see each other's curation.
 */
export function startServe(
  args: string[] = [],
  nodeArgs: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<Served> {
  const session = {
    MCP_CONTEXT_SESSION: join(mkdtempSync(join(tmpdir(), 'mcp-context-e2e-')), 'session.json'),
  };
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, cli, 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...session, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    // A guard against a hang, far above what a loaded machine takes.
    const timer = setTimeout(
      () => reject(new Error(`serve printed no URL in 60 s; stderr: ${stderr}`)),
      60_000,
    );
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:(\d+))\/\?token=([\w-]+)/.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[0],
        origin: match[1] as string,
        port: Number(match[2]),
        pid: child.pid as number,
        token: match[3] as string,
        stderr: () => stderr,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
