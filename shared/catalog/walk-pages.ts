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

/** One checked page, ready to show. */
export interface WalkedPage<T> {
  /** Counting from 1. */
  page: number;
  items: T[];
  warnings: CatalogWarning[];
}

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
  const check = (list === 'resources' ? checkResource : checkTemplate) as (
    id: ServerId,
    raw: unknown,
    interner: EntryInterner,
  ) => { entry?: Entry; problems: string[] };
  const keyOf = (entry: Entry) =>
    'uri' in entry ? entry.uri : (entry as TemplateEntry).uriTemplate;
  // Where each cursor was first seen, to name the loop in the warning.
  const cursorPages = new Map<string, number>();
  const seen = new Set<string>();
  let page = 0;
  // A request the walk ends up not reading (it was cancelled, or stopped on a bad page) must
  // not surface as an unhandled rejection; the one it reads rethrows where it is awaited.
  const request = (cursor: string | undefined): Promise<unknown> => {
    const sent = fetchPage(cursor);
    sent.catch(() => undefined);
    return sent;
  };
  let pending = request(undefined);

  for (;;) {
    if (signal?.aborted) return { status: 'cancelled', pages: page, items: seen.size };
    const result = await pending;
    if (signal?.aborted) return { status: 'cancelled', pages: page, items: seen.size };
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

    const warnings: CatalogWarning[] = [];
    const items: Entry[] = [];
    rawItems.forEach((rawItem, index) => {
      const { entry, problems } = check(serverId, rawItem, interner);
      if (!entry) {
        warnings.push({
          kind: 'invalid-item',
          list,
          page,
          message: `page ${page}, item ${index + 1} left out: ${problems.join('; ')}`,
        });
        return;
      }
      const key = keyOf(entry);
      for (const problem of problems)
        warnings.push({
          kind: 'invalid-item',
          list,
          page,
          uri: key,
          message: `${key}: ${problem}`,
        });
      if (seen.has(key)) {
        warnings.push({
          kind: 'duplicate-uri',
          list,
          page,
          uri: key,
          message: `${key} is listed again on page ${page}; the first listing is kept`,
        });
        return;
      }
      seen.add(key);
      items.push(entry);
    });

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
    } else if (typeof next === 'string' && items.length === 0) {
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
    if (stop) warnings.push(stop);
    onPage({ page, items, warnings });
    // An empty-string cursor is a real cursor (2026-07-28); only an absent one ends the list.
    if (stop || typeof next !== 'string')
      return { status: 'complete', pages: page, items: seen.size };
    cursorPages.set(next, page);
  }
}
