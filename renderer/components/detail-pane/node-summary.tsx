import type { CatalogNode } from '../../../shared/catalog/tree-types';
import { countPicks } from '../../store/pick-state';
import { useAppStore } from '../../store/use-app-store';

/** A server, folder or the templates branch: what is under it, counted. */
export function NodeSummary({ node }: { node: CatalogNode }) {
  const picked = useAppStore((state) => state.picked);
  const serverName = useAppStore((state) => state.servers[node.serverId]?.name ?? node.serverId);
  const status = useAppStore((state) => state.catalogs[node.serverId]?.status);
  const folders = countFolders(node);
  const pickedHere = picked.size === 0 ? 0 : countPicks([node], picked).get(node)?.picked ?? 0;
  const templates = node.kind === 'templates' ? (node.children?.length ?? 0) : undefined;
  return (
    <div className="node-summary">
      <h3 className="detail-title">{node.label}</h3>
      <dl className="fields">
        <dt>Server</dt>
        <dd>{serverName}</dd>
        {templates === undefined ? (
          <>
            <dt>Resources</dt>
            <dd>{node.resourceCount.toLocaleString('en')}</dd>
            <dt>Folders</dt>
            <dd>{folders.toLocaleString('en')}</dd>
            <dt>Picked</dt>
            <dd>
              {pickedHere.toLocaleString('en')} of {node.resourceCount.toLocaleString('en')}
            </dd>
          </>
        ) : (
          <>
            <dt>Templates</dt>
            <dd>{templates.toLocaleString('en')}</dd>
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

function countFolders(node: CatalogNode): number {
  let count = 0;
  const stack = [...(node.children ?? [])];
  while (stack.length > 0) {
    const current = stack.pop() as CatalogNode;
    if (current.children && current.kind === 'folder') {
      count++;
      for (const child of current.children) stack.push(child);
    }
  }
  return count;
}
