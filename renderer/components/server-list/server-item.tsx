import { useEffect, useId, useRef, useState } from 'react';
import type { ServerId, ServerSnapshot } from '../../../shared/mcp-types';
import { useAppStore } from '../../store/use-app-store';
import { CatalogProgress } from './catalog-progress';
import { ListChange } from './list-change';
import { ServerStatus } from './server-status';
import { SpecProblems } from './spec-problems';
import { transportSummary } from './transport-summary';

/** One server: name, transport, status, and the actions on it. */
export function ServerItem({ serverId }: { serverId: ServerId }) {
  const server = useAppStore((state) => state.servers[serverId]);
  const catalogStatus = useAppStore((state) => state.catalogs[serverId]?.status);
  const actionError = useAppStore((state) => state.serverActionErrors[serverId]);
  const runServerAction = useAppStore((state) => state.runServerAction);
  // A replayed server is the capture's: nothing to reconnect, refresh or remove.
  const replay = useAppStore((state) => state.replay);
  const headingId = useId();
  // Remove asks first, below the buttons, Keep focused: a second click on the same spot keeps it.
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  if (!server) return null;
  return (
    <li className={`server-item status-${server.status}`} aria-labelledby={headingId}>
      <div className="server-item-head">
        <h3 id={headingId} className="server-name" title={server.name}>
          {server.name}
        </h3>
        {server.builtIn ? <span className="badge">built-in</span> : null}
      </div>
      <p className="muted mono small" title={transportSummary(server, true)}>
        {transportSummary(server)}
      </p>
      <ServerStatus server={server} />
      {server.auth && (server.auth.kept || server.auth.flow?.state === 'running') ? (
        <SignedInLine server={server} />
      ) : null}
      <CatalogProgress serverId={serverId} />
      <ListChange serverId={serverId} />
      <SpecProblems problems={server.problems} />
      {replay ? null : (
        <div className="button-row">
          {server.auth && server.disconnect?.signIn && server.auth.flow?.state !== 'running' ? (
            <SignInButton server={server} />
          ) : null}
          <button type="button" onClick={() => void runServerAction(serverId, 'reconnect')}>
            Reconnect
          </button>
          {/* One slot for both: the buttons after it never move when a listing starts or ends. */}
          {catalogStatus === 'listing' ? (
            <button
              type="button"
              className="slot-refresh"
              onClick={() => void runServerAction(serverId, 'cancel')}
              aria-label="Cancel listing"
              title="Stop listing the catalog"
            >
              Cancel
            </button>
          ) : (
            <button
              type="button"
              className="slot-refresh"
              onClick={() => void runServerAction(serverId, 'refresh')}
              disabled={server.status !== 'connected'}
              aria-label="Refresh catalog"
              title="List the catalog again"
            >
              Refresh
            </button>
          )}
          <button
            type="button"
            className="danger"
            onClick={() => setConfirming(true)}
            aria-expanded={confirming}
          >
            Remove
          </button>
        </div>
      )}
      {confirming && !replay ? (
        <div
          className="confirm-row"
          role="group"
          aria-label={`Remove ${server.name}?`}
          onKeyDown={(event) => event.key === 'Escape' && setConfirming(false)}
        >
          <span>
            Remove “{server.name}”? It is disconnected
            {server.transport.kind === 'stdio' ? ', its process stopped,' : ''} and it leaves the
            list.
          </span>
          <button ref={keep} type="button" onClick={() => setConfirming(false)}>
            Keep
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => (setConfirming(false), void runServerAction(serverId, 'remove'))}
          >
            Remove server
          </button>
        </div>
      ) : null}
      {actionError ? (
        <p className="error-text" role="alert">
          {actionError}
        </p>
      ) : null}
    </li>
  );
}

/** Sign in, where the server asks for it: the steps show in the Auth panel. */
function SignInButton({ server }: { server: ServerSnapshot }) {
  const signIn = useAppStore((state) => state.signIn);
  // A step-up: the scopes the server said it needs.
  const scope = server.disconnect?.signInScope;
  return (
    <button
      type="button"
      className="primary"
      onClick={() => signIn(server.id, scope ? { scope } : {})}
    >
      {scope ? `Sign in with ${scope}` : 'Sign in'}
    </button>
  );
}

/** Signed in (or signing in), with the way to the Auth panel. */
function SignedInLine({ server }: { server: ServerSnapshot }) {
  const showAuth = useAppStore((state) => state.showAuth);
  const running = server.auth?.flow?.state === 'running';
  return (
    <p className="small signed-in-line">
      {running ? 'Signing in (OAuth)…' : 'Signed in (OAuth)'} ·{' '}
      <button type="button" className="link-button" onClick={() => showAuth(server.id)}>
        {running ? 'see the steps' : 'Auth'}
      </button>
    </p>
  );
}
