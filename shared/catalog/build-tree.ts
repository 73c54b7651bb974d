/**
 * Shapes the catalogs of all servers into the rows of the resource tree:
 * server → scheme and authority → path folders → resource, plus a "Templates" branch.
 * Pure and deterministic: the same input in any order gives the same tree.
 */
import type { Annotations, ResourceEntry, ServerId, TemplateEntry } from '../mcp-types';
import { folderNodeId, serverNodeId, templateNodeId, templatesNodeId } from './node-ids';
import { annotationFacts, maxPresent, siblingComparator, type SortFacts } from './sibling-order';
import type { CatalogNode, CatalogSort, CatalogTreeInput } from './tree-types';
import { decodeSegment, leafStart, splitUri } from './uri-path';
import { resourceNodeClass, type ResourceNode, type ResourceNodeClass } from './resource-nodes';

export {
  folderNodeId,
  resourceNodeId,
  serverNodeId,
  templateNodeId,
  templatesNodeId,
} from './node-ids';

/** A folder of one server's tree, kept between builds and finished again only when it changed. */
interface FolderDraft {
  path: string;
  label: string;
  parent: FolderDraft | undefined;
  folders: Map<string, FolderDraft>;
  /**
   * `folders` in the order of the last finish, new ones at the end: re-sorting it is nearly free.
   */
  order: FolderDraft[];
  /** The resources directly in it, sorted, as of the last finish: nodes that are their own rows. */
  leaves: ResourceNode[];
  /** Resources at or below it, and the best priority and time among them (NaN when none). */
  count: number;
  bestPriority: number;
  bestTime: number;
  /**
   * Resources added since the last finish, and their ordinals: not yet rows, nor sorted in.
   * Their rows are made when the folder's children are first read, so the many folders no
   * window opens cost a listing two array slots per resource, not a node and a row.
   */
  incoming: ResourceEntry[];
  incomingOrdinals: number[];
  /** Something at or below it changed since `finished` was made. */
  dirty: boolean;
  finished: Row | undefined;
}

/** A finished row with what it is sorted by. */
interface Row extends SortFacts {
  node: CatalogNode;
}

/**
 * Builds catalog trees, reusing earlier work when a catalog has only grown since the last build.
 */
export interface CatalogTreeBuilder {
  /**
   * The tree of `input`, equal to {@link buildCatalogTree}'s. A server's resource array that
   * extends the one of the previous call (same first and last known entries, appended to, as
   * the catalog reducer does) costs only its new entries plus the folders they land in; the
   * nodes of unchanged folders are the very objects returned before. Anything else about a
   * server (another sort, a reset list) builds that server afresh.
   *
   * A folder's `children` are made when first read, from the builder's state: read a tree
   * before the next build, or its unread folders show what that build added. (The host's
   * views read each tree at once, and only the rows a window shows.)
   */
  build(input: CatalogTreeInput): CatalogNode[];
}

/** What making and ordering one server's rows needs. */
interface Shaping {
  serverId: ServerId;
  sort: CatalogSort;
  Leaf: ResourceNodeClass;
  compare: (a: SortFacts, b: SortFacts) => number;
}

/** One server's state in a {@link CatalogTreeBuilder}. */
interface ServerTree extends Shaping {
  /** How many entries of `list` are in the drafts. */
  consumed: number;
  first: ResourceEntry | undefined;
  last: ResourceEntry | undefined;
  roots: Map<string, FolderDraft>;
  /** The folder of every URI prefix already seen (see {@link leafStart}). */
  directories: Map<string, FolderDraft>;
  /** Some root changed since `node` was made. */
  dirty: boolean;
  templates: readonly TemplateEntry[] | undefined;
  /** How many `templates` held when its branch was made: a catalog appends to the same list. */
  templatesCount: number;
  templatesNode: CatalogNode | undefined;
  name: string;
  node: CatalogNode | undefined;
}

