import type { ViewNode } from '../../../shared/catalog/view-wire';
import { useAppStore } from '../../store/use-app-store';

/** A server, folder or the templates branch: what is under it, as the host counted it. */
export function NodeSummary({ node }: { node: ViewNode }) {
  const serverName = useAppStore((state) => state.servers[node.serverId]?.name ?? node.serverId);
  const status = useAppStore((state) => state.catalogs[node.serverId]?.status);
  // Until the host's frame for this selection arrives, the row clicked holds no counts.
  const folders = node.below?.folders;
  const pickedHere = node.picked ?? 0;
  const templates = node.kind === 'templates' ? node.below?.templates : undefined;
  return (
    <div className="node-summary">
      <h3 className="detail-title">{node.label}</h3>
      <dl className="fields">
        <dt>Server</dt>
        <dd>{serverName}</dd>
        {node.kind !== 'templates' ? (
          <>
            <dt>Resources</dt>
            <dd>{node.resourceCount.toLocaleString('en')}</dd>
            <dt>Folders</dt>
            <dd>{folders === undefined ? '…' : folders.toLocaleString('en')}</dd>
            <dt>Picked</dt>
            <dd>
              {pickedHere.toLocaleString('en')} of {node.resourceCount.toLocaleString('en')}
            </dd>
          </>
        ) : (
          <>
            <dt>Templates</dt>
            <dd>{templates === undefined ? '…' : templates.toLocaleString('en')}</dd>
          </>
        )}
        {node.kind === 'server' && status ? (
          <>
            <dt>Catalog</dt>
            <dd>{status}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
