/**
 * What a window and the host say to each other about a catalog view: the state a window
 * opens a view with, the changes it sends, and the frames it gets back. Data only, in its own
 * file so the contract (host-api.ts) can name them without importing the view that makes them.
 */
import type { CatalogNode, CatalogSort, NodeMatch, MatchTierCounts } from './tree-types';
import type { RowDecision } from '../context/context-wire';
import type { Mark } from '../context/policy';

/** A row the last listing again brought in, or changed. */
export type FreshMark = 'added' | 'changed';

/** A node as a frame carries it: a {@link CatalogNode} with what the row shows besides. */
export interface ViewNode extends CatalogNode {
  /**
   * Present on every row that can hold children. Sent for open folders, and for closed ones
   * while the frame's lookahead lasts; empty with `more` set otherwise.
   */
  children?: ViewNode[];
  /** Set on a folder whose children were not sent. */
  more?: true;
  /** Folders: picked resources at or below it, of the `resourceCount` shown. */
  picked?: number;
  /** Resources: the user's mark (include is a pick), from the host's session. */
  mark?: Mark;
  /**
   * Resources: the context's decision, once curated; its reason is in the context frame's
   * `selected`.
   */
  decision?: RowDecision;
  /** Resources: added or changed by the last listing again, for a few seconds after it. */
  fresh?: FreshMark;
  /** Matched resources and templates: the score and the ranges to highlight. */
  match?: NodeMatch;
  /** Only on a frame's `selected` server, folder or templates row: what is below it. */
  below?: { folders: number; templates: number };
  /**
   * Only on a `more` row: the folder whose rows it stands for, which way they are, and how many.
   */
  page?: { folderId: string; direction: PageDirection; hidden: number };
}

/** Towards the rows after the shown ones, or those before. */
export type PageDirection = 'next' | 'previous';

/** What a window shows of the catalogs, as of one change. */
export interface ViewFrame {
  viewId: string;
  /** Counts up per frame of one view: a window drops a frame older than one it applied. */
  frame: number;
  /**
   * The shown tree (every server's, or only matches and their ancestors), cut to what a window can
   * show.
   */
  tree: ViewNode[];
  /** The trimmed query the tree answers; '' when not searching. */
  query: string;
  /**
   * A query still being searched, after a frame or two of work (a huge catalog): the tree and
   * counts still answer `query`, and the window says it is busy rather than show them as its
   * answer. The frame that answers it follows.
   */
  searching?: string;
  /** Resources and templates that match `query`. */
  matchCount: number;
  /**
   * How they matched: the query as a whole field, every word as typed, or fuzzy (see MATCH_TIERS).
   */
  matchTiers?: MatchTierCounts;
  /**
   * Too many matches to open every folder: the folders down to the best match, which the window
   * opens once for this query.
   */
  bestPath?: string[];
  /** Resources in the shown tree. */
  shownResources: number;
  /** Resources in every catalog. */
  resourceTotal: number;
  /** The selection this frame was made for. */
  selectedId: string | null;
  /** The selected node, wherever it is (no children), or null when it is gone or none is. */
  selected: ViewNode | null;
  /** True while some catalog is still listing. */
  listing: boolean;
}

/** A window's own state; every field optional in a change. */
export interface ViewState {
  sort: CatalogSort;
  query: string;
  /** Folder, server and templates rows the window has open. */
  open: string[];
  selectedId: string | null;
}

/**
 * A change to a view. Rows opened are added; closed are removed. Picks go to the context
 * (ContextPatch).
 */
export interface ViewPatch {
  sort?: CatalogSort;
  query?: string;
  open?: string[];
  close?: string[];
  selectedId?: string | null;
  /**
   * The tri-state checkbox of a shown row: every resource shown under it is picked, or, when
   * all of them are already, unpicked, in the host's session. How many come back in {@link
   * ViewChange}.
   */
  toggleUnder?: string;
  /** Opens the way to a node (of the whole tree, searching or not) and selects it. */
  reveal?: string;
  /**
   * Shows a window's worth more rows (FOLDER_WINDOW, catalog-view.ts) of a large open folder, after
   * or before those shown.
   */
  page?: { folderId: string; direction: PageDirection };
}

/** What a change did that the window needs to know at once. */
export interface ViewChange {
  /** After `toggleUnder`: whether it picked or unpicked, and how many resources. */
  toggled?: { on: boolean; count: number };
  /**
   * After `reveal`: the node and the ids of the rows above it, or null when no catalog holds it.
   */
  revealed?: { node: ViewNode; path: string[] } | null;
  /**
   * After `page`: the first row it brought into view (the nearest to the rows shown before), or
   * null.
   */
  paged?: { first: string | null };
}
