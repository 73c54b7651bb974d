/** Finds a node of the catalog tree by id. Pure. */
import type { CatalogNode } from '../../shared/catalog/tree-types';

let lastTree: readonly CatalogNode[] | null = null;
let lastId: string | null = null;
let lastFound: CatalogNode | null = null;

/**
 * Depth-first, skipping subtrees of other servers by the id's server: one walk per tree
 * rebuild at most, since the detail pane asks again with the same tree on every render.
 */
export function findNode(tree: readonly CatalogNode[], id: string | null): CatalogNode | null {
  if (id === null) return null;
  if (tree === lastTree && id === lastId) return lastFound;
  let found: CatalogNode | null = null;
  const stack: CatalogNode[] = [...tree];
  while (stack.length > 0 && !found) {
    const node = stack.pop() as CatalogNode;
    if (node.id === id) found = node;
    else if (node.children) for (const child of node.children) stack.push(child);
  }
  lastTree = tree;
  lastId = id;
  lastFound = found;
  return found;
}
