import type { ViewNode } from '../../../shared/catalog/view-wire';
import type { CatalogNode } from '../../../shared/catalog/tree-types';
import { useAppStore } from '../../store/use-app-store';
import { DecisionBadge } from '../decision-badge/decision-badge';
import { formatBytes } from '../resource-detail/format';

/** The rows a branch holds, counting those a window leaves out (see catalog-view.ts). */
function listed(node: CatalogNode): number {
  let count = 0;
  for (const child of (node as ViewNode).children ?? [])
    count += child.kind === 'more' ? ((child as ViewNode).page?.hidden ?? 0) : 1;
  return count;
}

/** An audience badge only where it says something: one audience, not both (nor none). */
function audienceWords(
  audience: readonly string[] | undefined,
): { tone: string; text: string } | undefined {
  if (!audience || audience.length !== 1) return undefined;
  return audience[0] === 'user'
    ? { tone: 'user', text: 'user only' }
    : { tone: 'assistant', text: 'assistant only' };
}

/**
 * The right side of a row: the decision, priority, audience and size for resources, counts for
 * folders, status for servers. The selected row shows its decision alone (its buttons need the
 * room, and the detail pane has the rest); `markShown` is the mark its pressed button shows.
 */
export function RowFacts({
  node,
  selected = false,
  markShown,
}: {
  node: CatalogNode;
  selected?: boolean;
  markShown?: 'pin' | 'exclude' | undefined;
}) {
  if (node.kind === 'server') return <ServerFacts node={node} />;
  if (node.kind === 'folder')
    return <span className="row-count muted">{node.resourceCount.toLocaleString('en')}</span>;
  if (node.kind === 'templates')
    return <span className="row-count muted">{listed(node).toLocaleString('en')}</span>;
  if (node.kind === 'more') return null;
  const entry = node.resource ?? node.template;
  const annotations = entry?.annotations;
  const priority = annotations?.priority;
  const decision = (node as ViewNode).decision;
  // A pressed Pin or Exclude already says it: the badge would say it twice.
  const saidByButton =
    (markShown === 'pin' && decision?.kind === 'pinned') ||
    (markShown === 'exclude' && decision?.kind === 'excluded-by-user');
  const audience =
    decision?.kind === 'excluded-by-audience' ? undefined : audienceWords(annotations?.audience);
  if (selected)
    return (
      <span className="row-facts">
        {node.resource && !saidByButton ? <DecisionBadge decision={decision} /> : null}
      </span>
    );
  return (
    <span className="row-facts">
      {node.resource ? <DecisionBadge decision={decision} /> : null}
      {typeof priority === 'number' && Number.isFinite(priority) ? (
        <span
          className={`priority-mark ${priorityBand(priority)}`}
          title={`priority ${priority}${priority >= 1 ? ' (required)' : ''}`}
        >
          {priority >= 1 ? '★ 1' : priority.toFixed(1)}
        </span>
      ) : null}
      {audience ? (
        <span
          className={`badge audience-${audience.tone}`}
          title={`audience: ${annotations?.audience?.join(', ')}`}
        >
          {audience.text}
        </span>
      ) : null}
      {typeof node.resource?.size === 'number' ? (
        <span className="row-size muted">{formatBytes(node.resource.size)}</span>
      ) : null}
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
