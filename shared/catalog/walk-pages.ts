/**
 * Walks a paginated MCP list (`resources/list` or `resources/templates/list`) page by
 * page, handing each page on as it arrives. A hostile or broken server cannot make it
 * hang: a cursor seen before ends the walk, a page that brings nothing new ends it, and
 * a safety cap sits far above any real catalog.
 */
import type { CatalogWarning, ResourceEntry, ServerId, TemplateEntry } from '../mcp-types';
import { EntryInterner } from './entry-interner';
import { checkResource, checkTemplate } from './validate-item';

/** Which list, and how its pages and items are shaped. */
export type ListKind = 'resources' | 'templates';

/**
 * One checked page, ready to show; a large one comes in parts of {@link SLICE} items, the walk
 * pausing between them.
 */
export interface WalkedPage<T> {
  /** Counting from 1. */
  page: number;
  items: T[];
  warnings: CatalogWarning[];
  /** The page's first part: a new page. */
  first: boolean;
  /** How many of the page's items are checked with this part, of how many it has. */
  checked: number;
  of: number;
}

/** Items checked and handed on at once: a page of 100,000 comes in ten parts. */
export const SLICE = 10_000;

/** How a walk ended. */
export interface WalkOutcome {
  status: 'complete' | 'cancelled';
  pages: number;
  items: number;
}

export interface WalkOptions<T> {
  serverId: ServerId;
  /** Sends one list request; `cursor` undefined for the first page. Rejects on failure. */
  fetchPage(cursor: string | undefined): Promise<unknown>;
  onPage(page: WalkedPage<T>): void;
  signal?: AbortSignal;
  /** Defaults to 1,000,000 pages. */
  maxPages?: number;
  /** Defaults to 5,000,000 items. */
  maxItems?: number;
  /**
   * Waits between the parts of a large page, so the host answers others meanwhile and each part
   * is shown as it comes; without it, the parts follow one another at once.
   */
  pause?(): Promise<void>;
}

const FIELD: Record<ListKind, string> = { resources: 'resources', templates: 'resourceTemplates' };
const METHOD: Record<ListKind, string> = {
  resources: 'resources/list',
  templates: 'resources/templates/list',
};

function shortCursor(cursor: string): string {
  return JSON.stringify(cursor.length > 40 ? `${cursor.slice(0, 40)}…` : cursor);
}

/** Thrown when a page is not a list result at all; the walk cannot go on from it. */
export class InvalidPageError extends Error {}

/** What the walk knows across pages: the keys listed, and the check of one item. */
interface Walked<Entry> {
  list: ListKind;
  seen: Set<string>;
  check(raw: unknown): { entry?: Entry; problems: string[] };
  keyOf(entry: Entry): string;
}

/** Checks `rawItems[from, to)` of page `page`: the entries kept, and what was wrong. */
function checkPart<Entry>(
  walked: Walked<Entry>,
  page: number,
  rawItems: unknown[],
  from: number,
  to: number,
): { items: Entry[]; warnings: CatalogWarning[] } {
  const { list, seen } = walked;
  const warnings: CatalogWarning[] = [];
  const items: Entry[] = [];
  for (let index = from; index < to; index += 1) {
    const { entry, problems } = walked.check(rawItems[index]);
    if (!entry) {
      warnings.push({
        kind: 'invalid-item',
        list,
        page,
        message: `page ${page}, item ${index + 1} left out: ${problems.join('; ')}`,
      });
      continue;
    }
    const key = walked.keyOf(entry);
    for (const problem of problems)
      warnings.push({ kind: 'invalid-item', list, page, uri: key, message: `${key}: ${problem}` });
    if (seen.has(key)) {
      warnings.push({
        kind: 'duplicate-uri',
        list,
        page,
        uri: key,
        message: `${key} is listed again on page ${page}; the first listing is kept`,
      });
      continue;
    }
    seen.add(key);
    items.push(entry);
  }
  return { items, warnings };
}

