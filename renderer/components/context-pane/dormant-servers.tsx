import { useState } from 'react';
import type { DormantServer } from '../../../shared/context/context-wire';
import { describeError } from '../../store/describe-error';
import { useAppStore } from '../../store/use-app-store';
import { useHostApi } from '../template-detail/host-api-context';

const plural = (n: number, noun: string) =>
  `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * What the page shows of a server's command or URL, with the names (never the values) of its env or
 * headers.
 */
function ServerSummary({ server }: { server: DormantServer }) {
  const { transport } = server;
  const secrets = Object.keys(
    (transport.kind === 'stdio' ? transport.env : transport.headers) ?? {},
  );
  return (
    <>
      <strong>{server.name}</strong>{' '}
      <span className="mono break">
        {transport.kind === 'stdio'
          ? [transport.command, ...transport.args].join(' ')
          : transport.url}
      </span>
      {transport.kind === 'stdio' && transport.cwd ? (
        <span className="muted"> in {transport.cwd}</span>
      ) : null}
      {secrets.length > 0 ? (
        <span className="muted">
          {' '}
          with {transport.kind === 'stdio' ? 'environment' : 'headers'} {secrets.join(', ')}
        </span>
      ) : null}
    </>
  );
}

/**
 * Servers the session names (from a loaded profile, or the last session) that are not
 * connected: the host keeps them and their marks, and saves them with every profile, until
 * the user connects one (its marks come back to life) or removes it. Connecting spawns a
 * process, so it happens only on that button.
 */
export function DormantServers({ say }: { say(text: string, error: boolean): void }) {
  const api = useHostApi();
  const dormant = useAppStore((state) => state.context.dormant);
  const [busy, setBusy] = useState<string | null>(null);
  if (!api || dormant.length === 0) return null;

  async function act(name: string, what: 'connect' | 'remove') {
    if (!api) return;
    setBusy(name);
    try {
      // The host connects it with the config it holds: the page only ever sees it redacted.
      if (what === 'connect') await api.connectDormantServers([name]);
      else await api.dropDormantServers([name]);
    } catch (error) {
      say(
        `${what === 'connect' ? 'Could not connect' : 'Could not remove'} ${name}: ${describeError(error).message}`,
        true,
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="profile-missing small" role="group" aria-label="Not connected now">
      <p>Not connected now: their marks are kept, and saving a profile keeps them.</p>
      <ul>
        {dormant.map((server) => (
          <li key={server.name}>
            <ServerSummary server={server} />
            <span className="muted"> · {plural(server.marks, 'mark')}</span>{' '}
            <button
              type="button"
              onClick={() => void act(server.name, 'connect')}
              disabled={busy !== null}
              aria-label={`Connect ${server.name}`}
            >
              Connect
            </button>{' '}
            <button
              type="button"
              onClick={() => void act(server.name, 'remove')}
              disabled={busy !== null}
              aria-label={`Remove ${server.name} and its marks`}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
