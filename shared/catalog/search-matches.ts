/**
 * The matches of one search, as the tree filter and a view's rows read them: a tier per slot
 * of each server's lists, and a match with its score and highlight ranges made only for the
 * rows that ask (the rows shown, or a few ranked).
 */
import type { ServerId } from '../mcp-types';
import { matchRanges, type HighlightedEntry } from './match-ranges';
import { resourceNodeId, templateNodeId } from './node-ids';
import { entryText, sourceUri, type Column } from './search-columns';
import { scoreEntry } from './search-entry';
import type {
  CatalogNode,
  MatchRange,
  MatchTier,
  MatchTierCounts,
  NodeMatch,
  SearchMatches,
} from './tree-types';

/** One server's entries: its resources and templates, each a column by slot. */
export interface ServerEntries {
  resources: Column;
  templates: Column;
}

/** A flag per slot of a server's two lists: the tier of the match there, 0 where none. */
export interface ServerFlags {
  resources: Uint8Array;
  templates: Uint8Array;
}

/** A match whose score and highlight ranges are worked out only when asked for. */
class LazyMatch implements NodeMatch {
  #score: number | undefined;
  #ranges: MatchRange[] | undefined;
  constructor(
    readonly entry: HighlightedEntry,
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

/**
 * The matches of one search: a flag per slot of each server's lists. A broad query matches
 * nearly every entry, so nothing is made per match up front, and a tree node is looked up by
 * its server and ordinal (two array reads), never by its id.
 */
export class FlaggedMatches implements SearchMatches {
  readonly #made = new Map<string, LazyMatch>();
  constructor(
    /**
     * The servers' entries as of the search: a clear replaces a server's lists, never edits them.
     */
    readonly servers: ReadonlyMap<ServerId, ServerEntries>,
    readonly flags: ReadonlyMap<ServerId, ServerFlags>,
    readonly size: number,
    readonly words: readonly string[],
    readonly tiers: MatchTierCounts,
  ) {}
  // The last server asked about: a tree filter asks about one server's leaves in a row.
  #server: ServerId | undefined;
  #flags: ServerFlags | undefined;
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
    const key = `${node.serverId}\u0000${node.kind}\u0000${node.ordinal}`;
    let match = this.#made.get(key);
    if (!match) {
      const entries = this.servers.get(node.serverId);
      const column = node.kind === 'resource' ? entries?.resources : entries?.templates;
      const text = column && entryText(column, node.ordinal as number);
      if (!text) return undefined;
      match = new LazyMatch(text, this.words, tier);
      this.#made.set(key, match);
    }
    return match;
  }
  ids(): string[] {
    const ids: string[] = [];
    for (const [serverId, { resources, templates }] of this.flags) {
      const entries = this.servers.get(serverId);
      if (!entries) continue;
      resources.forEach(
        (flag, slot) =>
          flag !== 0 &&
          ids.push(resourceNodeId(serverId, sourceUri(entries.resources, slot) ?? '')),
      );
      templates.forEach(
        (flag, slot) =>
          flag !== 0 &&
          ids.push(templateNodeId(serverId, sourceUri(entries.templates, slot) ?? '')),
      );
    }
    return ids;
  }
}
