/**
 * The search behind the catalog's search field: an index of case-folded fields in columns
 * (search-columns.ts), matched word by word (search-run.ts), fast enough to run on every
 * keystroke over 100,000 resources, and in steps over a million.
 */
import type { ResourceEntry, ServerId, TemplateEntry } from '../mcp-types';
import { foldCase } from './natural-order';
import { append, createColumn } from './search-columns';
import type { ServerEntries } from './search-matches';
import { SearchRun, type Hits } from './search-run';
import type { NodeMatch, SearchMatches } from './tree-types';

/** A searchable set of catalog entries. */
export interface SearchIndex {
  /**
   * Adds the next entries of a server's catalog lists, in list order: each takes the next
   * slot, which is its position in the list and the `ordinal` of its tree node (build-tree.ts).
   * A list holds each URI once (walk-pages.ts keeps the first); a refresh clears first.
   */
  add(
    serverId: ServerId,
    resources: readonly ResourceEntry[],
    templates: readonly TemplateEntry[],
  ): void;
  /** Forgets one server's entries, or all of them. */
  clear(serverId?: ServerId): void;
  /**
   * Every whitespace-separated word must match some field. An empty query gives no matches,
   * which callers read as "no filter". With `limit`, only the best `limit` matches are kept.
   */
  search(query: string, limit?: number): SearchMatches;
  /**
   * The same search, to be done in steps ({@link SearchRun.step}); undefined for an empty
   * query. A run whose {@link SearchRun.version} is not the index's {@link version} any more
   * was made against entries since changed. `after`: the run of the keystroke before, left
   * unfinished, whose candidates a narrowing query need try (see {@link SearchRun.candidates}).
   */
  begin(query: string, after?: SearchRun): SearchRun | undefined;
  /** Takes a finished run's hits, for later queries that narrow it. */
  remember(run: SearchRun): void;
  /** How many entries are indexed. */
  readonly size: number;
  /** Bumped by every add and clear. */
  readonly version: number;
}

export { characterMask } from './search-columns';
export type { SearchRun } from './search-run';

/** How many recent queries keep their full list of matches, for typing on and backspacing. */
const REMEMBERED_QUERIES = 8;

/** No matches: what an empty query gives. */
export const NO_MATCHES: SearchMatches = {
  size: 0,
  get: () => undefined,
  has: () => false,
  ids: () => [],
};

/** Matches given by node id: for a few known rows (a selection to reveal, a test). */
export function matchesByNodeId(byId: ReadonlyMap<string, NodeMatch>): SearchMatches {
  return {
    size: byId.size,
    get: (node) => byId.get(node.id),
    has: (node) => byId.has(node.id),
    ids: () => [...byId.keys()],
  };
}

/**
 * A query as the index compares queries: case-folded words, one space apart, without the
 * character that ends each field in the index (search-columns.ts's FIELD_END).
 */
export function normalizeQuery(query: string): string {
  return foldCase(query)
    .replaceAll('\u0000', '')
    .split(/\s+/)
    .filter((word) => word !== '')
    .join(' ');
}

/**
 * True when every match of `query` is also a match of `earlier` (both normalized): every
 * earlier word is still required, or has grown into a longer word, which matches only where
 * its prefix did.
 */
export function narrows(query: string, earlier: string): boolean {
  return earlier !== '' && query.startsWith(earlier);
}

/** Creates an empty index. */
export function createSearchIndex(): SearchIndex {
  let servers = new Map<ServerId, ServerEntries>();
  // Hits of recent queries, by server, valid until the entries change.
  let remembered: { query: string; hits: ReadonlyMap<ServerEntries, Hits> }[] = [];
  let size = 0;
  let version = 0;

  function entriesOf(serverId: ServerId): ServerEntries {
    let entries = servers.get(serverId);
    if (!entries) {
      entries = { resources: createColumn(false), templates: createColumn(true) };
      servers.set(serverId, entries);
    }
    return entries;
  }

  function changed(): void {
    remembered = [];
    version += 1;
  }

  const index: SearchIndex = {
    add(serverId, resources, templates) {
      const entries = entriesOf(serverId);
      append(entries.resources, resources, (at) => {
        const resource = resources[at] as ResourceEntry;
        return [resource.title, resource.name, resource.uri, resource.description];
      });
      append(entries.templates, templates, (at) => {
        const template = templates[at] as TemplateEntry;
        return [template.title, template.name, template.uriTemplate, template.description];
      });
      size += resources.length + templates.length;
      changed();
    },
    clear(serverId) {
      const gone = serverId === undefined ? [...servers.keys()] : [serverId];
      for (const id of gone) {
        const entries = servers.get(id);
        if (!entries) continue;
        size -= entries.resources.length + entries.templates.length;
        // A new map, so matches made before keep the lists they were made against.
        servers = new Map(servers);
        servers.delete(id);
      }
      changed();
    },
    begin(query, after) {
      const normalized = normalizeQuery(query);
      if (normalized === '') return undefined;
      // A query that extends an earlier one ("bil" → "bill", "bill" → "bill inv") can only
      // match a subset of that one's matches (see narrows).
      const base = remembered
        .filter((earlier) => narrows(normalized, earlier.query))
        .sort((a, b) => b.query.length - a.query.length)[0];
      const unfinished =
        after?.version === version &&
        narrows(normalized, after.query) &&
        after.query.length > (base?.query.length ?? 0)
          ? after.candidates()
          : undefined;
      return new SearchRun(servers, normalized, unfinished ?? base?.hits, version);
    },
    remember(run) {
      if (run.version !== version) return;
      remembered = [
        { query: run.query, hits: run.hits },
        ...remembered.filter((earlier) => earlier.query !== run.query),
      ].slice(0, REMEMBERED_QUERIES);
    },
    search(query, limit) {
      const run = index.begin(query);
      if (!run) return NO_MATCHES;
      run.step();
      index.remember(run);
      return run.matches(limit);
    },
    get size() {
      return size;
    },
    get version() {
      return version;
    },
  };
  return index;
}
