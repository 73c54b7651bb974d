/** Helpers for driving a real host against real servers, as the faces do. */
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
  ms = 15_000,
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
