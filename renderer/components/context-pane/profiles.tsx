import { useCallback, useEffect, useId, useState } from 'react';
import type { ProfileSummary, ServerConfig } from '../../../shared/mcp-types';
import type { Profile } from '../../../shared/profile/profile';
import { checkProfileName } from '../../../shared/profile/profile-name';
import { describeReplacement, profileOf } from '../../store/profile-slice';
import { useAppStore, useAppStoreApi } from '../../store/use-app-store';
import { useHostApi } from '../template-detail/host-api-context';

/** What the page shows of a server's command or URL, with the names (never the values) of its env or headers. */
function ServerSummary({ server }: { server: ServerConfig }) {
  const { transport } = server;
  const secrets = Object.keys((transport.kind === 'stdio' ? transport.env : transport.headers) ?? {});
  return (
    <>
      <strong>{server.name}</strong>{' '}
      <span className="mono break">{transport.kind === 'stdio' ? [transport.command, ...transport.args].join(' ') : transport.url}</span>
      {transport.kind === 'stdio' && transport.cwd ? <span className="muted"> in {transport.cwd}</span> : null}
      {secrets.length > 0 ? <span className="muted"> with {transport.kind === 'stdio' ? 'environment' : 'headers'} {secrets.join(', ')}</span> : null}
    </>
  );
}

const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The servers a loaded profile names that this window does not have. Their picks and marks
 * are still part of the profile and saved with it, until the user connects them or removes them.
 */
function KeptServers({ connect, connecting }: { connect(): void; connecting: boolean }) {
  const kept = useAppStore((state) => state.keptProfile);
  const removeKeptServer = useAppStore((state) => state.removeKeptServer);
  if (!kept) return null;
  const named = new Set(kept.servers.map((server) => server.name));
  const orphans = [...kept.picks, ...kept.marks].filter((ref) => !named.has(ref.server)).length;
  return (
    <div className="profile-missing small" role="group" aria-label="Not connected now">
      <p>Not connected now, and still part of “{kept.source}”: saving keeps them, with their picks and marks.</p>
      {kept.servers.length > 0 ? (
        <ul>
          {kept.servers.map((server) => (
            <li key={server.name}>
              <ServerSummary server={server} />
              <span className="muted">
                {' '}
                · {plural(kept.picks.filter((pick) => pick.server === server.name).length, 'pick')}, {plural(kept.marks.filter((mark) => mark.server === server.name).length, 'mark')}
              </span>{' '}
              <button type="button" onClick={() => removeKeptServer(server.name)} aria-label={`Remove ${server.name} from the profile`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {orphans > 0 ? <p>{plural(orphans, 'pick or mark')} on servers the profile does not configure.</p> : null}
      {kept.servers.length > 0 ? (
        <button type="button" onClick={connect} disabled={connecting}>
          Connect {kept.servers.length === 1 ? 'it' : `these ${kept.servers.length}`}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Save the curation as a profile, and load one back: its settings, picks and marks. Servers
 * it names that are not connected are kept (see profile-slice.ts), and connected only when
 * the user says so.
 */
export function Profiles() {
  const api = useHostApi();
  const id = useId();
  const [list, setList] = useState<ProfileSummary[]>([]);
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [connecting, setConnecting] = useState(false);
  const getState = useAppStoreApi().getState;

  const refresh = useCallback(async () => {
    if (!api) return;
    try {
      setList(await api.listProfiles());
    } catch (error) {
      setMessage({ text: `Profiles could not be listed: ${error instanceof Error ? error.message : String(error)}`, error: true });
    }
  }, [api]);
  useEffect(() => {
    if (!api) return;
    let live = true;
    api.listProfiles().then(
      (profiles) => live && setList(profiles),
      (error: unknown) => live && setMessage({ text: `Profiles could not be listed: ${error instanceof Error ? error.message : String(error)}`, error: true }),
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (!api) return null;
  const nameProblem = name === '' ? undefined : checkProfileName(name);

  async function save() {
    if (!api || name === '' || nameProblem) return;
    // What is saved is what the user was asked about.
    const next = profileOf(getState(), name);
    if (list.some((entry) => entry.name === name)) {
      // One that cannot be loaded is refused by the host, which says why: there is nothing to ask.
      const old: Profile | undefined = await api.loadProfile(name).catch(() => undefined);
      if (old && !window.confirm(describeReplacement(old, next))) return;
    }
    try {
      const saved = await api.saveProfile(next);
      getState().setKeptSource(saved.name);
      setMessage({ text: `Saved “${saved.name}” to ${saved.file}.`, error: false });
      await refresh();
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), error: true });
    }
  }

  async function load(profileName: string) {
    if (!api) return;
    try {
      const profile = await api.loadProfile(profileName);
      getState().applyProfile(profile);
      const away = getState().keptProfile?.servers.length ?? 0;
      const absent = away === 1 ? '1 of its servers is not connected (kept below, with its picks and marks)' : `${away} of its servers are not connected (kept below, with their picks and marks)`;
      setMessage({ text: `Loaded “${profile.name}”${away > 0 ? `; ${absent}` : ''}.`, error: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), error: true });
    }
  }

  async function connectKept() {
    const kept = getState().keptProfile;
    if (!api || !kept) return;
    setConnecting(true);
    try {
      // The host connects them from the profile file: the page only ever saw redacted configs.
      // Each one's picks and marks become ordinary ones as its server arrives (profile-slice.ts).
      await api.connectProfileServers(kept.source, kept.servers.map((server) => server.name));
    } catch (error) {
      setMessage({ text: `A server of “${kept.source}” could not be added: ${error instanceof Error ? error.message : String(error)}`, error: true });
    } finally {
      setConnecting(false);
    }
  }

  return (
    <section className="profiles" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Profiles</h3>
      <div className="profile-save">
        <label htmlFor={`${id}-name`} className="small">
          Name
        </label>
        <input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} aria-invalid={nameProblem !== undefined} placeholder="e.g. API docs for review" />
        <button type="button" onClick={() => void save()} disabled={name === '' || nameProblem !== undefined}>
          Save profile
        </button>
      </div>
      {nameProblem ? <p className="error-text small">{nameProblem}</p> : null}
      {message ? (
        <p className={message.error ? 'error-text small' : 'muted small'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      <KeptServers connect={() => void connectKept()} connecting={connecting} />
      {list.length === 0 ? (
        <p className="muted small">No saved profiles yet.</p>
      ) : (
        <ul className="profile-list" aria-label="Recent profiles">
          {list.map((entry) => (
            <li key={entry.file}>
              <button type="button" onClick={() => void load(entry.name)} aria-label={`Load ${entry.name}`}>
                Load
              </button>{' '}
              <span>{entry.name}</span>{' '}
              {entry.problem ? <span className="error-text small">cannot be loaded: {entry.problem}</span> : <span className="muted small">{entry.savedAt?.replace('T', ' ').slice(0, 16)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
