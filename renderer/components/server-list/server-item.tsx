import { useId } from 'react';
import type { ServerId, ServerSnapshot } from '../../../shared/mcp-types';
import { useAppStore } from '../../store/use-app-store';
import { CatalogProgress } from './catalog-progress';
import { ListChange } from './list-change';
import { ServerStatus } from './server-status';
import { SpecProblems } from './spec-problems';

/** One server: name, transport, status, and the actions on it. */
export function ServerItem({ serverId }: { serverId: ServerId }) {
  const server = useAppStore((state) => state.servers[serverId]);
  const catalogStatus = useAppStore((state) => state.catalogs[serverId]?.status);
  const actionError = useAppStore((state) => state.serverActionErrors[serverId]);
  const runServerAction = useAppStore((state) => state.runServerAction);
  // A replayed server is the capture's: nothing to reconnect, refresh or remove.
  const replay = useAppStore((state) => state.replay);
  const headingId = useId();
  if (!server) return null;
  return (
    <li className={`server-item status-${server.status}`} aria-labelledby={headingId}>
      <div className="server-item-head">
        <h3 id={headingId} className="server-name">
          {server.name}
        </h3>
        {server.builtIn ? <span className="badge">built-in</span> : null}
      </div>
      <p className="muted mono small" title={transportSummary(server)}>
        {transportSummary(server)}
      </p>
      <ServerStatus server={server} />
      <CatalogProgress serverId={serverId} />
      <ListChange serverId={serverId} />
      <SpecProblems problems={server.problems} />
      {replay ? null : (
        <div className="button-row">
          <button type="button" onClick={() => void runServerAction(serverId, 'reconnect')}>
            Reconnect
          </button>
          <button type="button" onClick={() => void runServerAction(serverId, 'refresh')} disabled={server.status !== 'connected'}>
            Refresh catalog
          </button>
          {catalogStatus === 'listing' ? (
            <button type="button" onClick={() => void runServerAction(serverId, 'cancel')}>
              Cancel listing
            </button>
          ) : null}
          <button type="button" className="danger" onClick={() => void runServerAction(serverId, 'remove')}>
            Remove
          </button>
        </div>
      )}
      {actionError ? (
        <p className="error-text" role="alert">
          {actionError}
        </p>
      ) : null}
    </li>
  );
}

/** How it is reached; env and header values arrive redacted from the host. */
function transportSummary(server: ServerSnapshot): string {
  const transport = server.transport;
  if (transport.kind === 'stdio') return [transport.command, ...transport.args].join(' ');
  return `${transport.kind === 'http' ? 'Streamable HTTP' : 'SSE'} ${transport.url}`;
}
