/** Helpers for driving a real host against real servers, as the faces do. */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import type { HostEvent, HostSnapshot } from '../../shared/host-api';
import type { ServerConfig } from '../../shared/mcp-types';
import { createHost, type Host, type HostOptions } from '../../electron/host/host';
import { settledSnapshot } from '../../electron/cli/settle';

/** A node command line that runs one of our TypeScript fixtures. */
export function fixture(file: string, ...args: string[]): ServerConfig {
  return {
    name: file,
    transport: {
      kind: 'stdio',
      command: process.execPath,
      args: ['--import', 'tsx', `test/fixtures/${file}`, ...args],
    },
  };
}

/** The command line after `mcp-context COMMAND`: `-- node … fixture args`, for the CLI's tests. */
export function fixtureCommand(file: string, ...args: string[]): string[] {
  const { transport } = fixture(file, ...args);
  return transport.kind === 'stdio' ? ['--', transport.command, ...transport.args] : [];
}

/** The real third-party legacy server, over stdio. */
export const everything: ServerConfig = {
  name: 'everything',
  transport: {
    kind: 'stdio',
    command: process.execPath,
    args: ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'],
  },
};

/** A host with its event log, for one test. */
export function startHost(
  servers: ServerConfig[],
  options: Omit<HostOptions, 'servers'> = {},
): { host: Host; events: HostEvent[] } {
  const host = createHost({ servers, requestTimeoutMs: 15_000, ...options });
  const events: HostEvent[] = [];
  host.onEvent((event) => events.push(event));
  return { host, events };
}

/** Everything settled: connected or failed, and every catalog listed. */
export function settled(host: Host): Promise<HostSnapshot> {
  return settledSnapshot(host);
}

/**
 * The longest a test waits for one thing to happen: a guard against a hang, far above what a loaded
 * machine takes (the project's testTimeout is above it, so the reason a wait failed is the error).
 */
export const WAIT_MS = 60_000;

/** Resolves with the first event that matches, or rejects after `ms`. */
export function nextEvent<T extends HostEvent>(
  host: Host,
  match: (event: HostEvent) => event is T,
  ms?: number,
): Promise<T>;
export function nextEvent(
  host: Host,
  match: (event: HostEvent) => boolean,
  ms?: number,
): Promise<HostEvent>;
export function nextEvent(
  host: Host,
  match: (event: HostEvent) => boolean,
  ms = WAIT_MS,
): Promise<HostEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no matching event within ${ms} ms`));
    }, ms);
    const stop = host.onEvent((event) => {
      if (!match(event)) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

/** A port free on 127.0.0.1 now, for a server that must be told its port before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .on('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });
}

/** Runs the built `mcp-context` with `args`: its exit status and what it printed. */
export function runCli(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      ['bin/mcp-context.mjs', ...args],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}
