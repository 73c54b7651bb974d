/**
 * The `resources/updated` notifications of one server, on their way to the host. Per URI,
 * at most one goes on every {@link UPDATE_GAP_MS}; one that comes sooner waits for the end
 * of the gap, and the ones after it join it. An update names only its URI, so the one that
 * goes on stands for all of them: the last always wins and nothing is lost. Across URIs, at
 * most {@link MAX_PASSES_PER_SECOND} a second go on (a server inventing a new sub-resource URI
 * per update would otherwise pass every one); the rest wait for the next second, at most
 * {@link MAX_WAITING} of them (past that, a sub-resource URI's are dropped, never those of a
 * URI subscribed to by name). An update for a URI nobody subscribed to is the server's bug:
 * it is counted and dropped. Each second with more than {@link FLOOD_PER_SECOND} is a flood,
 * told when the second ends.
 */
import type { ServerProblem } from '../../../shared/mcp-types';

export const UPDATE_GAP_MS = 50;
export const FLOOD_PER_SECOND = 100;
export const MAX_PASSES_PER_SECOND = 1000;
const MAX_WAITING = 10_000;

export interface UpdateGateDeps {
  emit(uri: string): void;
  /**
   * The URIs subscribed to; an update may also name a resource below one (`…/src/index.ts` for
   * `…/src`).
   */
  watched(): readonly string[];
  problem(kind: ServerProblem['kind'], message: string, times: number): void;
  now?(): number;
}

export class UpdateGate {
  readonly #deps: UpdateGateDeps;
  readonly #last = new Map<string, number>();
  readonly #waiting = new Map<string, NodeJS.Timeout>();
  #watchedList: readonly string[] | undefined;
  #watchedSet = new Set<string>();
  #second = { start: 0, received: 0, passed: 0, dropped: 0 };
  #secondTimer?: NodeJS.Timeout;
  #disposed = false;

  constructor(deps: UpdateGateDeps) {
    this.#deps = deps;
  }

  push(uri: string): void {
    if (this.#disposed) return;
    if (!this.#subscribed(uri)) {
      this.#deps.problem(
        'update-unsubscribed',
        `it sent resources/updated for ${uri.slice(0, 200)}, which is not subscribed (ignored)`,
        1,
      );
      return;
    }
    const now = this.#now();
    this.#openSecond(now);
    this.#second.received += 1;
    if (this.#waiting.has(uri)) return;
    const wait = (this.#last.get(uri) ?? -Infinity) + UPDATE_GAP_MS - now;
    if (wait <= 0 && this.#second.passed < MAX_PASSES_PER_SECOND) return this.#pass(uri, now);
    this.#wait(
      uri,
      Math.max(
        wait,
        0,
        this.#second.passed >= MAX_PASSES_PER_SECOND ? this.#second.start + 1000 - now : 0,
      ),
    );
  }

  dispose(): void {
    this.#disposed = true;
    for (const timer of this.#waiting.values()) clearTimeout(timer);
    this.#waiting.clear();
    clearTimeout(this.#secondTimer);
  }

  #now(): number {
    return this.#deps.now?.() ?? Date.now();
  }

  #wait(uri: string, ms: number): void {
    // Past the bound, only sub-resource URIs are dropped: a URI subscribed to by name always waits
    // (there are at most as many as were subscribed), so its last update is never lost.
    if (this.#waiting.size >= MAX_WAITING && !this.#watchedSet.has(uri)) {
      this.#second.dropped += 1;
      return;
    }
    this.#waiting.set(
      uri,
      setTimeout(() => {
        this.#waiting.delete(uri);
        const now = this.#now();
        this.#openSecond(now);
        if (this.#second.passed >= MAX_PASSES_PER_SECOND)
          return this.#wait(uri, this.#second.start + 1000 - now);
        this.#pass(uri, now);
      }, ms),
    );
  }

  #pass(uri: string, now: number): void {
    this.#last.set(uri, now);
    this.#second.passed += 1;
    this.#deps.emit(uri);
  }

  /**
   * Starts counting a second, unless one is open; a timer closes it, so a burst followed by silence
   * is told too.
   */
  #openSecond(now: number): void {
    if (this.#secondTimer !== undefined) return;
    this.#second = { start: now, received: 0, passed: 0, dropped: 0 };
    this.#secondTimer = setTimeout(() => this.#closeSecond(), 1000);
  }

  #closeSecond(): void {
    this.#secondTimer = undefined;
    const second = this.#second;
    if (second.received > FLOOD_PER_SECOND) {
      const joined = Math.max(0, second.received - second.passed - second.dropped);
      const dropped =
        second.dropped > 0
          ? `; ${second.dropped} were dropped (over ${MAX_WAITING.toLocaleString('en')} URIs waiting)`
          : '';
      this.#deps.problem(
        'update-flood',
        `it sent ${second.received} resources/updated in one second; about ${joined} were joined to others (at most one per URI every ${UPDATE_GAP_MS} ms)${dropped}`,
        1,
      );
    }
    const now = this.#now();
    for (const [uri, at] of this.#last)
      if (now - at >= UPDATE_GAP_MS && !this.#waiting.has(uri)) this.#last.delete(uri);
  }

  #subscribed(uri: string): boolean {
    const list = this.#deps.watched();
    if (list !== this.#watchedList) {
      this.#watchedList = list;
      this.#watchedSet = new Set(list);
    }
    if (this.#watchedSet.has(uri)) return true;
    // A resource below a subscribed one (the spec allows updates for sub-resources).
    for (let cut = uri.lastIndexOf('/'); cut > 0; cut = uri.lastIndexOf('/', cut - 1)) {
      if (this.#watchedSet.has(uri.slice(0, cut))) return true;
    }
    return false;
  }
}
