import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescer, type CoalescerTimers } from './coalesce';

const timers: CoalescerTimers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

describe('createCoalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first request on the next tick, then at most once per interval', () => {
    const run = vi.fn();
    const coalescer = createCoalescer(run, 200, timers);
    coalescer.request();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    // A page every 10 ms for a second: five runs, not a hundred.
    for (let t = 0; t < 1000; t += 10) {
      coalescer.request();
      vi.advanceTimersByTime(10);
    }
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(run.mock.calls.length).toBeLessThanOrEqual(6);
  });

  it('runs once more after the last request, so the final page is never left out', () => {
    const run = vi.fn();
    const coalescer = createCoalescer(run, 200, timers);
    coalescer.request();
    vi.advanceTimersByTime(0);
    coalescer.request();
    coalescer.request();
    vi.advanceTimersByTime(199);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('waits longer after a run that took long, so streaming leaves the page time to respond', () => {
    let runs = 0;
    const counting = createCoalescer(() => {
      runs++;
      vi.advanceTimersByTime(100);
    }, 200, timers, 4);
    counting.request();
    vi.advanceTimersByTime(0);
    counting.request();
    vi.advanceTimersByTime(350);
    expect(runs).toBe(1);
    vi.advanceTimersByTime(50);
    expect(runs).toBe(2);
  });

  it('flushes a pending run at once, and cancel drops it', () => {
    const run = vi.fn();
    const coalescer = createCoalescer(run, 200, timers);
    coalescer.request();
    coalescer.flush();
    expect(run).toHaveBeenCalledTimes(1);
    coalescer.flush();
    expect(run).toHaveBeenCalledTimes(1);
    coalescer.flush(true);
    expect(run).toHaveBeenCalledTimes(2);
    coalescer.request();
    coalescer.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
