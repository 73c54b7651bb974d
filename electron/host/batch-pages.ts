/**
 * Joins a listing's catalog pages into fewer, larger events on their way to a window. A
 * server that lists 100,000 resources in pages of 500 sends 200 pages; every event costs the
 * window a message, a store update and a copy of the growing resource list, so 200 of them
 * cost far more than 10 of 10,000 resources. A listing's first page goes out at once (the
 * first rows show as soon as they exist); later ones wait at most `delayMs`. Any other event
 * sends what is waiting first, so the order of events never changes.
 */
import type { HostApi, HostEvent } from '../../shared/host-api';

type PageEvent = Extract<HostEvent, { type: 'catalog-page' }>;

export interface PageBatchOptions {
  /** Longest a page waits for company. Default 100 ms: less than the tree's own coalescing. */
  delayMs?: number;
  /** A batch this large goes out at once. Default 10,000 resources and templates. */
  maxItems?: number;
}

export interface PageBatcher {
  push(event: HostEvent): void;
  /** Sends what is waiting, now. */
  flush(): void;
  /** Drops what is waiting and stops the timer. */
  dispose(): void;
}

export function batchCatalogPages(send: (event: HostEvent) => void, options: PageBatchOptions = {}): PageBatcher {
  const delayMs = options.delayMs ?? 100;
  const maxItems = options.maxItems ?? 10_000;
  let waiting: PageEvent | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The generation whose first page has gone out, per server.
  const started = new Map<string, number>();

  function flush(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = undefined;
    if (batch) send(batch);
  }

  return {
    push(event) {
      if (event.type !== 'catalog-page') {
        flush();
        send(event);
        return;
      }
      if (started.get(event.serverId) !== event.generation) {
        flush();
        started.set(event.serverId, event.generation);
        send(event);
        return;
      }
      if (waiting && (waiting.serverId !== event.serverId || waiting.generation !== event.generation)) flush();
      if (!waiting) {
        waiting = { ...event, resources: [...event.resources], templates: [...event.templates], warnings: [...event.warnings] };
      } else {
        for (const resource of event.resources) waiting.resources.push(resource);
        for (const template of event.templates) waiting.templates.push(template);
        for (const warning of event.warnings) waiting.warnings.push(warning);
        waiting.pages = event.pages;
        waiting.seq = event.seq;
      }
      if (waiting.resources.length + waiting.templates.length >= maxItems) flush();
      else timer ??= setTimeout(flush, delayMs);
    },
    flush,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      waiting = undefined;
    },
  };
}

/**
 * The host as a window's calls see it, with the batch sent before every snapshot is taken: a
 * snapshot includes every page emitted so far, and a batch that mixed pages from before and
 * after it would bring the earlier ones twice (the window drops only events older than it).
 */
export function flushingBeforeSnapshots(host: HostApi, batcher: Pick<PageBatcher, 'flush'>): HostApi {
  const wrapped: HostApi = Object.create(host) as HostApi;
  wrapped.getSnapshot = () => {
    batcher.flush();
    return host.getSnapshot();
  };
  return wrapped;
}
