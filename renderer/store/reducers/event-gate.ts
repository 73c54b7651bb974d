/**
 * Orders the event stream against snapshots. Subscribe first, hold events while the snapshot
 * is fetched, then let through only events newer than it (HostApi.getSnapshot's rule).
 * After a lost connection the gate holds again until the next snapshot.
 */
import type { WindowEvent as HostEvent } from '../../../shared/window-api';

export interface EventGate {
  /** An event arrived; returns the events to apply now (none while holding or if stale). */
  push(event: HostEvent): HostEvent[];
  /** Start buffering: a snapshot is about to be fetched. */
  hold(): void;
  /** The snapshot at `seq` is applied; returns the buffered events newer than it, in order. */
  release(seq: number): HostEvent[];
}

export function createEventGate(): EventGate {
  let holding = true;
  let lastSeq = -Infinity;
  let buffer: HostEvent[] = [];
  return {
    push(event) {
      if (holding) {
        buffer.push(event);
        return [];
      }
      if (event.seq <= lastSeq) return [];
      lastSeq = event.seq;
      return [event];
    },
    hold() {
      holding = true;
    },
    release(seq) {
      holding = false;
      lastSeq = seq;
      const ready = buffer.filter((event) => event.seq > seq).sort((a, b) => a.seq - b.seq);
      buffer = [];
      const fresh: HostEvent[] = [];
      for (const event of ready) {
        if (event.seq <= lastSeq) continue;
        lastSeq = event.seq;
        fresh.push(event);
      }
      return fresh;
    },
  };
}
