/**
 * What the search index must be told when the catalogs change. Pure. Pages are appended to a
 * catalog's arrays (reducers/catalog-reducer.ts), so a catalog of the same generation whose
 * known prefix is unchanged only needs its new tail added: the index is fed page by page and
 * never rebuilt per keystroke or per page. Anything else (a reset, a snapshot, a removal)
 * re-feeds that one server.
 */
import type { CatalogSnapshot, ResourceEntry, ServerId, TemplateEntry } from '../../shared/host-api';

export type IndexUpdate =
  | { type: 'clear'; serverId: ServerId }
  | { type: 'add'; serverId: ServerId; resources: readonly ResourceEntry[]; templates: readonly TemplateEntry[] };

type Catalogs = Readonly<Record<ServerId, CatalogSnapshot>>;

export function indexUpdates(fed: Catalogs, next: Catalogs): IndexUpdate[] {
  const updates: IndexUpdate[] = [];
  for (const serverId of Object.keys(fed)) {
    if (!(serverId in next)) updates.push({ type: 'clear', serverId });
  }
  for (const [serverId, catalog] of Object.entries(next)) {
    const before = fed[serverId];
    if (before === catalog) continue;
    if (before && extends_(before, catalog)) {
      const resources = catalog.resources.slice(before.resources.length);
      const templates = catalog.templates.slice(before.templates.length);
      if (resources.length > 0 || templates.length > 0) updates.push({ type: 'add', serverId, resources, templates });
      continue;
    }
    if (before) updates.push({ type: 'clear', serverId });
    if (catalog.resources.length > 0 || catalog.templates.length > 0) {
      updates.push({ type: 'add', serverId, resources: catalog.resources, templates: catalog.templates });
    }
  }
  return updates;
}

/** True when `next` is `before` with items appended: same generation, same objects up front. */
function extends_(before: CatalogSnapshot, next: CatalogSnapshot): boolean {
  return (
    before.generation === next.generation &&
    samePrefix(before.resources, next.resources) &&
    samePrefix(before.templates, next.templates)
  );
}

function samePrefix<T>(before: readonly T[], next: readonly T[]): boolean {
  if (next.length < before.length) return false;
  if (before.length === 0) return true;
  // Checking both ends is enough: the reducer only ever concatenates.
  return next[0] === before[0] && next[before.length - 1] === before[before.length - 1];
}