/** Walks every page of one list. Rejects with the fetch's error, or an {@link InvalidPageError}. */
export async function walkPages<K extends ListKind>(
  list: K,
  options: WalkOptions<K extends 'resources' ? ResourceEntry : TemplateEntry>,
): Promise<WalkOutcome> {
  type Entry = K extends 'resources' ? ResourceEntry : TemplateEntry;
  const { serverId, fetchPage, onPage, signal } = options;
  const maxPages = options.maxPages ?? 1_000_000;
  const maxItems = options.maxItems ?? 5_000_000;
  // One per walk: the entries it lists share their repeated values, and the table goes with it.
  const interner = new EntryInterner();
  const checkItem = (list === 'resources' ? checkResource : checkTemplate) as (
    id: ServerId,
    raw: unknown,
    interner: EntryInterner,
  ) => { entry?: Entry; problems: string[] };
  const walked: Walked<Entry> = {
    list,
    seen: new Set<string>(),
    check: (raw) => checkItem(serverId, raw, interner),
    keyOf: (entry) => ('uri' in entry ? entry.uri : (entry as TemplateEntry).uriTemplate),
  };
  const { seen } = walked;
  // Where each cursor was first seen, to name the loop in the warning.
  const cursorPages = new Map<string, number>();
  let page = 0;
  const cancelled = (): WalkOutcome => ({ status: 'cancelled', pages: page, items: seen.size });
  // A request the walk ends up not reading (it was cancelled, or stopped on a bad page) must
  // not surface as an unhandled rejection; the one it reads rethrows where it is awaited.
  const request = (cursor: string | undefined): Promise<unknown> => {
    const sent = fetchPage(cursor);
    sent.catch(() => undefined);
    return sent;
  };
  let pending = request(undefined);

  for (;;) {
    if (signal?.aborted) return cancelled();
    const result = await pending;
    if (signal?.aborted) return cancelled();
    page += 1;
    const raw =
      typeof result === 'object' && result !== null
        ? (result as Record<string, unknown>)
        : undefined;
    const rawItems = raw?.[FIELD[list]];
    if (!Array.isArray(rawItems)) {
      throw new InvalidPageError(`${METHOD[list]} page ${page} has no ${FIELD[list]} array`);
    }
    const next = raw?.nextCursor;
    // Ask for the next page before checking this one, so the server builds it meanwhile.
    // A page that turns out to end the walk leaves that request unread, and nothing more.
    if (typeof next === 'string' && !cursorPages.has(next) && page < maxPages) {
      pending = request(next);
    }

    // A large page in parts, each handed on as it is checked; the last says how the page ends.
    let kept = 0;
    let last: WalkedPage<Entry> | undefined;
    for (let from = 0; !last;) {
      const to = Math.min(rawItems.length, from + SLICE);
      const { items, warnings } = checkPart(walked, page, rawItems, from, to);
      kept += items.length;
      const part = { page, items, warnings, first: from === 0, checked: to, of: rawItems.length };
      if (to === rawItems.length) last = part;
      else {
        onPage(part);
        await options.pause?.();
        if (signal?.aborted) return cancelled();
        from = to;
      }
    }

    let stop: CatalogWarning | undefined;
    if (next !== undefined && next !== null && typeof next !== 'string') {
      stop = {
        kind: 'invalid-page',
        list,
        page,
        message: `page ${page} has a nextCursor that is not a string; listing stopped`,
      };
    } else if (typeof next === 'string' && cursorPages.has(next)) {
      stop = {
        kind: 'cursor-loop',
        list,
        page,
        message: `cursor loop: page ${page} points back to cursor ${shortCursor(next)} first seen on page ${cursorPages.get(next)}; listing stopped after ${page} pages`,
      };
    } else if (typeof next === 'string' && kept === 0) {
      stop = {
        kind: 'no-progress',
        list,
        page,
        message: `page ${page} brought no new ${list === 'resources' ? 'URIs' : 'templates'} but offered another cursor; listing stopped`,
      };
    } else if (typeof next === 'string' && (page >= maxPages || seen.size >= maxItems)) {
      stop = {
        kind: 'page-cap',
        list,
        page,
        message: `listing stopped at the safety cap after ${page.toLocaleString('en-US')} pages and ${seen.size.toLocaleString('en-US')} items`,
      };
    }
    if (stop) last.warnings.push(stop);
    onPage(last);
    // An empty-string cursor is a real cursor (2026-07-28); only an absent one ends the list.
    if (stop || typeof next !== 'string')
      return { status: 'complete', pages: page, items: seen.size };
    cursorPages.set(next, page);
  }
}
