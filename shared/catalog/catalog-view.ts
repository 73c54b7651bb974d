/**
 * One window's view of every catalog, computed where the catalogs are (the host), so a
 * window is sent the rows it can show and never the catalog itself. A view holds the
 * window's own state (sort, search, open folders, selection, picks), builds the tree with
 * build-tree.ts, narrows it with filter-tree.ts against a search index shared by every view,
 * counts picks per folder, and cuts the result down to a {@link ViewFrame} (view-wire.ts).
 */
import type { ResourceEntry, ServerId, TemplateEntry } from '../mcp-types';
import { filterCatalogTree, RANKED_MATCHES_UP_TO } from './filter-tree';
import { entryKey } from './resource-key';
import { NO_MATCHES, narrows, normalizeQuery } from './search-index';
import type { CatalogNode, CatalogSort, SearchMatches } from './tree-types';
import type { ViewChange, ViewFrame, ViewNode, ViewPatch, ViewState } from './view-wire';
import { FolderWindows } from './folder-windows';
import { SharedTrees } from './shared-trees';
import { findNode, isBranch, NO_MARKS, pathTo, rowEntry, type RowMarks } from './view-rows';

/** Every server's catalog lists, as the tree is built from them. */
export interface ViewSource {
  servers: readonly { id: ServerId; name: string }[];
  resources: Readonly<Record<ServerId, readonly ResourceEntry[]>>;
  templates: Readonly<Record<ServerId, readonly TemplateEntry[]>>;
  listing: boolean;
}

/**
 * How many children of closed folders a frame also carries, nearest first, so opening a
 * folder shows its rows at once while the window tells the host. The whole of a small
 * catalog fits. While searching, a keystroke's frame must be small, so fewer.
 */
export const LOOKAHEAD_ROWS = 600;
export const SEARCH_LOOKAHEAD_ROWS = 150;

/** The counts of one folder in the shown tree. */
interface PickCount {
  picked: number;
  total: number;
}

export class CatalogView {
  readonly #trees: SharedTrees;
  readonly #search: (query: string) => SearchMatches | undefined;
  #source: ViewSource = { servers: [], resources: {}, templates: {}, listing: false };
  #sort: CatalogSort = 'name';
  #query = '';
  /** The query the shown tree answers: the last one searched to its end. */
  #answered = '';
  /** The search of #query goes on (the host's, in slices); the tree shows #answered's meanwhile. */
  #searching = false;
  readonly #open = new Set<string>();
  #selectedId: string | null = null;
  readonly #marks: () => RowMarks;
  /** The marks' version the counts were made for. */
  #marksVersion = -1;
  #treeStale = true;
  #shownStale = true;
  #tree: CatalogNode[] = [];
  #shown: CatalogNode[] = [];
  #matches: SearchMatches = NO_MATCHES;
  /**
   * The last broad result in catalog order, and its query: a narrowing query filters it instead of
   * the whole tree.
   */
  #base: { tree: CatalogNode[]; query: string; shown: CatalogNode[] } | undefined;
  /** Per-folder counts for the current picks; dropped whenever picks change. */
  #counts = new WeakMap<CatalogNode, PickCount>();
  #frames = 0;
  readonly #windows = new FolderWindows();
  /**
   * Set when the windows were dropped (another sort, a reset): the next frame shows the selected
   * row again.
   */
  #recenter = false;

  /**
   * `search` answers a query over every catalog (the host's shared index), or undefined while it
   * searches on (the host then makes a frame again when it is done); `marks`, the session's marks
   * and decisions; `trees`, the trees the host's views share (a view of its own by default).
   */
  constructor(
    search: (query: string) => SearchMatches | undefined,
    state?: Partial<ViewState>,
    marks: () => RowMarks = () => NO_MARKS,
    trees: SharedTrees = new SharedTrees(),
  ) {
    this.#search = search;
    this.#trees = trees;
    this.#marks = marks;
    if (state) this.reset(state);
  }

  /** The order of its rows. */
  get sort(): CatalogSort {
    return this.#sort;
  }

