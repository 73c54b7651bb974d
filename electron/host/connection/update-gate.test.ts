import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PASSES_PER_SECOND, UPDATE_GAP_MS, UpdateGate } from './update-gate';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function gate(watched: string[]) {
  const emitted: { uri: string; at: number }[] = [];
  const problems: { kind: string; message: string }[] = [];
  const updates = new UpdateGate({
    emit: (uri) => emitted.push({ uri, at: Date.now() }),
    watched: () => watched,
    problem: (kind, message) => problems.push({ kind, message }),
  });
  return { updates, emitted, problems };
}

describe('the update gate', () => {
  it('passes one update per URI per gap, and always the last', () => {
    const { updates, emitted } = gate(['a://1']);
    for (let i = 0; i < 1000; i += 1) {
      updates.push('a://1');
      vi.advanceTimersByTime(1);
    }
    const lastPush = Date.now() - 1;
    vi.advanceTimersByTime(UPDATE_GAP_MS * 2);
    expect(emitted.length).toBeGreaterThanOrEqual(1000 / UPDATE_GAP_MS - 1);
    expect(emitted.length).toBeLessThanOrEqual(1000 / UPDATE_GAP_MS + 2);
    // The one that stands for the last update went on after it.
    expect((emitted.at(-1) as { at: number }).at).toBeGreaterThanOrEqual(lastPush);
    for (let i = 1; i < emitted.length; i += 1)
      expect(
        (emitted[i] as { at: number }).at - (emitted[i - 1] as { at: number }).at,
      ).toBeGreaterThanOrEqual(UPDATE_GAP_MS);
  });

  it('bounds what a server inventing sub-resource URIs can pass a second, and loses none of them', () => {
    const { updates, emitted } = gate(['a://root']);
    for (let i = 0; i < 2500; i += 1) updates.push(`a://root/${i}`);
    expect(emitted).toHaveLength(MAX_PASSES_PER_SECOND);
    vi.advanceTimersByTime(1000);
    expect(emitted).toHaveLength(2 * MAX_PASSES_PER_SECOND);
    vi.advanceTimersByTime(1000);
    expect(new Set(emitted.map((entry) => entry.uri)).size).toBe(2500);
  });

  it('tells a flood when its second ends, even when silence follows it', () => {
    const { updates, problems } = gate(['a://1', 'a://2']);
    // Two go on at once and two at the end of their gap: the other 296 are joined to those.
    for (let i = 0; i < 300; i += 1) updates.push(i % 2 ? 'a://1' : 'a://2');
    expect(problems).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(problems).toEqual([
      {
        kind: 'update-flood',
        message:
          'it sent 300 resources/updated in one second; about 296 were joined to others (at most one per URI every 50 ms)',
      },
    ]);
  });

  it('drops an update for a URI never subscribed to, and says so', () => {
    const { updates, emitted, problems } = gate(['a://1']);
    updates.push('a://2');
    updates.push('a://10');
    expect(emitted).toEqual([]);
    expect(problems.map((problem) => problem.message)).toEqual([
      'it sent resources/updated for a://2, which is not subscribed (ignored)',
      'it sent resources/updated for a://10, which is not subscribed (ignored)',
    ]);
  });
});