/**
 * Builds the catalog tree: one root per server, in input order. Chains of folders that each
 * hold only one folder become one row (`docs/api/v2`); a resource whose URI is also the
 * prefix of others appears both as a leaf and as the folder of the others.
 */
export function buildCatalogTree(input: CatalogTreeInput): CatalogNode[] {
  return createCatalogTreeBuilder().build(input);
}

// One empty list each, so a server without templates does not look changed on every build.
const NO_RESOURCES: readonly ResourceEntry[] = [];
const NO_TEMPLATES: readonly TemplateEntry[] = [];

export function createCatalogTreeBuilder(): CatalogTreeBuilder {
  let servers = new Map<ServerId, ServerTree>();
  return {
    build(input) {
      const next = new Map<ServerId, ServerTree>();
      const nodes = input.servers.map((server) => {
        const list = input.resources[server.id] ?? NO_RESOURCES;
        let state = servers.get(server.id);
        if (!state || state.sort !== input.sort || !grewFrom(state, list))
          state = emptyServerTree(server.id, input.sort);
        next.set(server.id, state);
        return serverNode(state, server, list, input.templates[server.id] ?? NO_TEMPLATES);
      });
      servers = next;
      return nodes;
    },
  };
}

function emptyServerTree(serverId: ServerId, sort: CatalogSort): ServerTree {
  return {
    serverId,
    sort,
    Leaf: resourceNodeClass(sort),
    compare: siblingComparator(sort),
    consumed: 0,
    first: undefined,
    last: undefined,
    roots: new Map(),
    directories: new Map(),
    dirty: true,
    templates: undefined,
    templatesCount: 0,
    templatesNode: undefined,
    name: '',
    node: undefined,
  };
}

/**
 * True when `list` is what `state` consumed with entries appended (checked at both ends, like
 * index-feed).
 */
function grewFrom(state: ServerTree, list: readonly ResourceEntry[]): boolean {
  if (list.length < state.consumed) return false;
  return (
    state.consumed === 0 || (list[0] === state.first && list[state.consumed - 1] === state.last)
  );
}

function serverNode(
  state: ServerTree,
  server: { id: ServerId; name: string },
  list: readonly ResourceEntry[],
  templates: readonly TemplateEntry[],
): CatalogNode {
  for (let index = state.consumed; index < list.length; index += 1)
    addResource(state, list[index] as ResourceEntry, index);
  if (list.length > 0) {
    state.first = list[0];
    state.last = list[list.length - 1];
  }
  state.consumed = list.length;
  let templatesChanged = false;
  if (templates !== state.templates || templates.length !== state.templatesCount) {
    state.templates = templates;
    state.templatesCount = templates.length;
    state.templatesNode =
      templates.length > 0
        ? templatesBranch(server.id, templates, state.sort, state.compare)
        : undefined;
    templatesChanged = true;
  }
  if (state.node && !state.dirty && !templatesChanged && state.name === server.name)
    return state.node;
  const children = sortRows(
    [...state.roots.values()].map((root) => finishFolder(root, state)),
    state.compare,
  );
  if (state.templatesNode) children.push(state.templatesNode);
  state.dirty = false;
  state.name = server.name;
  state.node = {
    id: serverNodeId(server.id),
    kind: 'server',
    serverId: server.id,
    label: server.name,
    children,
    resourceCount: children.reduce((sum, child) => sum + child.resourceCount, 0),
  };
  return state.node;
}

/**
 * Walks down from the root, creating folders as needed; runs once per directory, not per resource.
 */
function folderFor(state: ServerTree, root: string, folders: string): FolderDraft {
  let folder: FolderDraft | undefined = state.roots.get(root);
  if (!folder) {
    folder = newFolder(root, root, undefined);
    state.roots.set(root, folder);
  }
  if (folders === '') return folder;
  for (const segment of folders.split('/')) {
    let child: FolderDraft | undefined = folder.folders.get(segment);
    if (!child) {
      child = newFolder(`${folder.path}/${segment}`, decodeSegment(segment), folder);
      folder.folders.set(segment, child);
      folder.order.push(child);
    }
    folder = child;
  }
  return folder;
}

