/**
 * The windows' views of the catalogs, kept by the host beside the catalogs themselves
 * (shared/catalog/catalog-view.ts). A window opens a view, changes it as the user opens
 * folders, types or picks, and is sent a `view` event with each new frame. While pages
 * stream in, frames are coalesced: at most one per {@link VIEW_INTERVAL_MS}, except that a
 * listing's
 * first rows and its end go out at once. One search index serves every view; it is filled
 * when a search needs it, or in small slices once no listing runs, after which each view's
 * tree is made whole (a frame makes only the folders it shows). A search that takes longer than a
 * frame or two goes on in slices (search-jobs.ts); its views are told they are searching.
 */
import type { HostEventBody } from '../../../shared/host-api';
import type {
  CatalogSnapshot,
  ResourceEntry,
  ServerId,
  TemplateEntry,
} from '../../../shared/mcp-types';
import { HostError } from '../../../shared/host-error';
import { CatalogView, type ViewSource } from '../../../shared/catalog/catalog-view';
import { NO_MARKS, type RowMarks } from '../../../shared/catalog/view-rows';
import type { ViewChange, ViewPatch, ViewState } from '../../../shared/catalog/view-wire';
import { createSearchIndex } from '../../../shared/catalog/search-index';
import { SharedTrees } from '../../../shared/catalog/shared-trees';
import { createFreshRows } from './fresh-rows';
import { createSearchJobs } from './search-jobs';

/**
 * Frames while a listing streams go out at most this often. Each rebuilds the tree on the
 * host's thread, which the listing needs too: at 100,000 resources, 200 ms made the whole
 * listing about 0.15 s slower than 500 ms. The listing's progress counts still move with
 * every batch of pages.
 */
export const VIEW_INTERVAL_MS = 500;
/** Views beyond this many push out the one changed longest ago. */
const MAX_VIEWS = 8;
/** Entries indexed per slice of idle time. */
const INDEX_SLICE = 5000;
/** The work of a slice of idle time that makes the views' rows. */
const PREPARE_SLICE_MS = 12;

export interface CatalogViewsDeps {
  emit(body: HostEventBody): void;
  /** Every server, in the order added, with its catalog as it stands. */
  servers(): readonly { id: ServerId; name: string; catalog: CatalogSnapshot }[];
  /** The context session's marks and decisions, which every view's rows show. */
  marks?(): RowMarks;
  /** A folder's checkbox: picks (or unpicks) these keys in the context session. */
  toggle?(keys: readonly string[], on: boolean): void;
  intervalMs?: number;
}

export interface CatalogViews {
  /** Every host event, so the views follow catalog and server changes. */
  observe(event: HostEventBody): void;
  open(viewId: string, state: Partial<ViewState>): void;
  update(viewId: string, patch: ViewPatch): ViewChange;
  close(viewId: string): void;
  /**
   * Marks or decisions changed: every view's next frame shows them, once per task; or `now`,
   * in the same tick as the context frame that says why (the window then renders both at once).
   */
  refresh(now?: boolean): void;
  dispose(): void;
}

interface Fed {
  /** The list indexed: a listing that starts over (or a reconnect) makes a new one. */
  list: readonly ResourceEntry[];
  resources: number;
  templates: number;
}

