/**
 * A row's tri-state checkbox. A pick is a resource key (server id + URI, never a name). The
 * host counts the picks under each folder of the shown tree and sends them with the row
 * (shared/catalog/catalog-view.ts), so a row reads its state in O(1). While a search is
 * active the shown tree holds only matches and their ancestors, so a folder's box counts
 * only those: what the user sees is what the box means.
 */
import type { ViewNode } from '../../shared/catalog/view-wire';
import { entryKey } from '../../shared/catalog/resource-key';
import type { ResourceEntry } from '../../shared/mcp-types';

export type CheckState = boolean | 'mixed';

/** The pick key of a resource: its server and URI. */
export function pickKey(resource: ResourceEntry): string {
  return entryKey(resource);
}

/** A row's checkbox: `null` where there is nothing to pick (templates, empty folders). */
export function checkState(node: ViewNode, picked: ReadonlySet<string>): CheckState | null {
  if (node.kind === 'resource') return node.resource ? picked.has(pickKey(node.resource)) : null;
  if (!node.children || node.resourceCount === 0) return null;
  const count = node.picked ?? 0;
  if (count === 0) return false;
  return count >= node.resourceCount ? true : 'mixed';
}
