/**
 * Computes the catalog tree's view outside React, so neither a streamed page nor a keystroke
 * rebuilds anything during a render:
 * - catalog changes rebuild the tree at most every REBUILD_INTERVAL_MS (coalesce.ts), and
 *   queue their new pages for the search index. The queue is indexed in idle time once no
 *   listing is running, so indexing never slows a listing down; a search before then
 *   indexes what is queued first, so it always sees every resource the tree shows;
 * - a sort change rebuilds at once;
 * - the search text is matched on the next task, so a burst of keystrokes searches once for
 *   the latest text, against the index (never a rescan of the catalogs).
 * The component then renders the result through useDeferredValue.
 */
import type { ServerId } from '../../shared/host-api';
import { createCatalogTreeBuilder } from '../../shared/catalog/build-tree';
import { filterCatalogTree, RANKED_MATCHES_UP_TO } from '../../shared/catalog/filter-tree';
import { createSearchIndex, narrows, normalizeQuery, type SearchIndex } from '../../shared/catalog/search-index';
import type { CatalogNode } from '../../shared/catalog/tree-types';
import type { AppState, AppStore } from './app-store';
import { createCoalescer, type CoalescerTimers } from './coalesce';
import { indexUpdates, type IndexUpdate } from './index-feed';
import { countPicks } from './pick-state';
import { EMPTY_MATCHES, type CatalogView } from './tree-slice';

/** Streaming pages rebuild the tree at most this often. */
export const REBUILD_INTERVAL_MS = 200;

export interface CatalogViewOptions {
  intervalMs?: number;
  timers?: CoalescerTimers;
  /** Runs `work` when the page is idle; defaults to requestIdleCallback, else a timer. */
  whenIdle?(work: (budgetMs: () => number) => void): () => void;
}

/** How much queued indexing one idle slice may do before yielding to the page. */
const INDEX_SLICE = 2000;

