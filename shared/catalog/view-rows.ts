/**
 * What a catalog view's rows are made of besides the tree: the session's marks and decisions
 * they show, the slim entry a row carries, and the walks over the tree (paths, the rows a
 * large folder's window cuts). Apart from catalog-view.ts, which cuts frames with them.
 */
import type { RowDecision } from '../context/context-wire';
import type { Mark } from '../context/policy';
import type { ResourceEntry } from '../mcp-types';
import { nodeIdTest, type NodeIdTest } from './node-ids';
import type { CatalogNode } from './tree-types';
import type { FreshMark, PageDirection } from './view-wire';

/**
 * What the host's context session says of each resource: its mark and its decision. One for
 * every view: picks are the session's, not a window's.
 */
export interface RowMarks {
  /** Changes whenever a mark or a decision does, so counts and rows are made again. */
  readonly version: number;
  /** The keys with an include mark. */
  readonly picked: ReadonlySet<string>;
  mark(key: string): Mark | undefined;
  decision(key: string): RowDecision | undefined;
  /**
   * Whether the last listing again added or changed it, for a few seconds after (the host's
   * highlight).
   */
  fresh?(key: string): FreshMark | undefined;
}

/** No marks and no decisions (a view with no session: tests, tools). */
export const NO_MARKS: RowMarks = {
  version: 0,
  picked: new Set(),
  mark: () => undefined,
  decision: () => undefined,
};

/** The id of a `more` row: never a node id of the tree, whose ids start with their kind. */
export function moreNodeId(folderId: string, direction: PageDirection): string {
  return `more\u0000${direction}\u0000${folderId}`;
}

const rowEntries = new WeakMap<ResourceEntry, ResourceEntry>();

/** A resource entry without the fields no row shows; made once per entry. */
export function rowEntry(entry: ResourceEntry): ResourceEntry {
  if (entry.description === undefined && entry._meta === undefined) return entry;
  let slim = rowEntries.get(entry);
  if (!slim) {
    const { description: _description, _meta, ...rest } = entry;
    slim = rest;
    rowEntries.set(entry, slim);
  }
  return slim;
}

/** The rows of a branch that a window cuts: all, but a server's Templates branch, which stays. */
export function windowable(node: CatalogNode): readonly CatalogNode[] {
  const children = node.children ?? [];
  return node.kind === 'server' && children.at(-1)?.kind === 'templates'
    ? children.slice(0, -1)
    : children;
}

/** Servers, folders and the templates branch: the rows that hold others. */
export function isBranch(node: CatalogNode): boolean {
  return node.kind === 'server' || node.kind === 'folder' || node.kind === 'templates';
}

/** A node by id, depth first. */
export function findNode(tree: readonly CatalogNode[], id: string): CatalogNode | null {
  return pathTo(tree, id)?.at(-1) ?? null;
}

/** The nodes from a root down to the node with `id`, or undefined when no node has it. */
export function pathTo(tree: readonly CatalogNode[], id: string): CatalogNode[] | undefined {
  const path: CatalogNode[] = [];
  const walk = (test: NodeIdTest) => {
    const visit = (nodes: readonly CatalogNode[]): boolean => {
      for (const node of nodes) {
        path.push(node);
        if (test.is(node)) return true;
        if (node.children && test.mayHold(node) && visit(node.children)) return true;
        path.pop();
      }
      return false;
    };
    return visit(tree);
  };
  // Where the resource's folders must be first; everywhere only if it was not there.
  return walk(nodeIdTest(id)) || walk(nodeIdTest(id, false)) ? path : undefined;
}
