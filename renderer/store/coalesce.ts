/**
 * Runs an expensive job at most once per interval however often it is asked for: the catalog
 * tree is rebuilt from every server's resources, so rebuilding per streamed page (hundreds at
 * 100,000 resources) would spend the whole load rebuilding. The first request after a quiet
 * spell runs on the next tick, so the first page still shows at once.
 */

/** The clock and timer the coalescer uses; tests pass fakes. */
export interface CoalescerTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface Coalescer {
  /** Asks for a run; several requests before it happens make one run. */
  request(): void;
  /** Runs now if a run is pending (or always, with `force`), skipping the wait. */
  flush(force?: boolean): void;
  /** Drops a pending run. */
  cancel(): void;
}

const realTimers: CoalescerTimers = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Waits `intervalMs` between runs, or `costFactor` times what the last run took if longer:
 * at 100,000 resources a rebuild costs a few hundred ms, and a fixed interval would leave the
 * page no time for anything else while pages stream in.
 */
export function createCoalescer(run: () => void, intervalMs: number, timers: CoalescerTimers = realTimers, costFactor = 4): Coalescer {
  let lastRun = -Infinity;
  let gap = intervalMs;
  let pending: unknown = null;

  function fire(): void {
    pending = null;
    const start = timers.now();
    run();
    lastRun = timers.now();
    gap = Math.max(intervalMs, costFactor * (lastRun - start));
  }

  return {
    request() {
      if (pending !== null) return;
      // Always async: a burst of events applied in one task (a snapshot's backlog) ends first.
      const wait = Math.max(0, lastRun + gap - timers.now());
      pending = timers.setTimeout(fire, wait);
    },
    flush(force = false) {
      if (pending === null && !force) return;
      if (pending !== null) timers.clearTimeout(pending);
      fire();
    },
    cancel() {
      if (pending !== null) timers.clearTimeout(pending);
      pending = null;
    },
  };
}
