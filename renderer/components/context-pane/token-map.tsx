import { formatCount } from '../../../shared/context/policy';
import { plural } from '../../../shared/plural';
import type { TokenRest } from '../../../shared/context/token-map';
import { useAppStore } from '../../store/use-app-store';

interface Block {
  label: string;
  tokens: number;
  /** Set for a resource's block whose URI the host sent: a click selects it in the tree. */
  uri?: string;
}

/**
 * Where the budget goes: one stacked bar per server split by folder, and under it one per
 * folder split by resource, as the host cut it from every included resource (token-map.ts:
 * the largest 40 of each, the rest in one hatched block). A click on a resource's block
 * selects it in the tree.
 */
export function TokenMap() {
  const servers = useAppStore((state) => state.context.tokenMap);
  const revealResource = useAppStore((state) => state.revealResource);
  if (servers.length === 0) return null;
  return (
    <section className="token-map" aria-labelledby="token-map-heading">
      <h3 id="token-map-heading">Where the tokens go</h3>
      {servers.map((server) => (
        <div key={server.serverId} className="token-map-server">
          <div className="token-map-label">
            <strong>{server.name}</strong>{' '}
            <span className="muted small">{plural(server.tokens, 'token')}</span>
          </div>
          <Bar
            blocks={server.folders.map((folder) => ({
              label: folder.folder,
              tokens: folder.tokens,
            }))}
            rest={server.rest}
            total={server.tokens}
          />
          {server.folders.map((folder, at) => (
            // Folders are told apart by place: a long name is cut, and two cut ones may read the
            // same.
            <div key={at} className="token-map-folder">
              <div className="token-map-label small">
                <span className="mono break">{folder.folder}</span>{' '}
                <span className="muted">{formatCount(folder.tokens)}</span>
              </div>
              <Bar
                blocks={folder.blocks}
                rest={folder.rest}
                total={folder.tokens}
                onSelect={(block) => block.uri && void revealResource(server.serverId, block.uri)}
              />
            </div>
          ))}
          {server.rest ? (
            <div className="token-map-folder muted small">
              {formatCount(server.rest.count)} more {server.rest.count === 1 ? 'folder' : 'folders'}
              : {formatCount(server.rest.tokens)} tokens
            </div>
          ) : null}
        </div>
      ))}
    </section>
  );
}

function Bar({
  blocks,
  rest,
  total,
  onSelect,
}: {
  blocks: Block[];
  rest: TokenRest | undefined;
  total: number;
  onSelect?(block: Block): void;
}) {
  return (
    <div className="token-bar">
      {blocks.map((block, index) => {
        const title = `${block.label}: ${plural(block.tokens, 'token')}`;
        const style = { flexGrow: Math.max(block.tokens, 1), flexBasis: 0 };
        const shade = `shade-${index % 6}`;
        return onSelect && block.uri !== undefined ? (
          <button
            key={index}
            type="button"
            className={`token-block ${shade}`}
            style={style}
            title={title}
            aria-label={`Select ${title}`}
            onClick={() => onSelect(block)}
          />
        ) : (
          <span key={index} className={`token-block ${shade}`} style={style} title={title} />
        );
      })}
      {rest ? (
        <span
          className="token-block token-rest"
          style={{ flexGrow: Math.max(rest.tokens, 1), flexBasis: 0 }}
          title={`${formatCount(rest.count)} more: ${plural(rest.tokens, 'token')}`}
        />
      ) : null}
      {total === 0 ? <span className="muted small">no tokens</span> : null}
    </div>
  );
}
