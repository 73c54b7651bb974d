/**
 * Narrows the catalog tree to a search's matches, for the tree to show while the user types.
 * One pass over the tree; nothing here looks at text, the search index did that.
 */
import type { CatalogNode, SearchMatches } from './tree-types';

/**
 * The tree with only the matching resources and templates and the rows above them. Counts
 * become counts of matching resources; empty branches go; siblings are ordered by their best
 * match (a branch by the best match inside it), equal ones keeping their order in `tree`.
 */
export function filterCatalogTree(tree: readonly CatalogNode[], matches: SearchMatches): CatalogNode[] {
  return filterLevel(tree, matches).map((kept) => kept.node);
}

interface Kept {
  node: CatalogNode;
  best: number;
}

function filterLevel(nodes: readonly CatalogNode[], matches: SearchMatches): Kept[] {
  const kept: Kept[] = [];
  for (const node of nodes) {
    if (node.children === undefined) {
      const match = matches.get(node.id);
      if (match) kept.push({ node, best: match.score });
      continue;
    }
    const children = filterLevel(node.children, matches);
    if (children.length === 0) continue;
    let best = -Infinity;
    let resourceCount = 0;
    for (const child of children) {
      best = Math.max(best, child.best);
      resourceCount += child.node.resourceCount;
    }
    kept.push({ node: { ...node, children: children.map((child) => child.node), resourceCount }, best });
  }
  // Array.prototype.sort is stable (ES2019), so equal scores keep the tree's own order.
  return kept.sort((a, b) => b.best - a.best);
}

/**
 * The ids of every server, folder and templates row above a match, so the tree can open
 * exactly the rows that lead to what was found.
 */
export function ancestorIds(tree: readonly CatalogNode[], matches: SearchMatches): Set<string> {
  const open = new Set<string>();
  const path: string[] = [];
  const visit = (nodes: readonly CatalogNode[]): void => {
    for (const node of nodes) {
      if (node.children !== undefined) {
        path.push(node.id);
        visit(node.children);
        path.pop();
      } else if (matches.has(node.id)) {
        // Walk up until a row already opened: everything above it is open too.
        for (let depth = path.length - 1; depth >= 0; depth -= 1) {
          const id = path[depth] ?? '';
          if (open.has(id)) break;
          open.add(id);
        }
      }
    }
  };
  visit(tree);
  return open;
}
