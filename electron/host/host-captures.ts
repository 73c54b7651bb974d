/**
 * What a host does with captures: takes one of itself (capture.ts), and keeps the captures a
 * window opened, each a host of its own replaying it (replay.ts), at most
 * {@link MAX_OPEN_CAPTURES}: opening another closes the oldest. They close with the host.
 */
import { randomUUID } from 'node:crypto';
import { parseCapture, type Capture } from '../../shared/capture/capture-format';
import { MAX_OPEN_CAPTURES, type CaptureTaken } from '../../shared/host-api';
import { HostError } from '../../shared/host-error';
import { takeCapture, type CaptureSources } from './capture/capture';

/** What the captures need of a host that replays one: to be ready, and closed. */
export interface ReplayHost {
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface HostCaptures<H extends ReplayHost> {
  take(): Promise<CaptureTaken>;
  open(text: string): Promise<{ captureId: string; servers: number }>;
  /** An opened capture's host; undefined once closed, or for an id never given. */
  host(captureId: string): H | undefined;
  close(): Promise<void>;
}

export function createHostCaptures<H extends ReplayHost>(deps: {
  sources(): Promise<CaptureSources>;
  replay(capture: Capture): H;
}): HostCaptures<H> {
  const open = new Map<string, H>();
  return {
    async take() {
      const { capture, json } = await takeCapture(await deps.sources());
      const stamp = capture.capturedAt.replace(/[:.]/g, '-').replace(/-\d+Z$/, 'Z');
      return {
        json,
        fileName: `capture-${stamp}.json`,
        servers: capture.servers.length,
        contents: capture.contents.length,
        bytes: Buffer.byteLength(json),
      };
    },
    async open(text) {
      const parsed = parseCapture(text);
      if ('problem' in parsed)
        throw new HostError(
          'invalid-input',
          `the capture cannot be opened: ${parsed.problem.message}`,
        );
      if (open.size >= MAX_OPEN_CAPTURES) {
        const [oldest, host] = open.entries().next().value as [string, H];
        open.delete(oldest);
        void host.close().catch(() => {});
      }
      const captureId = randomUUID();
      const host = deps.replay(parsed.capture);
      open.set(captureId, host);
      await host.ready;
      return { captureId, servers: parsed.capture.servers.length };
    },
    host: (captureId) => open.get(captureId),
    async close() {
      const hosts = [...open.values()];
      open.clear();
      await Promise.all(hosts.map((host) => host.close()));
    },
  };
}
