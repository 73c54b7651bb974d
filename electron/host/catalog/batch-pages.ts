/**
 * Turns host events into what a window hears (shared/window-api.ts: a page says how many
 * resources it added, never which) and joins a listing's pages into fewer events. A server
 * that lists 100,000 resources in pages of 500 sends 200 pages; each costs the window a
 * message and a store update. A listing's first page goes out at once (the first rows show
 * as soon as they exist); later ones wait at most `delayMs`. Any other event sends what is
 * waiting first, so the order of events never changes.
 */
import type { HostApi, HostEvent } from '../../../shared/host-api';
import {
  windowEvent,
  windowSnapshot,
  type CatalogPageSummary,
  type WindowApi,
  type WindowEvent,
} from '../../../shared/window-api';

type PageEvent = { seq: number } & CatalogPageSummary;

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

export function batchCatalogPages(
  send: (event: WindowEvent) => void,
  options: PageBatchOptions = {},
): PageBatcher {
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
    push(hostEvent) {
      const event = windowEvent(hostEvent);
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
      if (
        waiting &&
        (waiting.serverId !== event.serverId || waiting.generation !== event.generation)
      )
        flush();
      if (!waiting) {
        waiting = { ...event, templates: [...event.templates], warnings: [...event.warnings] };
      } else {
        waiting.added += event.added;
        for (const template of event.templates) waiting.templates.push(template);
        for (const warning of event.warnings) waiting.warnings.push(warning);
        waiting.pages = event.pages;
        waiting.seq = event.seq;
      }
      if (waiting.added + waiting.templates.length >= maxItems) flush();
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
 * The host as a window's calls see it: snapshots without resources, and the batch sent
 * before every snapshot is taken. A snapshot includes every page emitted so far, and a batch
 * that mixed pages from before and after it would count the earlier ones twice (the window
 * drops only events older than it).
 */
export function windowCalls(
  host: HostApi,
  batcher: Pick<PageBatcher, 'flush'>,
): Omit<WindowApi, 'onEvent'> {
  const wrapped = Object.create(host) as Omit<WindowApi, 'onEvent'>;
  wrapped.getSnapshot = async () => {
    batcher.flush();
    return windowSnapshot(await host.getSnapshot());
  };
  return wrapped;
}
