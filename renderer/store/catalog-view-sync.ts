/**
 * Computes the catalog tree's view outside React, so neither a streamed page nor a keystroke
 * rebuilds anything during a render:
 * - catalog changes feed the search index at once (only the new page), and rebuild the tree
 *   at most every REBUILD_INTERVAL_MS (coalesce.ts);
 * - a sort change rebuilds at once;
 * - the search text is matched on the next task, so a burst of keystrokes searches once for
 *   the latest text, against the index (never a rescan of the catalogs).
 * The component then renders the result through useDeferredValue.
 */
import type { ServerId } from '../../shared/host-api';
import { buildCatalogTree } from '../../shared/catalog/build-tree';
import { filterCatalogTree } from '../../shared/catalog/filter-tree';
import { createSearchIndex, type SearchIndex } from '../../shared/catalog/search-index';
import type { CatalogNode } from '../../shared/catalog/tree-types';
import type { AppState, AppStore } from './app-store';
import { createCoalescer, type CoalescerTimers } from './coalesce';
import { indexUpdates } from './index-feed';
import { countPicks } from './pick-state';
import { EMPTY_MATCHES, type CatalogView } from './tree-slice';

/** Streaming pages rebuild the tree at most this often. */
export const REBUILD_INTERVAL_MS = 200;

export interface CatalogViewOptions {
  intervalMs?: number;
  timers?: CoalescerTimers;
}

export function startCatalogView(store: AppStore, options: CatalogViewOptions = {}): () => void {
  const index: SearchIndex = createSearchIndex();
  let fed: AppState['catalogs'] = {};
  let tree: CatalogNode[] = [];
  let resourceTotal = 0;
  let names = '';
  let searchTimer: ReturnType<typeof setTimeout> | undefined;

  function feed(catalogs: AppState['catalogs']): void {
    for (const update of indexUpdates(fed, catalogs)) {
      if (update.type === 'clear') index.clear(update.serverId);
      else index.add(update.serverId, update.resources, update.templates);
    }
    fed = catalogs;
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
    tree = buildCatalogTree({ servers, resources, templates, sort: state.sort });
    // User Timing entries, so the cost at scale shows in DevTools and in our measurements.
    measure('catalog-tree-build', start);
  }

  function refilter(): void {
    clearTimeout(searchTimer);
    const state = store.getState();
    const query = state.searchText.trim();
    const start = performance.now();
    const matches = query ? index.search(query) : EMPTY_MATCHES;
    const shown = query ? filterCatalogTree(tree, matches) : tree;
    const view: CatalogView = { tree, shown, query, matches, resourceTotal };
    const pickCounts = countPicks(shown, state.picked);
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
      if (listingEnded(previous.catalogs, state.catalogs)) rebuild.flush(true);
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

/** Keeps only the latest entry per name: an observer sees them all, the buffer does not grow. */
function measure(name: string, start: number): void {
  performance.clearMeasures(name);
  performance.measure(name, { start, end: performance.now() });
}
