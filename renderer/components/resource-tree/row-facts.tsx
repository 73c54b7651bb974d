import type { ViewNode } from '../../../shared/catalog/view-wire';
import type { CatalogNode } from '../../../shared/catalog/tree-types';
import { useAppStore } from '../../store/use-app-store';
import { DecisionBadge } from '../decision-badge/decision-badge';
import { formatBytes } from '../resource-detail/format';

/** The rows a branch holds, counting those a window leaves out (see catalog-view.ts). */
function listed(node: CatalogNode): number {
  let count = 0;
  for (const child of (node as ViewNode).children ?? []) count += child.kind === 'more' ? ((child as ViewNode).page?.hidden ?? 0) : 1;
  return count;
}

/** The right side of a row: priority and audience for resources, counts for folders, status for servers. */
export function RowFacts({ node }: { node: CatalogNode }) {
  if (node.kind === 'server') return <ServerFacts node={node} />;
  if (node.kind === 'folder') return <span className="row-count muted">{node.resourceCount.toLocaleString('en')}</span>;
  if (node.kind === 'templates') return <span className="row-count muted">{listed(node).toLocaleString('en')}</span>;
  if (node.kind === 'more') return null;
  const entry = node.resource ?? node.template;
  const annotations = entry?.annotations;
  const priority = annotations?.priority;
  return (
    <span className="row-facts">
      {node.resource ? <DecisionBadge decision={(node as ViewNode).decision} /> : null}
      {typeof priority === 'number' && Number.isFinite(priority) ? (
        <span className={`priority-mark ${priorityBand(priority)}`} title={`priority ${priority}`}>
          {priority >= 1 ? '★' : priority.toFixed(1).replace(/^0/, '')}
        </span>
      ) : null}
      {annotations?.audience?.map((who) => (
        <span key={who} className={`badge audience-${who === 'user' ? 'user' : 'assistant'}`} title={`audience: ${who}`}>
          {who === 'user' ? 'user' : 'asst'}
        </span>
      ))}
      {typeof node.resource?.size === 'number' ? <span className="row-size muted">{formatBytes(node.resource.size)}</span> : null}
    </span>
  );
}

function priorityBand(priority: number): string {
  if (priority >= 1) return 'priority-required';
  if (priority >= 0.7) return 'priority-high';
  if (priority >= 0.4) return 'priority-mid';
  return 'priority-low';
}

function ServerFacts({ node }: { node: CatalogNode }) {
  const status = useAppStore((state) => state.servers[node.serverId]?.status ?? 'disconnected');
  const listing = useAppStore((state) => state.catalogs[node.serverId]?.status === 'listing');
  return (
    <span className="row-facts">
      {listing ? <span className="spinner" title="listing" /> : null}
      <span className="row-count muted">{node.resourceCount.toLocaleString('en')}</span>
      <span className={`dot status-${status}`} title={status} />
    </span>
  );
}