export function createCatalogViews(deps: CatalogViewsDeps): CatalogViews {
  const intervalMs = deps.intervalMs ?? VIEW_INTERVAL_MS;
  const views = new Map<string, CatalogView>();
  const index = createSearchIndex();
  // One tree per sort for every view: a second window costs its frames, not a second tree.
  const trees = new SharedTrees();
  const keepShownTrees = () =>
    trees.keepOnly(new Set([...views.values()].map((found) => found.sort)));
  const fed = new Map<ServerId, Fed>();
  let source: ViewSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let indexTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  const sessionMarks = deps.marks ?? (() => NO_MARKS);
  // What a listing again added or changed lights up for a few seconds in every view.
  const fresh = createFreshRows(() => refreshAll(false));
  const marks = () => fresh.wrap(sessionMarks());
  // Per server, whether the last frames showed any of its resources.
  const hadRows = new Map<ServerId, boolean>();

  function currentSource(): ViewSource {
    if (source) return source;
    const servers = deps.servers();
    const resources: Record<ServerId, readonly ResourceEntry[]> = {};
    const templates: Record<ServerId, readonly TemplateEntry[]> = {};
    let listing = false;
    for (const server of servers) {
      resources[server.id] = server.catalog.resources;
      templates[server.id] = server.catalog.templates;
      listing ||= server.catalog.status === 'listing';
    }
    source = {
      servers: servers.map(({ id, name }) => ({ id, name })),
      resources,
      templates,
      listing,
    };
    return source;
  }

  /** Indexes what the index lacks, up to `limit` entries; returns how many it added. */
  function feedIndex(limit: number): number {
    let added = 0;
    const servers = deps.servers();
    for (const id of fed.keys()) {
      if (!servers.some((server) => server.id === id)) {
        index.clear(id);
        fed.delete(id);
      }
    }
    for (const { id, catalog } of servers) {
      let known = fed.get(id);
      if (!known || known.list !== catalog.resources) {
        if (known) index.clear(id);
        known = { list: catalog.resources, resources: 0, templates: 0 };
        fed.set(id, known);
      }
      const room = limit - added;
      if (room <= 0) break;
      const resources = catalog.resources.slice(known.resources, known.resources + room);
      const templates = catalog.templates.slice(
        known.templates,
        known.templates + Math.max(0, room - resources.length),
      );
      if (resources.length === 0 && templates.length === 0) continue;
      index.add(id, resources, templates);
      known.resources += resources.length;
      known.templates += templates.length;
      added += resources.length + templates.length;
    }
    return added;
  }

  function indexInIdleTime(): void {
    if (indexTimer !== undefined || currentSource().listing) return;
    indexTimer = setTimeout(() => {
      indexTimer = undefined;
      // While a server is still listing, the CPU is better spent on the listing.
      if (currentSource().listing) return;
      if (feedIndex(INDEX_SLICE) > 0) indexInIdleTime();
      else prepareInIdleTime();
    }, 0);
  }

  /**
   * Indexed: makes every view's rows now, rather than on the first keystroke; in slices, since a
   * million resources take seconds, and the next keystroke must not wait for them.
   */
  function prepareInIdleTime(): void {
    indexTimer = setTimeout(() => {
      indexTimer = undefined;
      if (currentSource().listing) return;
      // What came meanwhile (a listing again that ended) is indexed first: its request to index
      // found this timer taken.
      if (feedIndex(INDEX_SLICE) > 0) return indexInIdleTime();
      const until = performance.now() + PREPARE_SLICE_MS;
      const late = () => performance.now() >= until;
      for (const found of views.values()) if (!found.prepare(late)) return prepareInIdleTime();
    }, 0);
  }

  // A search longer than a frame or two goes on in slices; its views get their frames at its end.
  const searches = createSearchJobs({
    index,
    feed: feedIndex,
    done: () => {
      for (const [viewId, found] of views) {
        if (!found.searching) continue;
        try {
          send(viewId, found);
        } catch {
          // Its search failed again, outside any call of its window's: the window's next change
          // searches anew and hears why. The other views are still sent theirs.
        }
      }
    },
  });

  function send(viewId: string, view: CatalogView): void {
    view.setSource(currentSource());
    deps.emit({ type: 'view', frame: view.frame(viewId) });
  }

  function flush(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    source = undefined;
    const now = currentSource();
    for (const server of now.servers)
      hadRows.set(server.id, (now.resources[server.id]?.length ?? 0) > 0);
    for (const [viewId, view] of views) send(viewId, view);
    indexInIdleTime();
  }

  function changed(urgent: boolean): void {
    source = undefined;
    // No window looks (the CLI, or every window closed): nothing to build or index.
    if (views.size === 0) return;
    if (urgent) return flush();
    timer ??= setTimeout(flush, intervalMs);
  }

  function view(viewId: string): CatalogView {
    const found = views.get(viewId);
    if (!found) throw new HostError('invalid-input', `no view with id ${viewId.slice(0, 100)}`);
    // Most recently changed last: the first is the one to push out.
    views.delete(viewId);
    views.set(viewId, found);
    return found;
  }

  function close(viewId: string): void {
    views.delete(viewId);
    searches.drop(viewId);
    keepShownTrees();
  }

  function refreshAll(now = false): void {
    if (views.size === 0) return;
    const sendAll = () => {
      clearTimeout(refreshTimer);
      refreshTimer = undefined;
      for (const [viewId, found] of views) send(viewId, found);
    };
    if (now) sendAll();
    else refreshTimer ??= setTimeout(sendAll, 0);
  }

  return {
    observe(event) {
      switch (event.type) {
        case 'catalog-page': {
          const firstRows = event.resources.length > 0 && !hadRows.get(event.serverId);
          changed(firstRows);
          if (!firstRows) {
            const now = currentSource();
            for (const found of views.values()) found.ingest(now);
          }
          break;
        }
        case 'catalog-status':
          // A listing again behind the list shown changes no row until it ends.
          if (event.relisting) break;
          // The end of a listing shows at once: waiting would only delay the whole catalog.
          changed(event.status !== 'listing');
          break;
        case 'catalog-relisted':
          fresh.add(event.serverId, event.diff.resources);
          changed(true);
          break;
        case 'catalog-reset':
        case 'server':
        case 'server-removed':
          changed(false);
          break;
        default:
      }
    },
    open(viewId, state) {
      let found = views.get(viewId);
      if (found) {
        views.delete(viewId);
        found.reset(state);
      } else {
        found = new CatalogView((query) => searches.search(query, viewId), state, marks, trees);
        if (views.size >= MAX_VIEWS) close(views.keys().next().value as string);
      }
      views.set(viewId, found);
      send(viewId, found);
      keepShownTrees();
      indexInIdleTime();
    },
    update(viewId, patch) {
      const found = view(viewId);
      const change = found.update(patch);
      if (patch.toggleUnder !== undefined) {
        // The picks are the session's: it takes the keys, and every view shows them.
        const { on, keys } = found.toggleKeys(patch.toggleUnder);
        deps.toggle?.(keys, on);
        change.toggled = { on, count: keys.length };
      }
      send(viewId, found);
      if (patch.sort !== undefined) keepShownTrees();
      return change;
    },
    close,
    refresh: refreshAll,
    dispose() {
      fresh.dispose();
      searches.dispose();
      clearTimeout(timer);
      clearTimeout(indexTimer);
      clearTimeout(refreshTimer);
      views.clear();
    },
  };
}
