/**
 * The working session on disk: the servers, marks and settings of the context, kept so that a
 * page reload, a lost socket or an app restart brings the same curation back. It is a profile
 * (shared/profile) in its own file, written atomically by the profile store, a moment after
 * each change and one write at a time. A file that cannot be read is never overwritten: the
 * store refuses, keeps a backup, and the reason shows in every window.
 */
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Profile } from '../../../shared/profile/profile';
import { createProfileStore } from './profile-store';

/**
 * Where the session lives: $MCP_CONTEXT_SESSION, else beside the profiles in the user's config
 * folder.
 */
export function defaultSessionFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MCP_CONTEXT_SESSION) return env.MCP_CONTEXT_SESSION;
  const config =
    env.XDG_CONFIG_HOME ||
    (process.platform === 'win32'
      ? (env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'))
      : join(homedir(), '.config'));
  return join(config, 'mcp-context-inspector', 'session.json');
}

/** Changes gathered before one write. */
const WRITE_DELAY_MS = 250;

export interface SessionStore {
  readonly file: string;
  /**
   * The kept session; undefined when there is none. Rejects with the reason for a file that cannot
   * be used.
   */
  load(): Promise<Profile | undefined>;
  /** Keeps `make()`'s profile a moment from now (later calls within it are one write). */
  save(make: () => Profile): void;
  /** Resolves once every save asked for is on disk (or failed). */
  flush(): Promise<void>;
  /** Why the last write failed, if it did. */
  problem(): string | undefined;
}

export function createSessionStore(file: string, onProblem: () => void = () => {}): SessionStore {
  const name = basename(file).replace(/\.json$/, '');
  const store = createProfileStore(dirname(file), { keepReplaced: 0 });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: (() => Profile) | undefined;
  let writing: Promise<void> = Promise.resolve();
  let lastProblem: string | undefined;

  function write(): void {
    timer = undefined;
    const make = pending;
    pending = undefined;
    if (!make) return;
    writing = writing.then(async () => {
      const before = lastProblem;
      try {
        await store.save({ ...make(), name });
        lastProblem = undefined;
      } catch (error) {
        lastProblem = `the session is not being kept: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (lastProblem !== before) onProblem();
    });
  }

  return {
    file,
    async load() {
      try {
        return await store.load(name);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith(`there is no profile`))
          return undefined;
        lastProblem = `the last session could not be restored: ${error instanceof Error ? error.message : String(error)}`;
        throw error;
      }
    },
    save(make) {
      pending = make;
      timer ??= setTimeout(write, WRITE_DELAY_MS);
    },
    async flush() {
      if (timer !== undefined) {
        clearTimeout(timer);
        write();
      }
      await writing;
    },
    problem: () => lastProblem,
  };
}