function newFolder(path: string, label: string, parent: FolderDraft | undefined): FolderDraft {
  // Marked dirty, with its ancestors, by the resource that needs it (see addResource).
  return {
    path,
    label,
    parent,
    folders: new Map(),
    order: [],
    leaves: [],
    count: 0,
    bestPriority: Number.NaN,
    bestTime: Number.NaN,
    incoming: [],
    incomingOrdinals: [],
    dirty: false,
    finished: undefined,
  };
}

function addResource(state: ServerTree, resource: ResourceEntry, ordinal: number): void {
  const uri = resource.uri;
  const prefix = uri.slice(0, leafStart(uri));
  let folder = state.directories.get(prefix);
  if (!folder) {
    const parts = splitUri(uri);
    folder = folderFor(state, parts.root, parts.folders);
    state.directories.set(prefix, folder);
  }
  folder.incoming.push(resource);
  folder.incomingOrdinals.push(ordinal);
  // Every folder above learns of it: its row's count and sort facts are kept up to date here,
  // so a row can be made without finishing what is below it (see finishFolder).
  const { priority, time } = annotationFacts(resource.annotations, state.sort);
  for (let at: FolderDraft | undefined = folder; at; at = at.parent) {
    at.count += 1;
    at.bestPriority = maxPresent(at.bestPriority, priority);
    at.bestTime = maxPresent(at.bestTime, time);
    at.dirty = true;
  }
  state.dirty = true;
}

/** The node of a resource, which is also its sorting row. */
function resourceRow(shaping: Shaping, resource: ResourceEntry, ordinal: number): ResourceNode {
  const uri = resource.uri;
  // A row needs something to show even when the server sent no name and the URI is empty.
  const label =
    resource.title || resource.name || decodeSegment(splitUri(uri).leaf) || uri || '(no name)';
  return new shaping.Leaf(shaping.serverId, label, resource, ordinal);
}

function leafRow(
  node: CatalogNode,
  label: string,
  tiebreak: string,
  annotations: Annotations | undefined,
  sort: CatalogSort,
): Row {
  const { priority, time } = annotationFacts(annotations, sort);
  return { node, key: label, tiebreak, priority, time };
}

/** Sorts what arrived since the last finish into a folder's leaves, without re-sorting them. */
function settle(draft: FolderDraft, shaping: Shaping): void {
  if (draft.incoming.length === 0) return;
  const { compare } = shaping;
  const ordinals = draft.incomingOrdinals;
  const incoming = draft.incoming
    .map((resource, index) => resourceRow(shaping, resource, ordinals[index] as number))
    .sort(compare);
  draft.incoming = [];
  draft.incomingOrdinals = [];
  const leaves = draft.leaves;
  // A few new rows among many (a page spread over many folders): a binary search each.
  if (leaves.length > 0 && incoming.length * Math.log2(leaves.length) < leaves.length) {
    let low = 0;
    for (const row of incoming) {
      let high = leaves.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compare(leaves[middle] as ResourceNode, row) <= 0) low = middle + 1;
        else high = middle;
      }
      leaves.splice(low, 0, row);
      low += 1;
    }
    return;
  }
  const merged: ResourceNode[] = new Array<ResourceNode>(leaves.length + incoming.length);
  let a = 0;
  let b = 0;
  for (let index = 0; index < merged.length; index += 1) {
    const left = leaves[a];
    const right = incoming[b];
    const row = (
      right === undefined || (left !== undefined && compare(left, right) <= 0)
        ? (a++, left)
        : (b++, right)
    ) as ResourceNode;
    merged[index] = row;
  }
  draft.leaves = merged;
}

