/**
 * `--trace FILE`: every JSON-RPC message with every server, both ways, one JSON object a
 * line as it happens: `{"time", "server", "direction", "message"}`. The messages are whole
 * (the host's own trace cuts huge ones) and carry no secret of the servers' configs.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { HostError } from '../../shared/host-error';
import type { TraceStore } from '../host/observe/trace-store';

export interface TraceFile {
  follow(trace: TraceStore): void;
  close(): void;
}

export function openTraceFile(path: string): TraceFile {
  let fd: number;
  try {
    fd = openSync(path, 'w', 0o600);
  } catch (error) {
    throw new HostError(
      'invalid-input',
      `cannot write the trace to ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  let stop: (() => void) | undefined;
  let failed = false;
  return {
    follow(trace) {
      stop = trace.onRecord((record, json) => {
        if (failed) return;
        const head = JSON.stringify({
          time: new Date(record.time).toISOString(),
          server: trace.nameOf(record.serverId),
          direction: record.direction,
        });
        try {
          // The message is spliced in as written: it was made JSON once already.
          writeSync(fd, `${head.slice(0, -1)},"message":${json}}\n`);
        } catch (error) {
          failed = true;
          process.stderr.write(
            `mcp-context: the trace stopped: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})\n`,
          );
        }
      });
    },
    close() {
      stop?.();
      closeSync(fd);
    },
  };
}
