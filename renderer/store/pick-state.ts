/**
 * A row's tri-state checkbox. A pick is an include mark in the host's context session, keyed
 * by server id and URI (never a name). A resource's row carries its mark; a folder's row
 * carries how many resources at or below it are picked, counted by the host
 * (shared/catalog/catalog-view.ts), so a row reads its state in O(1). While a search is
 * active the shown tree holds only matches and their ancestors, so a folder's box counts
 * only those: what the user sees is what the box means.
 */
import type { ViewNode } from '../../shared/catalog/view-wire';
import type { Mark } from '../../shared/context/policy';

export type CheckState = boolean | 'mixed';

/**
 * A row's checkbox: `null` where there is nothing to pick (templates, empty folders).
 * `mark` is the resource's mark as shown (its row's, or one sent and not answered yet).
 */
export function checkState(node: ViewNode, mark: Mark | undefined): CheckState | null {
  if (node.kind === 'resource') return node.resource ? mark === 'include' : null;
  if (!node.children || node.resourceCount === 0) return null;
  const count = node.picked ?? 0;
  if (count === 0) return false;
  return count >= node.resourceCount ? true : 'mixed';
}
