import { useState } from 'react';
import type { AuthState, ServerSnapshot } from '../../../shared/mcp-types';
import { signInStartUrl } from '../../../shared/ws-protocol';
import { useAppStore } from '../../store/use-app-store';
import { useNow } from '../live-stamp/use-now';
import { AuthSteps } from './auth-steps';
import { NO_OPTIONS, requestOf, SignInOptionsForm, type SignInOptions } from './sign-in-options';

/**
 * A remote server's sign-in: what is kept, the steps of the last sign-in as they happen, and Sign
 * in / Sign out.
 */
export function AuthPanel() {
  const servers = useAppStore((state) => state.servers);
  const order = useAppStore((state) => state.serverOrder);
  const chosen = useAppStore((state) => state.authServer);
  const setChosen = useAppStore((state) => state.setAuthServer);
  const remote = order.filter((id) => servers[id] && servers[id].transport.kind !== 'stdio');
  const serverId = chosen !== undefined && remote.includes(chosen) ? chosen : remote[0];
  const server = serverId ? servers[serverId] : undefined;
  const replay = useAppStore((state) => state.replay);
  return (
    <div className="trace-panel auth-panel">
      <div className="trace-toolbar">
        <select
          value={serverId ?? ''}
          onChange={(event) => setChosen(event.target.value || undefined)}
          aria-label="Server"
          disabled={remote.length === 0}
        >
          {remote.length === 0 ? <option value="">No remote server</option> : null}
          {remote.map((id) => (
            <option key={id} value={id}>
              {servers[id]?.name}
            </option>
          ))}
        </select>
        {server && !replay ? <AuthActions key={server.id} server={server} /> : null}
      </div>
      <div className="timeline-list auth-body" tabIndex={0} role="region" aria-label="Sign-in">
        {replay ? (
          <p className="muted small">
            A replayed capture signs in to nothing: it answers from the file.
          </p>
        ) : !server ? (
          <p className="muted small">
            Sign-ins are for remote servers: add one by its URL (Streamable HTTP or SSE). A server
            that asks for OAuth shows Sign in on its card.
          </p>
        ) : (
          <AuthDetails server={server} />
        )}
      </div>
    </div>
  );
}

