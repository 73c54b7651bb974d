import { useMemo } from 'react';
import { formatCount } from '../../../shared/context/policy';
import { useAppStore } from '../../store/use-app-store';

interface Block {
  key: string;
  label: string;
  tokens: number;
  serverId: string;
  uri?: string;
}

interface FolderRow extends Block {
  resources: Block[];
}

interface ServerRow extends Block {
  folders: FolderRow[];
}

const byTokens = (a: Block, b: Block) => b.tokens - a.tokens || (a.label < b.label ? -1 : 1);

/**
 * Where the budget goes: one stacked bar per server split by folder, and under it one per
 * folder split by resource, from the included list the frame carries (its first 2,000). A
 * click on a resource's block selects it in the tree.
 */
export function TokenMap() {
  const included = useAppStore((state) => state.context.included);
  const servers = useAppStore((state) => state.servers);
  const revealResource = useAppStore((state) => state.revealResource);
  const rows = useMemo(() => {
    const byServer = new Map<string, Map<string, Block[]>>();
    for (const { key, serverId, uri, tokens } of included) {
      const slash = uri.lastIndexOf('/');
      const folder = slash > 0 ? uri.slice(0, slash + 1) : uri;
      const folders = byServer.get(serverId) ?? new Map<string, Block[]>();
      byServer.set(serverId, folders);
      const list = folders.get(folder) ?? [];
      folders.set(folder, list);
      list.push({ key, label: uri.slice(folder.length) || uri, tokens, serverId, uri });
    }
    const out: ServerRow[] = [];
    for (const [serverId, folders] of byServer) {
      const folderRows: FolderRow[] = [...folders].map(([folder, resources]) => ({
        key: `${serverId} ${folder}`,
        label: folder,
        serverId,
        tokens: resources.reduce((sum, resource) => sum + resource.tokens, 0),
        resources: resources.sort(byTokens),
      }));
      folderRows.sort(byTokens);
      out.push({ key: serverId, label: servers[serverId]?.name ?? serverId, serverId, tokens: folderRows.reduce((sum, row) => sum + row.tokens, 0), folders: folderRows });
    }
    return out.sort(byTokens);
  }, [included, servers]);

  if (rows.length === 0) return null;
  const select = (block: Block) => {
    if (block.uri) void revealResource(block.serverId, block.uri);
  };
  return (
    <section className="token-map" aria-labelledby="token-map-heading">
      <h3 id="token-map-heading">Where the tokens go</h3>
      {rows.map((server) => (
        <div key={server.key} className="token-map-server">
          <div className="token-map-label">
            <strong>{server.label}</strong> <span className="muted small">{formatCount(server.tokens)} tokens</span>
          </div>
          <Bar blocks={server.folders} total={server.tokens} />
          {server.folders.map((folder) => (
            <div key={folder.key} className="token-map-folder">
              <div className="token-map-label small">
                <span className="mono break">{folder.label}</span> <span className="muted">{formatCount(folder.tokens)}</span>
              </div>
              <Bar blocks={folder.resources} total={folder.tokens} onSelect={select} />
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}

/**
 * Blocks one bar draws, the largest first; the rest share one block. A bar is a few hundred
 * pixels wide: past this, blocks are slivers nobody can see or click, and 2,000 of them made
 * every frame lay out 2,000 boxes.
 */
export const MAX_BLOCKS = 40;

function Bar({ blocks, total, onSelect }: { blocks: Block[]; total: number; onSelect?(block: Block): void }) {
  const shown = blocks.slice(0, MAX_BLOCKS);
  const rest = blocks.slice(MAX_BLOCKS);
  const restTokens = rest.reduce((sum, block) => sum + block.tokens, 0);
  return (
    <div className="token-bar">
      {shown.map((block, index) => {
        const title = `${block.label}: ${formatCount(block.tokens)} tokens`;
        const style = { flexGrow: Math.max(block.tokens, 1), flexBasis: 0 };
        const shade = `shade-${index % 6}`;
        return onSelect ? (
          <button key={block.key} type="button" className={`token-block ${shade}`} style={style} title={title} aria-label={`Select ${title}`} onClick={() => onSelect(block)} />
        ) : (
          <span key={block.key} className={`token-block ${shade}`} style={style} title={title} />
        );
      })}
      {rest.length > 0 ? (
        <span className="token-block token-rest" style={{ flexGrow: Math.max(restTokens, 1), flexBasis: 0 }} title={`${formatCount(rest.length)} more: ${formatCount(restTokens)} tokens`} />
      ) : null}
      {total === 0 ? <span className="muted small">no tokens</span> : null}
    </div>
  );
}
