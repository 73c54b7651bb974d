/**
 * Picks and the tri-state checkboxes, as pure functions over the tree the user sees.
 * A pick is a resource key (server id + URI, never a name). A folder's box is derived from
 * per-folder counts taken once per change of picks or tree (one walk), so a row reads its
 * state in O(1) instead of walking its descendants on every render.
 *
 * While a search is active the shown tree holds only matches and their ancestors, so checking
 * a folder then picks the visible matches under it and its box counts only those: what the
 * user sees is what the box means.
 */
import type { ResourceEntry } from '../../shared/host-api';
import type { CatalogNode } from '../../shared/catalog/tree-types';
import { resourceKeyString } from './resource-key';

/** Resources under a folder in the shown tree, and how many of them are picked. */
export interface PickCount {
  picked: number;
  total: number;
}

export type PickCounts = ReadonlyMap<string, PickCount>;
export type CheckState = boolean | 'mixed';

// Entries are immutable; a key is built once per resource, not once per recount.
const keys = new WeakMap<ResourceEntry, string>();

/** The pick key of a resource: its server and URI. */
export function pickKey(resource: ResourceEntry): string {
  let key = keys.get(resource);
  if (key === undefined) {
    key = resourceKeyString(resource);
    keys.set(resource, key);
  }
  return key;
}

/** Counts resources and picks under every internal node of `tree`, in one walk. */
export function countPicks(tree: readonly CatalogNode[], picked: ReadonlySet<string>): Map<string, PickCount> {
  const counts = new Map<string, PickCount>();
  function visit(node: CatalogNode): PickCount {
    if (!node.children) {
      if (node.kind !== 'resource' || !node.resource) return { picked: 0, total: 0 };
      return { picked: picked.size > 0 && picked.has(pickKey(node.resource)) ? 1 : 0, total: 1 };
    }
    const count = { picked: 0, total: 0 };
    for (const child of node.children) {
      const below = visit(child);
      count.picked += below.picked;
      count.total += below.total;
    }
    counts.set(node.id, count);
    return count;
  }
  for (const node of tree) visit(node);
  return counts;
}

/** A row's checkbox: `null` where there is nothing to pick (templates, empty folders). */
export function checkState(node: CatalogNode, counts: PickCounts, picked: ReadonlySet<string>): CheckState | null {
  if (node.kind === 'resource') return node.resource ? picked.has(pickKey(node.resource)) : null;
  const count = counts.get(node.id);
  if (!count || count.total === 0) return null;
  if (count.picked === 0) return false;
  return count.picked === count.total ? true : 'mixed';
}

/** The pick keys of every resource at or under `node`, as shown. */
export function pickKeysUnder(node: CatalogNode): string[] {
  const out: string[] = [];
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop() as CatalogNode;
    if (current.kind === 'resource' && current.resource) out.push(pickKey(current.resource));
    if (current.children) for (const child of current.children) stack.push(child);
  }
  return out;
}

/**
 * What a click or Space on `node` does: a checked box unchecks everything under it; an
 * unchecked or mixed box checks everything (the usual tri-state rule).
 */
export function togglePicks(node: CatalogNode, counts: PickCounts, picked: ReadonlySet<string>): Set<string> {
  const state = checkState(node, counts, picked);
  const next = new Set(picked);
  if (state === null) return next;
  const keysUnder = pickKeysUnder(node);
  if (state === true) for (const key of keysUnder) next.delete(key);
  else for (const key of keysUnder) next.add(key);
  return next;
}
