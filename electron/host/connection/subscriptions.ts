/**
 * What one server is subscribed to: the union of what the user looks at and what the context
 * holds, told to the server where it declares `subscribe` (legacy `resources/subscribe` and
 * `unsubscribe`, or a 2026-07-28 `subscriptions/listen` stream, whose filter cannot change:
 * a new stream is opened before the old one closes, so nothing falls between them). Changes
 * are applied one at a time, in order.
 */
import type { Client, McpSubscription } from '@modelcontextprotocol/client';
import type { ServerProblem } from '../../../shared/mcp-types';

/** Who watches a resource: the window (what the user looks at) or the context (what it holds). */
export type WatchPurpose = 'window' | 'context';

export interface SubscriptionsDeps {
  /** The client, while the connection is up; undefined otherwise. */
  client(): Client | undefined;
  timeoutMs: number;
  /** False once the connection is closing or down: failures then are ours, not the server's. */
  live(): boolean;
  problem(kind: ServerProblem['kind'], message: string): void;
}

export class Subscriptions {
  readonly #deps: SubscriptionsDeps;
  #current: string[] = [];
  readonly #by: Record<WatchPurpose, string[]> = { window: [], context: [] };
  /** The set the last queued change will apply. */
  #pending: string[] | undefined;
  #queue: Promise<void> = Promise.resolve();
  #stream?: McpSubscription;

  constructor(deps: SubscriptionsDeps) {
    this.#deps = deps;
  }

  /** The URIs subscribed to now (or about to be). */
  get current(): readonly string[] {
    return this.#current;
  }

  /** By purpose, copied. */
  get watched(): Record<WatchPurpose, string[]> {
    return { window: [...this.#by.window], context: [...this.#by.context] };
  }

  /** Replaces what one purpose watches; resolves once the server was told. */
  watch(uris: string[], purpose: WatchPurpose): Promise<void> {
    this.#by[purpose] = [...new Set(uris)];
    const next = [...new Set([...this.#by.window, ...this.#by.context])];
    // The same set again (the context curated anew, the same resources in it): nothing to tell
    // the server; in 2026-07-28 a change reopens the listen stream.
    const known = new Set(this.#pending ?? this.#current);
    if (next.length === known.size && next.every((uri) => known.has(uri))) return this.#queue;
    this.#pending = next;
    return this.#enqueue(() => this.#apply(next));
  }

  /** What a replaced connection watched, kept until this one is up (resync tells the server). */
  seed(by: Record<WatchPurpose, string[]>): void {
    this.#by.window = [...by.window];
    this.#by.context = [...by.context];
  }

  /**
   * The connection is up: the server is told what is watched, from nothing (legacy: a
   * subscribe each; 2026-07-28: the listen stream, which brings list changes too). In the
   * queue of changes, so a watch made meanwhile follows it.
   */
  resync(client: Client): Promise<void> {
    this.#pending = undefined;
    return this.#enqueue(async () => {
      const next = [...new Set([...this.#by.window, ...this.#by.context])];
      if (client.getProtocolEra() === 'modern') {
        this.#current = next;
        return this.#listen(client);
      }
      this.#current = [];
      return this.#apply(next);
    });
  }

  async close(): Promise<void> {
    await this.#stream?.close().catch(() => {});
    this.#stream = undefined;
  }

  #enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(step);
    this.#queue = run.catch(() => {});
    return run;
  }

  async #apply(next: string[]): Promise<void> {
    const client = this.#deps.client();
    // Not up (yet): nothing is told, and resync tells it all once the connection is.
    if (!client || !this.#deps.live()) {
      if (this.#pending === next) this.#pending = undefined;
      return;
    }
    const previous = this.#current;
    this.#current = next;
    const resources = client.getServerCapabilities()?.resources;
    if (!resources?.subscribe) return;
    if (client.getProtocolEra() === 'modern') return this.#listen(client);
    const options = { timeout: this.#deps.timeoutMs };
    const removed = previous.filter((uri) => !next.includes(uri));
    const added = next.filter((uri) => !previous.includes(uri));
    await Promise.all([
      ...removed.map((uri) => client.unsubscribeResource({ uri }, options).catch(() => {})),
      ...added.map((uri) =>
        client.subscribeResource({ uri }, options).catch((error: unknown) => {
          // A subscribe cut short by our own close is not the server's fault.
          if (!this.#deps.live()) return;
          const message = error instanceof Error ? error.message : String(error);
          this.#deps.problem(
            'subscribe-failed',
            `it declares subscribe, but resources/subscribe ${uri.slice(0, 200)} failed: ${message.slice(0, 200)}`,
          );
        }),
      ),
    ]);
  }

  async #listen(client: Client): Promise<void> {
    const resources = client.getServerCapabilities()?.resources;
    const filter = {
      ...(resources?.listChanged && { resourcesListChanged: true }),
      ...(resources?.subscribe &&
        this.#current.length > 0 && { resourceSubscriptions: this.#current }),
    };
    const old = this.#stream;
    this.#stream = undefined;
    if (Object.keys(filter).length > 0) {
      try {
        this.#stream = await client.listen(filter, { timeout: this.#deps.timeoutMs });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (this.#deps.live())
          this.#deps.problem(
            filter.resourceSubscriptions ? 'subscribe-failed' : 'listen-failed',
            `subscriptions/listen failed: ${message.slice(0, 200)}`,
          );
      }
    }
    await old?.close().catch(() => {});
  }
}
