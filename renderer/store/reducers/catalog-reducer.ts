/**
 * Folds catalog events into the catalog slice's data. Pure. Each listing has a generation;
 * pages and statuses of an older generation arrive late after a reset and must not mix in.
 */
import type { CatalogSnapshot, HostEvent, ServerId } from '../../../shared/host-api';

export type CatalogsData = Record<ServerId, CatalogSnapshot>;

export function catalogsFromSnapshot(catalogs: CatalogSnapshot[]): CatalogsData {
  const byId: CatalogsData = {};
  for (const catalog of catalogs) byId[catalog.serverId] = catalog;
  return byId;
}

function emptyCatalog(serverId: ServerId, generation: number): CatalogSnapshot {
  return { serverId, generation, status: 'listing', resources: [], templates: [], pages: 0, warnings: [] };
}

export function reduceCatalogs(catalogs: CatalogsData, event: HostEvent): CatalogsData {
  switch (event.type) {
    case 'catalog-reset': {
      const current = catalogs[event.serverId];
      if (current && current.generation > event.generation) return catalogs;
      return { ...catalogs, [event.serverId]: emptyCatalog(event.serverId, event.generation) };
    }
    case 'catalog-page': {
      const existing = catalogs[event.serverId];
      if (existing && existing.generation > event.generation) return catalogs;
      // A newer generation than we know means we missed its reset: start it fresh.
      const current = existing && existing.generation === event.generation ? existing : emptyCatalog(event.serverId, event.generation);
      return {
        ...catalogs,
        [event.serverId]: {
          ...current,
          resources: event.resources.length ? current.resources.concat(event.resources) : current.resources,
          templates: event.templates.length ? current.templates.concat(event.templates) : current.templates,
          warnings: event.warnings.length ? current.warnings.concat(event.warnings) : current.warnings,
          pages: event.pages,
        },
      };
    }
    case 'catalog-status': {
      const current = catalogs[event.serverId];
      if (!current || current.generation !== event.generation) return catalogs;
      const next: CatalogSnapshot = { ...current, status: event.status };
      if (event.error === undefined) delete next.error;
      else next.error = event.error;
      return { ...catalogs, [event.serverId]: next };
    }
    case 'server-removed': {
      if (!(event.serverId in catalogs)) return catalogs;
      const { [event.serverId]: _removed, ...rest } = catalogs;
      return rest;
    }
    default:
      return catalogs;
  }
}
