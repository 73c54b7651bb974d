import { useCallback, useEffect, useId, useState } from 'react';
import type { ProfileSummary, ServerConfig } from '../../../shared/mcp-types';
import { PROFILE_KIND, PROFILE_VERSION } from '../../../shared/profile/profile-kind';
import type { Profile } from '../../../shared/profile/profile';
import { checkProfileName } from '../../../shared/profile/profile-name';
import type { AppState } from '../../store/app-store';
import { resourceKeyString } from '../../../shared/catalog/resource-key';
import { useAppStoreApi } from '../../store/use-app-store';
import { useHostApi } from '../template-detail/host-api-context';

/** The curation as a profile: servers by name, picks and marks by server name and URI. */
function profileOf(state: AppState, name: string): Profile {
  const byId = (id: string) => state.servers[id]?.name;
  const refs = (keys: Iterable<string>) =>
    [...keys].flatMap((key) => {
      const [serverId, uri] = JSON.parse(key) as [string, string];
      const server = byId(serverId);
      return server === undefined ? [] : [{ server, uri }];
    });
  const { format, encoding, halfLifeDays, ...policy } = state.contextSettings;
  return {
    kind: PROFILE_KIND,
    version: PROFILE_VERSION,
    name,
    savedAt: new Date().toISOString(),
    servers: state.serverOrder.flatMap((id) => {
      const server = state.servers[id];
      // The built-in demo too: its picks mean nothing without it (the host fills in real configs).
      return server ? [{ name: server.name, transport: server.transport } as ServerConfig] : [];
    }),
    picks: refs(state.picked),
    marks: [...state.marks].flatMap(([key, mark]) => refs([key]).map((ref) => ({ ...ref, mark }))),
    policy: { ...policy, ...(halfLifeDays !== undefined && { halfLifeDays }) },
    output: { format, encoding },
  };
}

/**
 * Save the curation as a profile, and load one back: its settings, picks and marks. Servers
 * it names that are not connected are listed, and connected only when the user says so.
 */
export function Profiles() {
  const api = useHostApi();
  const id = useId();
  const [list, setList] = useState<ProfileSummary[]>([]);
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [missing, setMissing] = useState<{ profile: Profile; servers: ServerConfig[] } | null>(null);
  const store = useAppStoreApi();
  const getState = store.getState;

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
    if (list.some((entry) => entry.name === name) && !window.confirm(`Replace the profile “${name}”?`)) return;
    try {
      const saved = await api.saveProfile(profileOf(getState(), name));
      setMessage({ text: `Saved “${saved.name}” to ${saved.file}.`, error: false });
      await refresh();
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), error: true });
    }
  }

  function apply(profile: Profile): ServerConfig[] {
    const state = getState();
    const ids = new Map(state.serverOrder.map((serverId) => [state.servers[serverId]?.name, serverId]));
    const key = (server: string, uri: string) => {
      const serverId = ids.get(server);
      return serverId === undefined ? undefined : resourceKeyString({ serverId, uri });
    };
    const picked = new Set<string>();
    for (const pick of profile.picks) {
      const found = key(pick.server, pick.uri);
      if (found) picked.add(found);
    }
    const marks = new Map<string, 'exclude' | 'pin'>();
    for (const mark of profile.marks) {
      const found = key(mark.server, mark.uri);
      if (found) marks.set(found, mark.mark);
    }
    state.setPicks(picked);
    state.setMarks(marks);
    state.setContextSettings({ ...profile.policy, halfLifeDays: profile.policy.halfLifeDays, ...profile.output });
    return profile.servers.filter((server) => !ids.has(server.name));
  }

  async function load(profileName: string) {
    if (!api) return;
    try {
      const profile = await api.loadProfile(profileName);
      const absent = apply(profile);
      setMissing(absent.length > 0 ? { profile, servers: absent } : null);
      setMessage({ text: `Loaded “${profile.name}”${absent.length > 0 ? `; ${absent.length} of its servers are not connected` : ''}.`, error: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), error: true });
    }
  }

  async function connectMissing() {
    if (!api || !missing) return;
    const { profile, servers } = missing;
    setMissing(null);
    try {
      // The host connects them from the profile file: the page only ever saw redacted configs.
      await api.connectProfileServers(profile.name, servers.map((server) => server.name));
      // Their catalogs stream in; the picks on them apply as soon as the servers are known.
      apply(profile);
    } catch (error) {
      setMessage({ text: `A server of “${profile.name}” could not be added: ${error instanceof Error ? error.message : String(error)}`, error: true });
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
      {missing ? (
        <div className="profile-missing small">
          <p>Not connected now, and needed for some picks:</p>
          <ul>
            {missing.servers.map((server) => (
              <li key={server.name}>
                <strong>{server.name}</strong>{' '}
                <span className="mono break">{server.transport.kind === 'stdio' ? [server.transport.command, ...server.transport.args].join(' ') : server.transport.url}</span>
                {server.transport.kind === 'stdio' && server.transport.cwd ? <span className="muted"> in {server.transport.cwd}</span> : null}
                {server.transport.kind === 'stdio' && server.transport.env && Object.keys(server.transport.env).length > 0 ? (
                  <span className="muted"> with environment {Object.keys(server.transport.env).join(', ')}</span>
                ) : null}
                {server.transport.kind !== 'stdio' && server.transport.headers && Object.keys(server.transport.headers).length > 0 ? (
                  <span className="muted"> with headers {Object.keys(server.transport.headers).join(', ')}</span>
                ) : null}
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => void connectMissing()}>
            Connect {missing.servers.length === 1 ? 'it' : `these ${missing.servers.length}`}
          </button>
        </div>
      ) : null}
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
