/**
 * The shapes the catalog tree and its search share. The pure functions that produce them
 * live beside this file (build-tree.ts, search-index.ts, filter-tree.ts); the renderer's
 * react-arborist tree only displays what they computed.
 */
import type { ResourceEntry, ServerId, TemplateEntry } from '../mcp-types';

/**
 * What a row of the tree stands for. `more` is only in a view frame: a row standing for the
 * rows of a large open folder that the frame leaves out (see catalog-view.ts).
 */
export type CatalogNodeKind = 'server' | 'folder' | 'resource' | 'templates' | 'template' | 'more';

/** One node of the catalog tree. */
export interface CatalogNode {
  /**
   * Unique across the whole tree and stable across rebuilds, so expansion, selection and
   * scroll survive new pages. See the id helpers in build-tree.ts.
   */
  id: string;
  kind: CatalogNodeKind;
  serverId: ServerId;
  /**
   * What the row shows: a server's name; a folder's segment, or its collapsed chain of
   * single-child segments joined by "/" (docs/api/v2); a resource's or template's title,
   * else its name; "Templates" for the templates branch.
   */
  label: string;
  /** Present on server, folder and templates nodes; absent on resources and templates. */
  children?: CatalogNode[];
  /** Resources at or below this node (1 for a resource, 0 for templates). */
  resourceCount: number;
  /**
   * Folders: how many rows it holds directly, known before its children are made (they are
   * made when first read, see build-tree.ts). A filtered copy keeps the unfiltered figure.
   */
  rows?: number;
  resource?: ResourceEntry;
  template?: TemplateEntry;
  /**
   * Resource and template nodes: the entry's position in its server's catalog list (resources
   * or templates). The search index numbers entries the same way, so a match is found by two
   * array reads rather than a lookup by id.
   */
  ordinal?: number;
}

/** How siblings are ordered; folders always come before leaves. */
export type CatalogSort = 'name' | 'priority' | 'lastModified';

/** Everything the tree is built from. */
export interface CatalogTreeInput {
  /** In the order the user added them. */
  servers: readonly { id: ServerId; name: string }[];
  /**
   * Each server's catalog, each URI once: the walk keeps the first listing of a URI
   * (shared/catalog/walk-pages.ts), so the tree does not check again. Node ids rely on it.
   */
  resources: Readonly<Record<ServerId, readonly ResourceEntry[]>>;
  templates: Readonly<Record<ServerId, readonly TemplateEntry[]>>;
  sort: CatalogSort;
}

/** A highlighted span of one field of a match, in UTF-16 offsets, end exclusive. */
export interface MatchRange {
  field: 'title' | 'name' | 'uri' | 'description' | 'uriTemplate';
  start: number;
  end: number;
}

/**
 * How a match matched, best first: the query is a whole field (or the URI's last segment),
 * every word is in a field as typed, or some word only as letters in order (fuzzy). A better
 * tier always ranks first, whatever the scores.
 */
export const MATCH_TIERS = { exact: 1, contains: 2, fuzzy: 3 } as const;
export type MatchTier = (typeof MATCH_TIERS)[keyof typeof MATCH_TIERS];

/** How many matches a search found in each tier. */
export interface MatchTierCounts {
  exact: number;
  contains: number;
  fuzzy: number;
}

/**
 * Why a resource or template matched a query, and how well. A better tier, then a higher score,
 * ranks first.
 */
export interface NodeMatch {
  score: number;
  ranges: MatchRange[];
  /** Default: contains. */
  tier?: MatchTier;
}

/** The matches of one search. */
export interface SearchMatches {
  /** How many resources and templates match. */
  readonly size: number;
  /**
   * The match of a resource or template node, or undefined. Looked up by the node's entry
   * object, not its id: a tree filter asks this once per resource, 100,000 times a keystroke.
   */
  get(node: CatalogNode): NodeMatch | undefined;
  /** Whether the node matches, without making its match. */
  has(node: CatalogNode): boolean;
  /** The node ids of every match; built on demand, for tests and tools. */
  ids(): string[];
  /**
   * Optional: a flag per resource ordinal of one server, its {@link MatchTier} where it
   * matches and 0 where not, so a tree filter can test a folder's leaves without touching
   * their nodes. Absent means: ask {@link has}.
   */
  resourceFlags?(serverId: ServerId): Uint8Array | undefined;
  /** Optional: the tier of a matching node (templates, and leaves without flags). */
  tierOf?(node: CatalogNode): MatchTier | undefined;
  /** Optional: how many matches each tier holds. */
  readonly tiers?: MatchTierCounts;
}
