import { useCallback, useEffect, useId, useState } from 'react';
import type { ProfileSummary } from '../../../shared/mcp-types';
import { checkProfileName } from '../../../shared/profile/profile-name';
import { describeError } from '../../store/describe-error';
import { useHostApi } from '../template-detail/host-api-context';
import { DormantServers } from './dormant-servers';

/** The question asked before saving over a profile of the same name. */
export function replaceQuestion(name: string): string {
  return `Replace the profile “${name}”? A copy of the file it replaces is kept beside it.`;
}

/** What loading a profile says: how many of its servers are not connected (kept, dormant). */
export function loadedMessage(name: string, dormant: number): string {
  if (dormant === 0) return `Loaded “${name}”.`;
  return `Loaded “${name}”; ${dormant.toLocaleString('en-US')} of its servers ${dormant === 1 ? 'is' : 'are'} not connected.`;
}

/**
 * Save the curation as a profile, and load one back. The host does both with its session:
 * it writes the servers (with their real configs, which never reach the page), every mark and
 * the settings, and a load replaces the session's marks and settings; servers of the profile
 * that are not connected stay dormant, listed below, and are connected only when the user says so.
 */
export function Profiles() {
  const api = useHostApi();
  const id = useId();
  const [list, setList] = useState<ProfileSummary[]>([]);
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const say = useCallback((text: string, error: boolean) => setMessage({ text, error }), []);

  const refresh = useCallback(async () => {
    if (!api) return;
    try {
      setList(await api.listProfiles());
    } catch (error) {
      say(`Profiles could not be listed: ${describeError(error).message}`, true);
    }
  }, [api, say]);
  useEffect(() => {
    if (!api) return;
    let live = true;
    api.listProfiles().then(
      (profiles) => live && setList(profiles),
      (error: unknown) =>
        live && say(`Profiles could not be listed: ${describeError(error).message}`, true),
    );
    return () => {
      live = false;
    };
  }, [api, say]);

  if (!api) return null;
  const nameProblem = name === '' ? undefined : checkProfileName(name);

  async function save() {
    if (!api || name === '' || nameProblem) return;
    if (list.some((entry) => entry.name === name) && !window.confirm(replaceQuestion(name))) return;
    try {
      const saved = await api.saveProfile(name);
      say(`Saved “${saved.name}” to ${saved.file}.`, false);
      await refresh();
    } catch (error) {
      say(describeError(error).message, true);
    }
  }

  async function load(profileName: string) {
    if (!api) return;
    try {
      const loaded = await api.loadProfile(profileName);
      say(loadedMessage(loaded.name, loaded.dormant.length), false);
    } catch (error) {
      say(describeError(error).message, true);
    }
  }

  return (
    <section className="profiles" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Profiles</h3>
      <div className="profile-save">
        <label htmlFor={`${id}-name`} className="small">
          Name
        </label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={nameProblem !== undefined}
          placeholder="e.g. API docs for review"
        />
        <button
          type="button"
          onClick={() => void save()}
          disabled={name === '' || nameProblem !== undefined}
        >
          Save profile
        </button>
      </div>
      {nameProblem ? <p className="error-text small">{nameProblem}</p> : null}
      {message ? (
        <p
          className={message.error ? 'error-text small' : 'muted small'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      ) : null}
      <DormantServers say={say} />
      {list.length === 0 ? (
        <p className="muted small">No saved profiles yet.</p>
      ) : (
        <ul className="profile-list" aria-label="Recent profiles">
          {list.map((entry) => (
            <li key={entry.file}>
              <button
                type="button"
                onClick={() => void load(entry.name)}
                aria-label={`Load ${entry.name}`}
              >
                Load
              </button>{' '}
              <span>{entry.name}</span>{' '}
              {entry.problem ? (
                <span className="error-text small">cannot be loaded: {entry.problem}</span>
              ) : (
                <span className="muted small">{entry.savedAt?.replace('T', ' ').slice(0, 16)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