/**
 * Turns a draft into a row, collapsing single-folder chains into one label; unchanged drafts
 * give their last row. The row's node has its children made on first read: a window shows a
 * few folders of 100,000 resources, and sorting the others on every build would cost the
 * listing itself (the host builds on the thread that lists). The drafts change only inside
 * `build`, so children made later are still those of the build that made the node.
 */
function finishFolder(draft: FolderDraft, shaping: Shaping): Row {
  if (!draft.dirty && draft.finished) return draft.finished;
  const top = draft;
  let label = draft.label;
  let current = draft;
  while (current.leaves.length + current.incoming.length === 0 && current.folders.size === 1) {
    const [only] = current.folders.values();
    if (!only) break;
    label = `${label}/${only.label}`;
    current = only;
    // Shown through `top`'s row: clean now, with no row of its own until the chain breaks.
    current.dirty = false;
    current.finished = undefined;
  }
  const bottom = current;
  const rows = bottom.order.length + bottom.leaves.length + bottom.incoming.length;
  const { serverId } = shaping;
  const node: CatalogNode = {
    id: folderNodeId(serverId, top.path),
    kind: 'folder',
    serverId,
    label,
    resourceCount: top.count,
    rows,
  };
  childrenOnFirstRead(node, () => folderChildren(bottom, shaping));
  top.finished = {
    node,
    key: label,
    tiebreak: top.path,
    priority: top.bestPriority,
    time: top.bestTime,
  };
  top.dirty = false;
  return top.finished;
}

/** A folder's rows: its folders, sorted, then its resources, sorted. */
function folderChildren(draft: FolderDraft, shaping: Shaping): CatalogNode[] {
  settle(draft, shaping);
  // Sorted from the last finish's order: nearly sorted input costs the sort about one pass.
  const order = draft.order;
  for (const child of order) finishFolder(child, shaping);
  order.sort((a, b) => shaping.compare(a.finished as Row, b.finished as Row));
  const folderNodes = order.map((child) => (child.finished as Row).node);
  // A copy: the draft's own list grows with later pages, and a finished row never changes.
  return (folderNodes as CatalogNode[]).concat(draft.leaves);
}

/** Gives `node` a `children` made by `make` when first read, then kept as a plain value. */
function childrenOnFirstRead(node: CatalogNode, make: () => CatalogNode[]): void {
  Object.defineProperty(node, 'children', {
    configurable: true,
    enumerable: true,
    get(): CatalogNode[] {
      const children = make();
      Object.defineProperty(node, 'children', {
        value: children,
        configurable: true,
        enumerable: true,
        writable: true,
      });
      return children;
    },
  });
}

function sortRows(rows: Row[], compare: (a: SortFacts, b: SortFacts) => number): CatalogNode[] {
  return rows.sort(compare).map((row) => row.node);
}

function templatesBranch(
  serverId: ServerId,
  templates: readonly TemplateEntry[],
  sort: CatalogSort,
  compare: (a: SortFacts, b: SortFacts) => number,
): CatalogNode {
  const seen = new Set<string>();
  const rows: Row[] = [];
  templates.forEach((template, ordinal) => {
    // A template listed twice keeps its first listing, as a resource does.
    if (seen.has(template.uriTemplate)) return;
    seen.add(template.uriTemplate);
    const label = template.title || template.name || template.uriTemplate || '(no name)';
    const node: CatalogNode = {
      id: templateNodeId(serverId, template.uriTemplate),
      kind: 'template',
      serverId,
      label,
      resourceCount: 0,
      template,
      ordinal,
    };
    rows.push(leafRow(node, label, template.uriTemplate, template.annotations, sort));
  });
  return {
    id: templatesNodeId(serverId),
    kind: 'templates',
    serverId,
    label: 'Templates',
    children: sortRows(rows, compare),
    resourceCount: 0,
  };
}
