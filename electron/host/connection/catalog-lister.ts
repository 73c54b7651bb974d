/**
 * One server's catalog and the walks that fill it. The first listing streams: each page shows
 * as it arrives. Once a whole listing is shown, listing again (a `list_changed`, a Refresh, a
 * reconnect) runs behind it: the list shown stays, with its marks, until the new one is
 * whole, which then replaces it in one event with the difference (shared/catalog/catalog-diff.ts).
 * `list_changed` bursts are coalesced: one walk in flight and one waiting, never more.
 */
import type { HostEventBody } from '../../../shared/host-api';
import type {
  CatalogSnapshot,
  PageProgress,
  RelistCause,
  ResourceEntry,
  TemplateEntry,
} from '../../../shared/mcp-types';
import { diffCatalog, diffCounts } from '../../../shared/catalog/catalog-diff';
import {
  InvalidPageError,
  walkPages,
  type ListKind,
  type WalkedPage,
} from '../../../shared/catalog/walk-pages';
import { toHostError } from './errors';

/** A `list_changed` waits this long for the rest of its burst. */
export const RELIST_GATHER_MS = 100;
/**
 * Listings a `list_changed` starts are at least this far apart: a storm costs one a second at most.
 */
export const RELIST_MIN_GAP_MS = 1000;
/** A listing again says how far it got at most this often. */
const PROGRESS_MS = 200;
/** A large page arriving says how much of it came at most this often. */
const RECEIVING_MS = 100;
/** URIs of each kind a change's summary carries. */
const SAMPLE = 20;
/** JSON-RPC's "Method not found". */
const METHOD_NOT_FOUND = -32601;

export interface ListerDeps {
  serverId: string;
  emit(event: HostEventBody): void;
  timeoutMs: number;
  /** False when the server declares no resources capability. */
  hasResources(): boolean;
  /** One list request, as sent (results are checked here). */
  request(
    method: 'resources/list' | 'resources/templates/list',
    cursor: string | undefined,
    signal: AbortSignal,
  ): Promise<unknown>;
  now?(): Date;
}

interface Walk {
  controller: AbortController;
  generation: number;
  /** Behind a whole list shown, which it replaces when it ends. */
  staged: boolean;
  cause: RelistCause | 'connect';
  target: CatalogSnapshot;
  /** The list and page being asked for, to say where a crash came. */
  at: { list: ListKind; page: number };
  /** Set when the server went away under it: that is how it ended. */
  failure?: string;
}

const emptyCatalog = (serverId: string, generation: number): CatalogSnapshot => ({
  serverId,
  generation,
  status: 'listing',
  resources: [],
  templates: [],
  pages: 0,
  warnings: [],
});

export class CatalogLister {
  catalog: CatalogSnapshot;
  readonly #deps: ListerDeps;
  /** The list shown is one whole listing, so a new one can be told against it. */
  #whole: boolean;
  #walk?: Walk;
  #pending?: RelistCause;
  #timer?: NodeJS.Timeout;
  #lastProgress = 0;
  #lastReceiving = 0;
  #lastStart = -Infinity;

  /** `previous`: what a reconnect carries over, shown until the new listing replaces it. */
  constructor(deps: ListerDeps, previous?: { catalog: CatalogSnapshot; whole: boolean }) {
    this.#deps = deps;
    this.#whole = previous?.whole ?? false;
    this.catalog = previous
      ? { ...previous.catalog }
      : { ...emptyCatalog(deps.serverId, 0), status: 'idle' };
    delete this.catalog.relisting;
  }

  /** True when the list shown is one whole listing (what a reconnect hands on). */
  get whole(): boolean {
    return this.#whole;
  }

