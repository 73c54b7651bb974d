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

/**
 * The counts of every internal node of a tree, for one set of picks. Keyed by node object:
 * the tree builder hands back the same node for a folder that did not change, so a recount
 * after new pages walks only what changed.
 */
export interface PickCounts {
  readonly picked: ReadonlySet<string>;
  get(node: CatalogNode): PickCount | undefined;
}

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

/**
 * Counts resources and picks under every internal node of `tree`, in one walk. Given the
 * counts of an earlier call with the same picks, subtrees counted then are not walked again.
 */
export function countPicks(tree: readonly CatalogNode[], picked: ReadonlySet<string>, earlier?: PickCounts): PickCounts {
  // Nothing picked: every count is the node's own resource count, so nothing is walked.
  if (picked.size === 0) return new NothingPicked(picked);
  const known = earlier instanceof NodeCounts && earlier.picked === picked ? earlier.byNode : new WeakMap<CatalogNode, PickCount>();
  function visit(node: CatalogNode, children: readonly CatalogNode[]): PickCount {
    const counted = known.get(node);
    if (counted) return counted;
    let pickedBelow = 0;
    let total = 0;
    for (const child of children) {
      if (child.children) {
        const below = visit(child, child.children);
        pickedBelow += below.picked;
        total += below.total;
      } else if (child.kind === 'resource' && child.resource) {
        total += 1;
        if (picked.size > 0 && picked.has(pickKey(child.resource))) pickedBelow += 1;
      }
    }
    const count = { picked: pickedBelow, total };
    known.set(node, count);
    return count;
  }
  for (const node of tree) if (node.children) visit(node, node.children);
  return new NodeCounts(picked, known);
}

class NodeCounts implements PickCounts {
  constructor(
    readonly picked: ReadonlySet<string>,
    readonly byNode: WeakMap<CatalogNode, PickCount>,
  ) {}
  get(node: CatalogNode): PickCount | undefined {
    return this.byNode.get(node);
  }
}

class NothingPicked implements PickCounts {
  constructor(readonly picked: ReadonlySet<string>) {}
  get(node: CatalogNode): PickCount | undefined {
    return node.children ? { picked: 0, total: node.resourceCount } : undefined;
  }
}

/** Counts for no tree at all. */
export const NO_PICK_COUNTS: PickCounts = countPicks([], new Set());

/** A row's checkbox: `null` where there is nothing to pick (templates, empty folders). */
export function checkState(node: CatalogNode, counts: PickCounts, picked: ReadonlySet<string>): CheckState | null {
  if (node.kind === 'resource') return node.resource ? picked.has(pickKey(node.resource)) : null;
  const count = counts.get(node);
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
