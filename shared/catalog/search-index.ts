/**
 * The search behind the catalog's search field: a prebuilt index of case-folded haystacks,
 * matched word by word, fast enough to run on every keystroke over 100,000 resources.
 */
import type { ResourceEntry, ServerId, TemplateEntry } from '../mcp-types';
import { foldCase } from './natural-order';
import { characterMask, indexed, matchTier, scoreEntry, type IndexedEntry } from './search-entry';
import { resourceNodeId, templateNodeId } from './node-ids';
import { matchRanges } from './match-ranges';
import {
  MATCH_TIERS,
  type CatalogNode,
  type MatchRange,
  type MatchTier,
  type MatchTierCounts,
  type NodeMatch,
  type SearchMatches,
} from './tree-types';

/** A searchable set of catalog entries. */
export interface SearchIndex {
  /**
   * Adds the next entries of a server's catalog lists, in list order: each takes the next
   * slot, which is its position in the list and the `ordinal` of its tree node (build-tree.ts).
   * An id already indexed keeps its first entry, as the tree does; a refresh clears first.
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
  /** How many entries are indexed. */
  readonly size: number;
}

export { characterMask, type IndexedEntry } from './search-entry';

/** How many recent queries keep their full list of matches, for typing on and backspacing. */
const REMEMBERED_QUERIES = 8;

/** A match whose score and highlight ranges are worked out only when asked for. */
class LazyMatch implements NodeMatch {
  #score: number | undefined;
  #ranges: MatchRange[] | undefined;
  constructor(
    readonly entry: IndexedEntry,
    readonly words: readonly string[],
    readonly tier: MatchTier,
  ) {}
  get score(): number {
    this.#score ??= scoreEntry(this.entry, this.words);
    return this.#score;
  }
  get ranges(): MatchRange[] {
    this.#ranges ??= matchRanges(this.entry, this.words);
    return this.#ranges;
  }
}

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

/** One server's entries by slot; a slot whose id was already taken stays empty. */
interface ServerEntries {
  resources: (IndexedEntry | undefined)[];
  templates: (IndexedEntry | undefined)[];
}

/** The slots of one server's lists that matched a query, in list order, and the tier of each. */
interface Hits {
  resources: Int32Array;
  templates: Int32Array;
  resourceTiers: Uint8Array;
  templateTiers: Uint8Array;
}

/**
 * The matches of one search: a flag per slot of each server's lists. A broad query matches
 * nearly every entry, so nothing is made per match up front, and a tree node is looked up by
 * its server and ordinal (two array reads), never by its id.
 */
class FlaggedMatches implements SearchMatches {
  readonly #made = new Map<IndexedEntry, LazyMatch>();
  constructor(
    /**
     * The servers' entries as of the search: a clear replaces a server's lists, never edits them.
     */
    readonly servers: ReadonlyMap<ServerId, ServerEntries>,
    readonly flags: ReadonlyMap<ServerId, { resources: Uint8Array; templates: Uint8Array }>,
    readonly size: number,
    readonly words: readonly string[],
    readonly tiers: MatchTierCounts,
  ) {}
  // The last server asked about: a tree filter asks about one server's leaves in a row.
  #server: ServerId | undefined;
  #flags: { resources: Uint8Array; templates: Uint8Array } | undefined;
  tierOf(node: CatalogNode): MatchTier | undefined {
    const ordinal = node.ordinal;
    if (ordinal === undefined) return undefined;
    if (node.serverId !== this.#server) {
      this.#server = node.serverId;
      this.#flags = this.flags.get(node.serverId);
    }
    const flags = this.#flags;
    if (flags === undefined) return undefined;
    const tier =
      node.kind === 'resource'
        ? flags.resources[ordinal]
        : node.kind === 'template'
          ? flags.templates[ordinal]
          : 0;
    return tier ? (tier as MatchTier) : undefined;
  }
  has(node: CatalogNode): boolean {
    return this.tierOf(node) !== undefined;
  }
  resourceFlags(serverId: ServerId): Uint8Array | undefined {
    return this.flags.get(serverId)?.resources;
  }
  get(node: CatalogNode): NodeMatch | undefined {
    const tier = this.tierOf(node);
    if (tier === undefined) return undefined;
    const entry = this.servers.get(node.serverId)?.[
      node.kind === 'resource' ? 'resources' : 'templates'
    ][node.ordinal as number];
    if (!entry) return undefined;
    let match = this.#made.get(entry);
    if (!match) {
      match = new LazyMatch(entry, this.words, tier);
      this.#made.set(entry, match);
    }
    return match;
  }
  ids(): string[] {
    const ids: string[] = [];
    for (const [serverId, { resources, templates }] of this.flags) {
      const entries = this.servers.get(serverId);
      resources.forEach((flag, slot) => flag !== 0 && ids.push(entries?.resources[slot]?.id ?? ''));
      templates.forEach((flag, slot) => flag !== 0 && ids.push(entries?.templates[slot]?.id ?? ''));
    }
    return ids;
  }
}