function browserIdle(work: (budgetMs: () => number) => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback((deadline) => work(() => deadline.timeRemaining()), { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(() => {
    const end = performance.now() + 10;
    work(() => end - performance.now());
  }, 16);
  return () => clearTimeout(handle);
}

export function startCatalogView(store: AppStore, options: CatalogViewOptions = {}): () => void {
  const index: SearchIndex = createSearchIndex();
  // Keeps each server's folders between builds: a streamed page costs only the folders it lands in.
  const builder = createCatalogTreeBuilder();
  let fed: AppState['catalogs'] = {};
  let tree: CatalogNode[] = [];
  let resourceTotal = 0;
  let names = '';
  let searchTimer: ReturnType<typeof setTimeout> | undefined;

  // Pages waiting for the index, in arrival order.
  let queued: IndexUpdate[] = [];
  let cancelIdle: (() => void) | undefined;
  const whenIdle = options.whenIdle ?? browserIdle;

  function feed(catalogs: AppState['catalogs']): void {
    for (const update of indexUpdates(fed, catalogs)) {
      if (update.type === 'clear') {
        index.clear(update.serverId);
        queued = queued.filter((waiting) => waiting.serverId !== update.serverId);
      } else {
        queued.push(update);
      }
    }
    fed = catalogs;
    scheduleIndexing(catalogs);
  }

  /** Indexes one update, or the first `limit` resources of it (the rest stays queued). */
  function indexSome(limit: number): number {
    const update = queued[0];
    if (!update || update.type !== 'add') return 0;
    if (update.resources.length <= limit) {
      queued.shift();
      index.add(update.serverId, update.resources, update.templates);
      return update.resources.length + update.templates.length;
    }
    index.add(update.serverId, update.resources.slice(0, limit), []);
    queued[0] = { ...update, resources: update.resources.slice(limit) };
    return limit;
  }

  function indexQueued(): void {
    while (queued.length > 0) indexSome(Infinity);
  }

  function scheduleIndexing(catalogs: AppState['catalogs']): void {
    if (cancelIdle || queued.length === 0) return;
    // While a server is still listing, the CPU is better spent on the listing.
    if (Object.values(catalogs).some((catalog) => catalog.status === 'listing')) return;
    const slice = (budget: () => number) => {
      cancelIdle = undefined;
      do indexSome(INDEX_SLICE);
      while (queued.length > 0 && budget() > 1);
      scheduleIndexing(store.getState().catalogs);
    };
    cancelIdle = whenIdle(slice);
  }

  function build(): void {
    const state = store.getState();
    const resources: Record<ServerId, AppState['catalogs'][string]['resources']> = {};
    const templates: Record<ServerId, AppState['catalogs'][string]['templates']> = {};
    resourceTotal = 0;
    for (const id of state.serverOrder) {
      const catalog = state.catalogs[id];
      resources[id] = catalog?.resources ?? [];
      templates[id] = catalog?.templates ?? [];
      resourceTotal += catalog?.resources.length ?? 0;
    }
    const servers = state.serverOrder.map((id) => ({ id, name: state.servers[id]?.name ?? id }));
    const start = performance.now();
    tree = builder.build({ servers, resources, templates, sort: state.sort });
    // User Timing entries, so the cost at scale shows in DevTools and in our measurements.
    measure('catalog-tree-build', start);
  }

  // The last filtered tree in catalog order, and the query it answers: a query that narrows
  // it can only keep rows it kept, so filtering it instead of the whole tree gives the same
  // rows for less. (A ranked result is never a base: its ties are in score order.)
  let base: { tree: CatalogNode[]; query: string; shown: CatalogNode[] } | undefined;

  function refilter(): void {
    clearTimeout(searchTimer);
    const state = store.getState();
    const query = state.searchText.trim();
    const start = performance.now();
    if (query) indexQueued();
    const matches = query ? index.search(query) : EMPTY_MATCHES;
    const normalized = normalizeQuery(query);
    const from = base && base.tree === tree && narrows(normalized, base.query) ? base.shown : tree;
    const shown = query ? filterCatalogTree(from, matches) : tree;
    if (query && matches.size > RANKED_MATCHES_UP_TO) base = { tree, query: normalized, shown };
    const view: CatalogView = { tree, shown, query, matches, resourceTotal };
    const pickCounts = countPicks(shown, state.picked, state.pickCounts);
    measure('catalog-search', start);
    store.setState({ view, pickCounts });
  }

  const rebuild = createCoalescer(
    () => {
      build();
      refilter();
    },
    options.intervalMs ?? REBUILD_INTERVAL_MS,
    options.timers,
  );

  function serverNames(state: AppState): string {
    return JSON.stringify(state.serverOrder.map((id) => state.servers[id]?.name ?? id));
  }

  function onChange(state: AppState, previous: AppState): void {
    if (state.catalogs !== fed) {
      feed(state.catalogs);
      // The last page of a listing shows at once: waiting out the streaming interval there
      // would only delay the moment the whole catalog is in the tree.
      // So do a server's first rows: nothing on screen yet, so there is nothing to coalesce with.
      if (listingEnded(previous.catalogs, state.catalogs) || firstRowsArrived(previous.catalogs, state.catalogs)) rebuild.flush(true);
      else rebuild.request();
    }
    if (state.serverOrder !== previous.serverOrder || state.servers !== previous.servers) {
      const next = serverNames(state);
      if (next !== names) {
        names = next;
        rebuild.request();
      }
    }
    if (state.sort !== previous.sort) rebuild.flush(true);
    if (state.searchText !== previous.searchText) {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(refilter, 0);
    }
  }

  feed(store.getState().catalogs);
  names = serverNames(store.getState());
  rebuild.flush(true);
  const unsubscribe = store.subscribe(onChange);
  return () => {
    unsubscribe();
    rebuild.cancel();
    cancelIdle?.();
    clearTimeout(searchTimer);
  };
}

/** True when some server's listing was in progress before and has ended now. */
function listingEnded(before: AppState['catalogs'], after: AppState['catalogs']): boolean {
  for (const [serverId, catalog] of Object.entries(after)) {
    if (catalog.status !== 'listing' && before[serverId]?.status === 'listing') return true;
  }
  return false;
}

/** True when some server had no resources before and has some now. */
function firstRowsArrived(before: AppState['catalogs'], after: AppState['catalogs']): boolean {
  for (const [serverId, catalog] of Object.entries(after)) {
    if (catalog.resources.length > 0 && !before[serverId]?.resources.length) return true;
  }
  return false;
}

/** Keeps only the latest entry per name: an observer sees them all, the buffer does not grow. */
function measure(name: string, start: number): void {
  performance.clearMeasures(name);
  performance.measure(name, { start, end: performance.now() });
}