  /** Lists both lists from the first page now; a walk in progress is stopped first. */
  async list(cause: RelistCause | 'connect'): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending = undefined;
    this.#walk?.controller.abort();
    const generation = this.catalog.generation + 1;
    const staged = this.#whole;
    const walk: Walk = {
      controller: new AbortController(),
      generation,
      staged,
      cause,
      target: emptyCatalog(this.#deps.serverId, generation),
      at: { list: 'resources', page: 1 },
    };
    this.#walk = walk;
    this.#lastStart = Date.now();
    if (!staged) {
      this.catalog = walk.target;
      this.#deps.emit({ type: 'catalog-reset', serverId: this.#deps.serverId, generation });
    } else this.#progress(walk, true);
    try {
      await this.#run(walk);
    } finally {
      if (this.#walk === walk) this.#walk = undefined;
      if (!this.#walk && this.#pending) this.relist(this.#pending);
    }
  }

  /** A `list_changed`: lists again soon, after the walk in flight if one is. */
  relist(cause: RelistCause): void {
    if (this.#walk || this.#timer) {
      this.#pending = cause;
      return;
    }
    const wait = Math.max(RELIST_GATHER_MS, this.#lastStart + RELIST_MIN_GAP_MS - Date.now());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.list(cause).catch(() => {});
    }, wait);
  }

  /** The user's Cancel: stops the walk in progress; what is shown stays. */
  cancel(): void {
    this.#pending = undefined;
    const walk = this.#walk;
    if (!walk) return;
    walk.controller.abort();
    this.#end(walk, 'cancelled');
  }

  /**
   * The bytes of a large message arriving so far (the transport counts them): while a first
   * listing waits for its page, that is its page, and the tree says how much of it came; `whole`,
   * it has all come and is being read, a while still before the first rows.
   */
  receiving(bytes: number, whole = false): void {
    const walk = this.#walk;
    if (!walk || walk.staged) return;
    const time = Date.now();
    if (!whole && time - this.#lastReceiving < RECEIVING_MS) return;
    this.#lastReceiving = time;
    this.#pageProgress(walk, { phase: whole ? 'reading' : 'receiving', bytes });
  }

  /** The server went away: the walk in progress ends as failed, saying where. */
  fail(reason: string): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending = undefined;
    const walk = this.#walk;
    if (!walk) return;
    const where =
      walk.at.list === 'resources' ? `page ${walk.at.page}` : `templates page ${walk.at.page}`;
    walk.failure = `${reason} while ${walk.staged ? 'listing again' : 'listing'} ${where}`;
    walk.controller.abort();
    this.#end(walk, 'failed', walk.failure);
  }

  /** Stops for good. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#pending = undefined;
    this.#walk?.controller.abort();
  }

  async #run(walk: Walk): Promise<void> {
    const { controller } = walk;
    if (!this.#deps.hasResources())
      return this.#end(walk, 'unsupported', 'the server does not declare the resources capability');
    const timeout = this.#deps.timeoutMs;
    // Between the parts of a large page: what else the host has to do goes first.
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    const fetcher =
      (method: 'resources/list' | 'resources/templates/list') => (cursor: string | undefined) =>
        this.#deps.request(method, cursor, controller.signal);
    const current = () => this.#walk === walk && !walk.failure;
    try {
      await walkPages('resources', {
        serverId: this.#deps.serverId,
        signal: controller.signal,
        fetchPage: fetcher('resources/list'),
        pause,
        onPage: (page) => current() && this.#addPage(walk, 'resources', page, page.items, []),
      });
      walk.at = { list: 'templates', page: 1 };
      await walkPages('templates', {
        serverId: this.#deps.serverId,
        signal: controller.signal,
        fetchPage: fetcher('resources/templates/list'),
        pause,
        onPage: (page) => current() && this.#addPage(walk, 'templates', page, [], page.items),
      }).catch((error: unknown) => {
        // A server may have resources but no templates method; that is not a failed catalog.
        if (controller.signal.aborted) throw error;
        // Without the method at all it has no templates: nothing to warn of.
        if ((error as { code?: unknown }).code === METHOD_NOT_FOUND) return;
        const message = error instanceof Error ? error.message : String(error);
        const warning = {
          kind: 'list-failed' as const,
          list: 'templates' as const,
          message: `resources/templates/list failed: ${message}`,
        };
        if (current())
          this.#addPage(
            walk,
            'templates',
            { page: 1, items: [], warnings: [warning], first: true, checked: 0, of: 0 },
            [],
            [],
          );
      });
      if (current()) this.#end(walk, controller.signal.aborted ? 'cancelled' : 'complete');
    } catch (error) {
      if (!current()) return;
      if (controller.signal.aborted) return this.#end(walk, 'cancelled');
      const message =
        error instanceof InvalidPageError
          ? error.message
          : toHostError(error, 'resources/list', timeout).message;
      this.#end(walk, 'failed', message);
    }
  }

  /** One page, or one part of a large one (walk-pages.ts), added and shown. */
  #addPage(
    walk: Walk,
    list: ListKind,
    part: WalkedPage<unknown>,
    resources: ResourceEntry[],
    templates: TemplateEntry[],
  ): void {
    const { page, warnings, first, checked, of } = part;
    const target = walk.target;
    for (const entry of resources) target.resources.push(entry);
    for (const entry of templates) target.templates.push(entry);
    for (const warning of warnings) target.warnings.push(warning);
    if (first) target.pages += 1;
    walk.at = { list, page: checked < of ? page : page + 1 };
    if (walk.staged) return this.#progress(walk, false);
    this.#deps.emit({
      type: 'catalog-page',
      serverId: this.#deps.serverId,
      generation: walk.generation,
      resources,
      templates,
      warnings,
      pages: target.pages,
    });
    if (checked < of) this.#pageProgress(walk, { phase: 'indexing', done: checked, total: of });
    else if (target.progress) this.#pageProgress(walk, undefined);
  }

  /** A first listing's place inside a large page; `undefined` once that page is done. */
  #pageProgress(walk: Walk, progress: PageProgress | undefined): void {
    if (progress) walk.target.progress = progress;
    else delete walk.target.progress;
    this.#deps.emit({
      type: 'catalog-progress',
      serverId: this.#deps.serverId,
      generation: walk.generation,
      ...(progress && { progress }),
    });
  }

  /** A listing behind the list shown says how far it got, at most every {@link PROGRESS_MS}. */
  #progress(walk: Walk, now: boolean): void {
    const time = Date.now();
    if (!now && time - this.#lastProgress < PROGRESS_MS) return;
    this.#lastProgress = time;
    this.catalog.relisting = { pages: walk.target.pages };
    this.#emitStatus();
  }

  #end(walk: Walk, status: CatalogSnapshot['status'], error?: string): void {
    if (this.#walk !== walk) return;
    this.#walk = undefined;
    if (walk.staged && status === 'complete') return this.#replace(walk);
    const catalog = this.catalog;
    delete catalog.relisting;
    // The status says how it ended; the reducer drops the progress with it.
    delete walk.target.progress;
    if (walk.staged) {
      // The list shown stays whole: only a failure is said, and where the list is from.
      if (status === 'failed') {
        catalog.status = 'failed';
        catalog.error = `${error ?? 'listing again failed'}; the list shown is the one before`;
      }
    } else {
      catalog.status = status;
      if (status === 'complete') this.#whole = true;
      if (error) catalog.error = error;
      else delete catalog.error;
    }
    this.#emitStatus();
  }

  #replace(walk: Walk): void {
    const before = this.catalog;
    const after = walk.target;
    const diff = diffCatalog(before, after);
    const counts = diffCounts(diff);
    const sample = (resources: string[], templates: string[]) =>
      [...resources.slice(0, SAMPLE), ...templates.slice(0, SAMPLE)]
        .slice(0, SAMPLE)
        .map((uri) => uri.slice(0, 500));
    const change = {
      at: (this.#deps.now?.() ?? new Date()).toISOString(),
      cause: walk.cause === 'connect' ? ('reconnect' as const) : walk.cause,
      ...counts,
      sample: {
        added: sample(diff.resources.added, diff.templates.added),
        removed: sample(diff.resources.removed, diff.templates.removed),
        changed: sample(diff.resources.changed, diff.templates.changed),
      },
    };
    after.status = 'complete';
    // A list_changed that changed nothing does not hide a change the user has not seen yet.
    const empty = counts.added + counts.removed + counts.changed === 0;
    if (!empty || change.cause !== 'list-changed' || !before.lastChange) after.lastChange = change;
    else after.lastChange = before.lastChange;
    this.catalog = after;
    const { resources, templates, warnings, pages, generation } = after;
    this.#deps.emit({
      type: 'catalog-relisted',
      serverId: this.#deps.serverId,
      generation,
      resources,
      templates,
      warnings,
      pages,
      diff,
      change,
      lastChange: after.lastChange,
    });
  }

  #emitStatus(): void {
    const { generation, status, error, relisting } = this.catalog;
    this.#deps.emit({
      type: 'catalog-status',
      serverId: this.#deps.serverId,
      generation,
      status,
      ...(error && { error }),
      ...(relisting && { relisting: { ...relisting } }),
    });
  }
}
