/**
 * What a server did against the spec, kept by kind for its card: how often, since when, and
 * the latest message. A server that breaks a rule 400 times a second must not cost 400
 * snapshots a second: the first time of a kind is told at once, later ones at most once per
 * {@link TELL_EVERY_MS}.
 */
import type { ServerProblem } from '../../../shared/mcp-types';

export const TELL_EVERY_MS = 1000;

export class ServerProblems {
  readonly #byKind = new Map<ServerProblem['kind'], ServerProblem>();
  readonly #tell: () => void;
  #timer?: NodeJS.Timeout;
  #told = 0;
  #disposed = false;

  readonly #redact: (text: string) => string;

  /**
   * `tell` puts the current list into the server's snapshot; `redact` hides the config's secrets
   * in a message (a server's words may echo them).
   */
  constructor(tell: () => void, redact: (text: string) => string = (text) => text) {
    this.#tell = tell;
    this.#redact = redact;
  }

  /** Notes one occurrence; `message` says what it was, in one line. */
  note(kind: ServerProblem['kind'], message: string, times = 1): void {
    // After its connection closed, nothing it says is news (and a new connection has the card).
    if (this.#disposed) return;
    const now = new Date().toISOString();
    const known = this.#byKind.get(kind);
    // Hidden first, then made one line and cut: a secret across lines or the cut is still found.
    const said = this.#redact(message).replace(/\s+/g, ' ');
    const line = said.length > 300 ? `${said.slice(0, 299)}…` : said;
    if (known) {
      known.count += times;
      known.last = now;
      known.message = line;
    } else this.#byKind.set(kind, { kind, message: line, count: times, first: now, last: now });
    if (!known) this.#flush();
    else
      this.#timer ??= setTimeout(
        () => this.#flush(),
        Math.max(0, this.#told + TELL_EVERY_MS - Date.now()),
      );
  }

  /** The count of one kind so far. */
  count(kind: ServerProblem['kind']): number {
    return this.#byKind.get(kind)?.count ?? 0;
  }

  /** Every kind seen, copied. */
  list(): ServerProblem[] {
    return [...this.#byKind.values()].map((problem) => ({ ...problem }));
  }

  dispose(): void {
    this.#disposed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#told = Date.now();
    this.#tell();
  }
}