  get #picked(): ReadonlySet<string> {
    return this.#marks().picked;
  }

  /** Replaces the whole state (a window opening, or coming back after a lost link). */
  reset(state: Partial<ViewState>): void {
    this.#sort = state.sort ?? 'name';
    this.#query = (state.query ?? '').trim();
    this.#open.clear();
    for (const id of state.open ?? []) this.#open.add(id);
    this.#selectedId = state.selectedId ?? null;
    this.#counts = new WeakMap();
    this.#windows.clear();
    this.#recenter = true;
    this.#treeStale = true;
  }

  /** The catalogs changed (a page, a reset, a server added, renamed or gone). */
  setSource(source: ViewSource): void {
    // The same source object means the same catalogs (the host makes a new one per change):
    // a keystroke or an opened folder must not rebuild, re-filter, or lose the narrowing base.
    if (source === this.#source) return;
    this.#source = source;
    this.#treeStale = true;
  }

  /**
   * Takes new pages into the tree now, without making a frame. A build costs the resources
   * it adds and the rows a frame reads, so building as pages come leaves the frame at the end
   * of a listing little to do.
   */
  ingest(source: ViewSource): void {
    this.setSource(source);
    this.#buildTree();
  }

  /** Applies a change; the next {@link frame} shows it. */
  update(patch: ViewPatch): ViewChange {
    const change: ViewChange = {};
    // Another order or another set of rows: a folder's window would show other rows.
    if (patch.sort !== undefined && patch.sort !== this.#sort) {
      this.#sort = patch.sort;
      this.#treeStale = true;
      this.#windows.clear();
      this.#recenter = true;
    }
    if (patch.query !== undefined && patch.query.trim() !== this.#query) {
      this.#query = patch.query.trim();
      this.#shownStale = true;
      this.#windows.clear();
    }
    for (const id of patch.open ?? []) this.#open.add(id);
    for (const id of patch.close ?? []) this.#open.delete(id);
    if (patch.selectedId !== undefined) this.#selectedId = patch.selectedId;
    // toggleUnder changes the session's picks: the host asks toggleKeys, then applies them.
    if (patch.reveal !== undefined) change.revealed = this.#reveal(patch.reveal);
    if (patch.page !== undefined) {
      this.#refresh();
      change.paged = {
        first: this.#windows.page(findNode(this.#shown, patch.page.folderId), patch.page.direction),
      };
    }
    return change;
  }

  /** The view as of now, cut to what a window shows. */
  frame(viewId: string): ViewFrame {
    this.#refresh();
    const marks = this.#marks();
    if (marks.version !== this.#marksVersion) {
      this.#marksVersion = marks.version;
      this.#counts = new WeakMap();
    }
    if (this.#recenter) {
      this.#recenter = false;
      if (this.#selectedId !== null) this.#centerOn(this.#selectedId);
    }
    const answered = this.#answered;
    const expandAll = answered !== '' && this.#matches.size <= RANKED_MATCHES_UP_TO;
    const tree = this.#cut(this.#shown, expandAll);
    const bestPath = expandAll ? undefined : this.#pathToBest();
    let shownResources = 0;
    for (const node of this.#shown) shownResources += node.resourceCount;
    let resourceTotal = 0;
    for (const server of this.#source.servers)
      resourceTotal += this.#source.resources[server.id]?.length ?? 0;
    const selected = this.#selectedNode();
    return {
      viewId,
      frame: (this.#frames += 1),
      tree,
      query: answered,
      ...(this.#searching && { searching: this.#query }),
      matchCount: answered ? this.#matches.size : 0,
      ...(answered && this.#matches.tiers && { matchTiers: { ...this.#matches.tiers } }),
      ...(bestPath && { bestPath }),
      shownResources,
      resourceTotal,
      selectedId: this.#selectedId,
      selected: selected ? this.#selectedRow(selected) : null,
      listing: this.#source.listing,
    };
  }

  /** Whether the last frame still waits for a search to end (see the constructor's `search`). */
  get searching(): boolean {
    return this.#searching;
  }

  #selected: { tree: CatalogNode[]; id: string; node: CatalogNode | null } | undefined;

  /** The selected node in the whole tree, looked up once per tree and selection. */
  #selectedNode(): CatalogNode | null {
    const id = this.#selectedId;
    if (id === null) return null;
    const known = this.#selected;
    if (known && known.tree === this.#tree && known.id === id) return known.node;
    const node = findNode(this.#tree, id);
    this.#selected = { tree: this.#tree, id, node };
    return node;
  }

  /** The selected row, with its whole entry, and what the detail pane counts below it. */
  #selectedRow(node: CatalogNode): ViewNode {
    const row = this.#row(node);
    if (node.resource) row.resource = node.resource;
    if (!node.children) return row;
    let folders = 0;
    const stack = [...node.children];
    while (stack.length > 0) {
      const current = stack.pop() as CatalogNode;
      if (current.kind === 'folder' && current.children) {
        folders += 1;
        for (const child of current.children) stack.push(child);
      }
    }
    row.below = { folders, templates: node.kind === 'templates' ? node.children.length : 0 };
    return row;
  }

  /**
   * Makes every folder's rows now (they are made when first read), so the first search or
   * pick after a listing does not pay for it. For idle time, in steps: it stops when
   * `shouldYield` says so (a million resources take seconds), and goes on at the next call;
   * true once done for the tree as it stands.
   */
  prepare(shouldYield: () => boolean = () => false): boolean {
    // The tree only: a search answered here, with no frame to show it, would leave the window
    // saying "Searching…" for good.
    this.#buildTree();
    if (this.#preparing?.tree !== this.#tree)
      this.#preparing = { tree: this.#tree, stack: [...this.#tree] };
    const stack = this.#preparing.stack;
    for (let made = 1; stack.length > 0; made += 1) {
      const node = stack.pop() as CatalogNode;
      if (isBranch(node)) for (const child of node.children ?? []) stack.push(child);
      if (made % 1024 === 0 && shouldYield()) return false;
    }
    return true;
  }

  /** The rows {@link prepare} has yet to walk, and the tree it walks. */
  #preparing: { tree: CatalogNode[]; stack: CatalogNode[] } | undefined;

  #buildTree(): void {
    if (!this.#treeStale) return;
    this.#tree = this.#trees.tree(this.#source, this.#sort);
    this.#treeStale = false;
    this.#shownStale = true;
  }

  #refresh(): void {
    this.#buildTree();
    if (!this.#shownStale) return;
    const query = this.#query;
    // Asked even for no query: the host drops a search it still has going on.
    // Not searching if the search throws: the view must never say so with nothing going on.
    this.#searching = false;
    const matches = this.#search(query);
    // Searched on in slices: the tree keeps showing the last answer, and stays stale.
    this.#searching = matches === undefined;
    if (matches === undefined) return;
    this.#shownStale = false;
    this.#answered = query;
    this.#matches = matches;
    if (!query) {
      this.#shown = this.#tree;
      return;
    }
    const normalized = normalizeQuery(query);
    const base = this.#base;
    const from =
      base && base.tree === this.#tree && narrows(normalized, base.query) ? base.shown : this.#tree;
    this.#shown = filterCatalogTree(from, this.#matches);
    // A ranked result is never a base: its ties are in score order, not the catalog's; nor is
    // one ordered by tiers, whose order a narrower query's tiers would not give.
    const tiers = this.#matches.tiers;
    const oneTier =
      !tiers || [tiers.exact, tiers.contains, tiers.fuzzy].filter((n) => n > 0).length <= 1;
    if (this.#matches.size > RANKED_MATCHES_UP_TO && oneTier)
      this.#base = { tree: this.#tree, query: normalized, shown: this.#shown };
  }

  /** Resources and picks under a folder of the shown tree, counted once per change of picks. */
  #count(node: CatalogNode): PickCount {
    const known = this.#counts.get(node);
    if (known) return known;
    let picked = 0;
    let total = 0;
    if (this.#picked.size === 0) {
      total = node.resourceCount;
    } else {
      for (const child of node.children ?? []) {
        if (child.children) {
          const below = this.#count(child);
          picked += below.picked;
          total += below.total;
        } else if (child.kind === 'resource' && child.resource) {
          total += 1;
          if (this.#picked.has(entryKey(child.resource))) picked += 1;
        }
      }
    }
    const count = { picked, total };
    this.#counts.set(node, count);
    return count;
  }

  /**
   * A node's row without its children: its picks if a folder, its match if it matched. A
   * resource's row carries what the row shows, not its description or _meta, which can be
   * long; the frame's `selected` carries the whole entry.
   */
  #row(node: CatalogNode): ViewNode {
    // Field by field: a folder makes its children when they are first read (build-tree.ts),
    // and a row must not make them.
    const row: ViewNode = {
      id: node.id,
      kind: node.kind,
      serverId: node.serverId,
      label: node.label,
      resourceCount: node.resourceCount,
    };
    if (node.rows !== undefined) row.rows = node.rows;
    if (node.resource) {
      row.resource = rowEntry(node.resource);
      const key = entryKey(node.resource);
      const marks = this.#marks();
      const mark = marks.mark(key);
      if (mark) row.mark = mark;
      const decision = marks.decision(key);
      if (decision) row.decision = decision;
      const fresh = marks.fresh?.(key);
      if (fresh) row.fresh = fresh;
    }
    if (node.template) row.template = node.template;
    if (node.ordinal !== undefined) row.ordinal = node.ordinal;
    if (isBranch(node)) row.picked = this.#count(node).picked;
    else if (this.#answered) {
      const match = this.#matches.get(node);
      if (match) row.match = { score: match.score, ranges: match.ranges };
    }
    return row;
  }

  /**
   * The rows of open folders, all the way down; then, nearest first and while
   * {@link LOOKAHEAD_ROWS} lasts, the children of closed ones.
   */
  /**
   * Too many matches to open every folder, but some better than fuzzy: the folders down to the
   * best one (the first at each level, as the tiers ordered them), for the window to open once.
   */
  #pathToBest(): string[] | undefined {
    const tiers = this.#answered ? this.#matches.tiers : undefined;
    if (!tiers || tiers.exact + tiers.contains === 0 || tiers.fuzzy === 0) return undefined;
    const path: string[] = [];
    for (let node = this.#shown[0]; node && isBranch(node); node = node.children?.[0])
      path.push(node.id);
    return path;
  }

  #cut(nodes: readonly CatalogNode[], expandAll: boolean): ViewNode[] {
    const closed: { row: ViewNode; node: CatalogNode }[] = [];
    const level = (list: readonly CatalogNode[]): ViewNode[] =>
      list.map((node) => {
        const row = this.#row(node);
        if (isBranch(node)) {
          if (expandAll || this.#open.has(node.id)) row.children = this.#windows.rows(node, level);
          else {
            row.children = [];
            row.more = true;
            closed.push({ row, node });
          }
        }
        return row;
      });
    const tree = level(nodes);
    let budget = this.#answered ? SEARCH_LOOKAHEAD_ROWS : LOOKAHEAD_ROWS;
    for (let next = 0; next < closed.length && budget > 0; next += 1) {
      const { row, node } = closed[next] as (typeof closed)[number];
      // A folder too big for what is left is not even made.
      if ((node.rows ?? 0) > budget) continue;
      const children = node.children ?? [];
      if (children.length > budget) continue;
      budget -= children.length;
      row.children = level(children);
      delete row.more;
    }
    return tree;
  }

  /**
   * The tri-state checkbox of a shown row: the keys of every resource shown under it, and
   * whether they are to be picked (any of them is not yet) or unpicked (all of them are).
   */
  toggleKeys(nodeId: string): { on: boolean; keys: string[] } {
    this.#refresh();
    const node = findNode(this.#shown, nodeId);
    const keys: string[] = [];
    if (!node) return { on: false, keys };
    const stack: CatalogNode[] = [node];
    while (stack.length > 0) {
      const current = stack.pop() as CatalogNode;
      if (current.kind === 'resource' && current.resource) keys.push(entryKey(current.resource));
      if (current.children) for (const child of current.children) stack.push(child);
    }
    // The usual tri-state rule: a box with everything checked unchecks; any other checks. A
    // pinned or excluded resource is the user's own word, and the box leaves it be.
    const marks = this.#marks();
    const pickable = keys.filter((key) => {
      const mark = marks.mark(key);
      return mark === undefined || mark === 'include';
    });
    return { on: !pickable.every((key) => marks.picked.has(key)), keys };
  }

  /**
   * Moves the windows above a node so it is shown: in the shown tree (a search's, perhaps), where
   * they apply.
   */
  #centerOn(id: string): void {
    const path = pathTo(this.#shown, id);
    if (path) this.#windows.centerOn(path);
  }

  #reveal(id: string): { node: ViewNode; path: string[] } | null {
    this.#refresh();
    const path = pathTo(this.#tree, id);
    if (!path) return null;
    const above = path.slice(0, -1).map((node) => node.id);
    for (const ancestor of above) this.#open.add(ancestor);
    this.#centerOn(id);
    this.#selectedId = id;
    return { node: this.#row(path[path.length - 1] as CatalogNode), path: above };
  }
}