/** A query as the index compares queries: case-folded words, one space apart. */
export function normalizeQuery(query: string): string {
  return foldCase(query)
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
  // Every id indexed, for keeping the first entry of an id.
  const ids = new Set<string>();
  // Matches of recent queries, by server, valid until the entries change.
  let remembered: { query: string; hits: Map<ServerEntries, Hits> }[] = [];
  let size = 0;

  function entriesOf(serverId: ServerId): ServerEntries {
    let entries = servers.get(serverId);
    if (!entries) {
      entries = { resources: [], templates: [] };
      servers.set(serverId, entries);
    }
    return entries;
  }

  function put(entries: ServerEntries, list: 'resources' | 'templates', entry: IndexedEntry): void {
    if (ids.has(entry.id)) {
      entries[list].push(undefined);
      return;
    }
    ids.add(entry.id);
    entries[list].push(entry);
    size += 1;
  }

  return {
    add(serverId, resources, templates) {
      const entries = entriesOf(serverId);
      for (const resource of resources) {
        put(
          entries,
          'resources',
          indexed(resourceNodeId(serverId, resource.uri), serverId, false, [
            resource.title,
            resource.name,
            resource.uri,
            resource.description,
          ]),
        );
      }
      for (const template of templates) {
        put(
          entries,
          'templates',
          indexed(templateNodeId(serverId, template.uriTemplate), serverId, true, [
            template.title,
            template.name,
            template.uriTemplate,
            template.description,
          ]),
        );
      }
      remembered = [];
    },
    clear(serverId) {
      const gone = serverId === undefined ? [...servers.keys()] : [serverId];
      for (const id of gone) {
        const entries = servers.get(id);
        if (!entries) continue;
        for (const entry of [...entries.resources, ...entries.templates]) {
          if (entry) {
            ids.delete(entry.id);
            size -= 1;
          }
        }
        // A new map, so matches made before keep the lists they were made against.
        servers = new Map(servers);
        servers.delete(id);
      }
      remembered = [];
    },
    search(query, limit) {
      const normalized = normalizeQuery(query);
      if (normalized === '') return NO_MATCHES;
      const words = normalized.split(' ');
      // A query that extends an earlier one ("bil" → "bill", "bill" → "bill inv") can only
      // match a subset of that one's matches (see narrows).
      const base = remembered
        .filter((earlier) => narrows(normalized, earlier.query))
        .sort((a, b) => b.query.length - a.query.length)[0];
      const hits = new Map<ServerEntries, Hits>();
      let total = 0;
      for (const entries of servers.values()) {
        // A server the narrowed query had no hits in has none now either.
        const among = base ? (base.hits.get(entries) ?? NO_HITS) : undefined;
        const resources = matching(entries.resources, words, normalized, among?.resources);
        const templates = matching(entries.templates, words, normalized, among?.templates);
        const own = {
          resources: resources.slots,
          templates: templates.slots,
          resourceTiers: resources.tiers,
          templateTiers: templates.tiers,
        };
        hits.set(entries, own);
        total += own.resources.length + own.templates.length;
      }
      remembered = [
        { query: normalized, hits },
        ...remembered.filter((earlier) => earlier.query !== normalized),
      ].slice(0, REMEMBERED_QUERIES);
      const kept = limit !== undefined && limit < total ? best(hits, words, limit) : hits;
      const flags = new Map<ServerId, { resources: Uint8Array; templates: Uint8Array }>();
      const tiers: MatchTierCounts = { exact: 0, contains: 0, fuzzy: 0 };
      for (const [serverId, entries] of servers) {
        const own = kept.get(entries) ?? NO_HITS;
        flags.set(serverId, {
          resources: flagged(entries.resources.length, own.resources, own.resourceTiers, tiers),
          templates: flagged(entries.templates.length, own.templates, own.templateTiers, tiers),
        });
      }
      return new FlaggedMatches(servers, flags, Math.min(total, limit ?? total), words, tiers);
    },
    get size() {
      return size;
    },
  };
}

