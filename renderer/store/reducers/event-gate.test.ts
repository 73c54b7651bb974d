import { describe, expect, it } from 'vitest';
import type { WindowEvent as HostEvent } from '../../../shared/window-api';
import { createEventGate } from './event-gate';

function event(seq: number): HostEvent {
  return { seq, type: 'stderr', serverId: 's', lines: [String(seq)] };
}

describe('createEventGate', () => {
  it('holds events until the snapshot, then releases only newer ones in order', () => {
    const gate = createEventGate();
    expect(gate.push(event(5))).toEqual([]);
    expect(gate.push(event(3))).toEqual([]);
    expect(gate.push(event(4))).toEqual([]);
    expect(gate.release(3).map((e) => e.seq)).toEqual([4, 5]);
  });

  it('passes later events through and drops duplicates or older ones', () => {
    const gate = createEventGate();
    gate.release(10);
    expect(gate.push(event(10))).toEqual([]);
    expect(gate.push(event(11)).map((e) => e.seq)).toEqual([11]);
    expect(gate.push(event(11))).toEqual([]);
  });

  it('accepts a lower sequence after a re-sync with a restarted host', () => {
    const gate = createEventGate();
    gate.release(50);
    gate.hold();
    gate.push(event(2));
    expect(gate.release(1).map((e) => e.seq)).toEqual([2]);
  });
});
