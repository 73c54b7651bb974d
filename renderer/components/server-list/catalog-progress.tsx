import type { ServerId } from '../../../shared/mcp-types';
import { plural } from '../../../shared/plural';
import { useAppStore } from '../../store/use-app-store';

/** The catalog walk's state for one server: progress while listing, else a one-line summary. */
export function CatalogProgress({ serverId }: { serverId: ServerId }) {
  const status = useAppStore((state) => state.catalogs[serverId]?.status);
  const pages = useAppStore((state) => state.catalogs[serverId]?.pages ?? 0);
  const resources = useAppStore((state) => state.catalogs[serverId]?.resourceCount ?? 0);
  const templates = useAppStore((state) => state.catalogs[serverId]?.templates.length ?? 0);
  const error = useAppStore((state) => state.catalogs[serverId]?.error);
  const relisting = useAppStore((state) => state.catalogs[serverId]?.relisting?.pages);
  if (!status || status === 'idle') return null;
  const counts = `${plural(resources, 'resource')}, ${templates === 0 ? 'no templates' : plural(templates, 'template')}`;
  if (relisting !== undefined) {
    return (
      <p className="small catalog-progress" role="status">
        <span className="spinner" aria-hidden="true" /> Listing again… {relisting}{' '}
        {relisting === 1 ? 'page' : 'pages'}; the {counts} shown stay until it ends
      </p>
    );
  }
  if (status === 'listing') {
    return (
      <p className="small catalog-progress" role="status">
        <span className="spinner" aria-hidden="true" /> Listing… {pages}{' '}
        {pages === 1 ? 'page' : 'pages'}, {counts} so far
      </p>
    );
  }
  const label = {
    complete: 'Catalog',
    cancelled: 'Listing cancelled',
    failed: 'Listing failed',
    unsupported: 'No resources capability',
  }[status];
  return (
    <p className={`small catalog-progress ${status === 'failed' ? 'error-text' : 'muted'}`}>
      {label}
      {status === 'unsupported' ? '' : `: ${counts}`}
      {error ? ` · ${error}` : ''}
    </p>
  );
}
