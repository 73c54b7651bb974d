/**
 * The `resources/updated` notifications of one server, on their way to the host. Per URI,
 * at most one goes on every {@link UPDATE_GAP_MS}; one that comes sooner waits for the end
 * of the gap, and the ones after it join it. An update names only its URI, so the one that
 * goes on stands for all of them: the last always wins and nothing is lost. An update for a
 * URI nobody subscribed to is the server's bug: it is counted and dropped.
 */
import type { ServerProblem } from '../../shared/mcp-types';

export const UPDATE_GAP_MS = 50;
/** More updates than this in one second is a flood, and the server's card says so. */
export const FLOOD_PER_SECOND = 100;

export interface UpdateGateDeps {
  emit(uri: string): void;
  /** The URIs subscribed to; an update may also name a resource below one (`…/src/index.ts` for `…/src`). */
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
  #second = { start: 0, received: 0, passed: 0 };

  constructor(deps: UpdateGateDeps) {
    this.#deps = deps;
  }

  push(uri: string): void {
    const now = this.#deps.now?.() ?? Date.now();
    this.#tally(now);
    if (!this.#subscribed(uri)) {
      this.#deps.problem('update-unsubscribed', `it sent resources/updated for ${uri.slice(0, 200)}, which is not subscribed (ignored)`, 1);
      return;
    }
    this.#second.received += 1;
    if (this.#waiting.has(uri)) return;
    const wait = (this.#last.get(uri) ?? -Infinity) + UPDATE_GAP_MS - now;
    if (wait <= 0) return this.#pass(uri, now);
    this.#waiting.set(
      uri,
      setTimeout(() => {
        this.#waiting.delete(uri);
        this.#pass(uri, this.#deps.now?.() ?? Date.now());
      }, wait),
    );
  }

  dispose(): void {
    for (const timer of this.#waiting.values()) clearTimeout(timer);
    this.#waiting.clear();
  }

  #pass(uri: string, now: number): void {
    this.#last.set(uri, now);
    this.#second.passed += 1;
    this.#deps.emit(uri);
  }

  /** A new second: the one before is told if it was a flood, and old gaps are let go of. */
  #tally(now: number): void {
    const second = this.#second;
    if (now - second.start < 1000) return;
    if (second.received > FLOOD_PER_SECOND) {
      const coalesced = Math.max(0, second.received - second.passed);
      this.#deps.problem('update-flood', `it sent ${second.received} resources/updated in one second; ${coalesced} were joined to others (at most one per URI every ${UPDATE_GAP_MS} ms)`, 1);
    }
    this.#second = { start: now, received: 0, passed: 0 };
    for (const [uri, at] of this.#last) if (now - at >= UPDATE_GAP_MS && !this.#waiting.has(uri)) this.#last.delete(uri);
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