function AuthActions({ server }: { server: ServerSnapshot }) {
  const [options, setOptions] = useState<SignInOptions>(NO_OPTIONS);
  const signIn = useAppStore((state) => state.signIn);
  const cancel = useAppStore((state) => state.cancelSignIn);
  const signOut = useAppStore((state) => state.signOut);
  const auth = server.auth;
  const running = auth?.flow?.state === 'running';
  // A step-up: the scopes the server said it needs, unless the user typed others.
  const stepUp = server.disconnect?.signInScope;
  const signingOut = useAppStore((state) => state.authSaid[server.id]?.busy === true);
  return (
    <>
      <button
        type="button"
        className="primary"
        onClick={() => {
          signIn(server.id, { ...(stepUp && { scope: stepUp }), ...requestOf(options) });
          // The secret goes to the host once; it is not kept in the page.
          setOptions({ ...options, clientSecret: '' });
        }}
        disabled={!auth || signingOut}
      >
        {stepUp && !options.scope.trim()
          ? `Sign in with ${stepUp}`
          : auth?.kept
            ? 'Sign in again'
            : 'Sign in'}
      </button>
      {running && !auth?.flow?.steps.some((step) => step.kind === 'connect') ? (
        <button type="button" onClick={() => cancel(server.id)}>
          Cancel
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => void signOut(server.id)}
        disabled={!auth?.kept || running || signingOut}
      >
        Sign out
      </button>
      <SignInOptionsForm value={options} onChange={setOptions} disabled={running} />
    </>
  );
}

function AuthDetails({ server }: { server: ServerSnapshot }) {
  const auth = server.auth;
  const said = useAppStore((state) => state.authSaid[server.id]);
  if (!auth) return <p className="muted small">This host keeps no sign-ins.</p>;
  const flow = auth.flow;
  return (
    <>
      <KeptLine auth={auth} server={server} />
      {auth.problem ? (
        <p className="error-text small" role="alert">
          {auth.problem}
        </p>
      ) : null}
      {said &&
      (said.text || said.attempt) &&
      !(said.error && flow?.error && said.text.endsWith(flow.error)) ? (
        <p
          className={said.error ? 'error-text small' : 'small'}
          role={said.error ? 'alert' : 'status'}
        >
          {said.text}
        </p>
      ) : null}
      {flow?.state === 'running' && (flow.authorizeUrl || said?.attempt) ? (
        <Waiting url={flow.authorizeUrl} attempt={said?.attempt} />
      ) : null}
      {flow ? (
        <>
          <h4 className="auth-heading">
            {flow.state === 'running'
              ? 'Signing in…'
              : flow.state === 'done'
                ? 'Last sign-in: done'
                : flow.state === 'cancelled'
                  ? 'Last sign-in: cancelled'
                  : 'Last sign-in: failed'}
            <span className="muted small">
              {' '}
              · {new Date(flow.startedAt).toLocaleTimeString('en-GB')}
            </span>
          </h4>
          <AuthSteps flow={flow} />
          {flow.error && flow.state === 'failed' ? (
            <p className="error-text small" role="alert">
              {flow.error}
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** What is kept for the server: who, what scopes, until when; or that it needs a sign-in. */
function KeptLine({ auth, server }: { auth: AuthState; server: ServerSnapshot }) {
  const now = useNow(auth.kept?.expiresAt !== undefined);
  const kept = auth.kept;
  if (!kept) {
    const needs = server.disconnect?.signIn;
    return (
      <p className="small">
        {needs ? 'Not signed in: the server asks for a sign-in.' : 'Not signed in.'} Sign-ins are
        kept in {auth.keptIn}.
      </p>
    );
  }
  const left = kept.expiresAt ? Date.parse(kept.expiresAt) - now : undefined;
  const expiry =
    left === undefined
      ? 'the token names no expiry'
      : left > 0
        ? `the token expires at ${new Date(kept.expiresAt as string).toLocaleTimeString('en-GB')} (in ${left >= 120_000 ? `${Math.round(left / 60_000)} min` : `${Math.ceil(left / 1000)} s`})`
        : `the token expired at ${new Date(kept.expiresAt as string).toLocaleTimeString('en-GB')}`;
  const client =
    kept.grant === 'client-credentials'
      ? `the machine client ${kept.clientId}`
      : kept.client === 'registered'
        ? `a client registered for this app (${kept.clientId})`
        : kept.client === 'metadata-document'
          ? `our client metadata document (${kept.clientId})`
          : `the client ${kept.clientId}`;
  return (
    <p className="small auth-kept">
      <span className="dot ok" aria-hidden="true" /> Signed in as {client}
      {kept.scopes.length > 0
        ? `, with the scopes ${kept.scopes.join(' ')}`
        : ', no scope named'}; {expiry}
      {kept.refreshable
        ? kept.grant === 'client-credentials'
          ? ', and a new one is asked for with the secret'
          : ', and is refreshed by itself'
        : ', with no refresh: sign in again then'}
      . Kept in {auth.keptIn}.
    </p>
  );
}

/** Waiting for the user in the browser: the tab again (browser mode), or the address to open. */
function Waiting({ url, attempt }: { url: string | undefined; attempt: string | undefined }) {
  const [copied, setCopied] = useState(false);
  const tabs = useAppStore((state) => state.signInTabs);
  return (
    <div className="auth-waiting" role="status">
      <p className="small">
        <span className="spinner" aria-hidden="true" /> Waiting for you to sign in in the browser.
      </p>
      {attempt ? (
        <p className="small">
          No tab opened?{' '}
          <a
            href={signInStartUrl(window.location.port, attempt)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open the sign-in page
          </a>
        </p>
      ) : tabs || !url ? (
        // Browser mode: only the tab the page that started it opened can finish it (a reload, or
        // another tab, cannot).
        <p className="small">
          Another page started this sign-in: finish it there, or Sign in again here.
        </p>
      ) : (
        <p className="small auth-url">
          No browser opened? Open this address:
          <input
            readOnly
            value={url}
            aria-label="Sign-in address"
            className="mono"
            onFocus={(event) => event.target.select()}
          />
          <button
            type="button"
            onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        </p>
      )}
    </div>
  );
}