const NO_HITS: Hits = {
  resources: new Int32Array(0),
  templates: new Int32Array(0),
  resourceTiers: new Uint8Array(0),
  templateTiers: new Uint8Array(0),
};

/**
 * The slots of `all` whose entry matches every word, and the tier of each, trying only the
 * slots in `among` when given (the hits of a query this one narrows). Slot numbers in a typed
 * array, not an object per match: a one-letter query matches nearly every one of 100,000 entries.
 */
function matching(
  all: readonly (IndexedEntry | undefined)[],
  words: readonly string[],
  query: string,
  among?: Int32Array,
): { slots: Int32Array; tiers: Uint8Array } {
  const masks = words.map(characterMask);
  const length = among ? among.length : all.length;
  const found = new Int32Array(length);
  const tiers = new Uint8Array(length);
  let count = 0;
  for (let i = 0; i < length; i += 1) {
    const slot = among ? (among[i] as number) : i;
    const tier = matchTier(all[slot], words, masks, query);
    if (tier === 0) continue;
    tiers[count] = tier;
    found[count++] = slot;
  }
  return count === length
    ? { slots: found, tiers }
    : { slots: found.slice(0, count), tiers: tiers.slice(0, count) };
}

/** A flag per slot of a list of `length`: the tier where `slots` says, counted into `counts`. */
function flagged(
  length: number,
  slots: Int32Array,
  tiers: Uint8Array,
  counts: MatchTierCounts,
): Uint8Array {
  const flags = new Uint8Array(length);
  for (let i = 0; i < slots.length; i += 1) {
    const tier = tiers[i] as number;
    flags[slots[i] as number] = tier;
    if (tier === MATCH_TIERS.exact) counts.exact += 1;
    else if (tier === MATCH_TIERS.contains) counts.contains += 1;
    else counts.fuzzy += 1;
  }
  return flags;
}

/**
 * The `limit` best hits (a better tier first, then the score); equal ones keep catalog order
 * (server, list, slot), so the cut is deterministic.
 */
function best(
  hits: ReadonlyMap<ServerEntries, Hits>,
  words: readonly string[],
  limit: number,
): Map<ServerEntries, Hits> {
  const scored: {
    entries: ServerEntries;
    list: 'resources' | 'templates';
    slot: number;
    tier: number;
    order: number;
    score: number;
  }[] = [];
  for (const [entries, own] of hits) {
    for (const list of ['resources', 'templates'] as const) {
      const tiers = list === 'resources' ? own.resourceTiers : own.templateTiers;
      own[list].forEach((slot, at) =>
        scored.push({
          entries,
          list,
          slot,
          tier: tiers[at] as number,
          order: scored.length,
          score: scoreEntry(entries[list][slot] as IndexedEntry, words),
        }),
      );
    }
  }
  scored.sort((a, b) => a.tier - b.tier || b.score - a.score || a.order - b.order);
  const chosen = new Map<
    ServerEntries,
    { resources: number[]; templates: number[]; resourceTiers: number[]; templateTiers: number[] }
  >();
  for (const { entries, list, slot, tier } of scored.slice(0, Math.max(0, limit))) {
    let own = chosen.get(entries);
    if (!own)
      chosen.set(
        entries,
        (own = { resources: [], templates: [], resourceTiers: [], templateTiers: [] }),
      );
    own[list].push(slot);
    (list === 'resources' ? own.resourceTiers : own.templateTiers).push(tier);
  }
  return new Map(
    [...chosen].map(([entries, own]) => [
      entries,
      {
        resources: Int32Array.from(own.resources),
        templates: Int32Array.from(own.templates),
        resourceTiers: Uint8Array.from(own.resourceTiers),
        templateTiers: Uint8Array.from(own.templateTiers),
      },
    ]),
  );
}
