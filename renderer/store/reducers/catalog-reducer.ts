/**
 * Folds catalog events into the catalog slice's data: each catalog's status, templates,
 * warnings and how many resources it holds (the resources stay on the host). Pure. Each listing has
 * a generation;
 * pages and statuses of an older generation arrive late after a reset and must not mix in.
 */
import type { ServerId } from '../../../shared/mcp-types';
import type { CatalogSummary, WindowEvent } from '../../../shared/window-api';

export type CatalogsData = Record<ServerId, CatalogSummary>;

export function catalogsFromSnapshot(catalogs: CatalogSummary[]): CatalogsData {
  const byId: CatalogsData = {};
  for (const catalog of catalogs) byId[catalog.serverId] = catalog;
  return byId;
}

function emptyCatalog(serverId: ServerId, generation: number): CatalogSummary {
  return {
    serverId,
    generation,
    status: 'listing',
    resourceCount: 0,
    templates: [],
    pages: 0,
    warnings: [],
  };
}

export function reduceCatalogs(catalogs: CatalogsData, event: WindowEvent): CatalogsData {
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
      const current =
        existing && existing.generation === event.generation
          ? existing
          : emptyCatalog(event.serverId, event.generation);
      return {
        ...catalogs,
        [event.serverId]: {
          ...current,
          resourceCount: current.resourceCount + event.added,
          templates: event.templates.length
            ? current.templates.concat(event.templates)
            : current.templates,
          warnings: event.warnings.length
            ? current.warnings.concat(event.warnings)
            : current.warnings,
          pages: event.pages,
        },
      };
    }
    case 'catalog-status': {
      const current = catalogs[event.serverId];
      if (!current || current.generation !== event.generation) return catalogs;
      const next: CatalogSummary = { ...current, status: event.status };
      // A listing that ended (or runs behind the list shown) is inside no page any more.
      if (event.status !== 'listing' || event.relisting) delete next.progress;
      if (event.error === undefined) delete next.error;
      else next.error = event.error;
      if (event.relisting === undefined) delete next.relisting;
      else next.relisting = event.relisting;
      return { ...catalogs, [event.serverId]: next };
    }
    case 'catalog-progress': {
      const current = catalogs[event.serverId];
      if (!current || current.generation !== event.generation) return catalogs;
      const next: CatalogSummary = { ...current };
      if (event.progress) next.progress = event.progress;
      else delete next.progress;
      return { ...catalogs, [event.serverId]: next };
    }
    case 'catalog-relisted': {
      const current = catalogs[event.serverId];
      if (current && current.generation > event.generation) return catalogs;
      const { type: _type, seq: _seq, change: _change, ...listed } = event;
      return { ...catalogs, [event.serverId]: { ...listed, status: 'complete' } };
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
