/**
 * What the SDK's `onerror` says is the server's protocol noise, except one thing: an answer to a
 * request we cancelled (a timeout, the user's Cancel). The spec lets it come, and tells the client
 * to ignore it; the SDK, having forgotten the request, calls it "a response for an unknown message
 * ID". The trace tap shows us both sides, so such an answer is recognised as it arrives.
 */
import type { TraceDirection } from '../../../shared/trace-wire';

/** Cancelled requests remembered; older ones are forgotten first. */
const MAX_CANCELLED = 1000;
/**
 * How much of the SDK's words go on to the problem, which hides secrets in them, then cuts them to
 * a line: never the whole of a 30 MB read it quotes, and never cut where a secret could straddle.
 */
const MAX_SAID = 65_536;

export class LateAnswers {
  readonly #cancelled = new Set<string>();
  /** The answer being handled now came after its request was cancelled. */
  #late = false;

  /** Told every message, both ways, before the SDK handles it. */
  see(direction: TraceDirection, message: unknown): void {
    if (typeof message !== 'object' || message === null) return;
    const fields = message as Record<string, unknown>;
    if (direction === 'send' && fields.method === 'notifications/cancelled') {
      const id = (fields.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof id !== 'string' && typeof id !== 'number') return;
      this.#cancelled.add(String(id));
      if (this.#cancelled.size > MAX_CANCELLED)
        this.#cancelled.delete(this.#cancelled.values().next().value as string);
      return;
    }
    if (direction !== 'receive' || fields.method !== undefined || fields.id === undefined) return;
    const id = String(fields.id);
    this.#late = this.#cancelled.delete(id);
  }

  /** Whether `error` is the SDK's word for the late answer just seen. */
  explains(error: Error): boolean {
    const late =
      this.#late && error.message.startsWith('Received a response for an unknown message ID');
    this.#late = false;
    return late;
  }
}

/** A problem's words for the SDK's: one line, bounded. */
export function notProtocol(error: Error): string {
  return `it sent what the protocol does not allow: ${error.message.slice(0, MAX_SAID)}`;
}
