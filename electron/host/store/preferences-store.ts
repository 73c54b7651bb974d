/**
 * A window's preferences kept by the host (browser mode's port changes every run, so a page's
 * own storage would forget them): one small JSON file beside the session, written whole or not
 * at all. A file that cannot be read is kept, copied aside, never written over; the defaults
 * are used and the reason is said.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_PREFERENCES,
  type Preferences,
  type PreferencesState,
} from '../../../shared/host-api';
import { writeFileAtomic } from './atomic-file';
import { readRegularFile, whyNotRead } from './read-regular';

/** Preferences are a few fields: far less than this. */
const MAX_PREFERENCES_BYTES = 1024 * 1024;
const stored = z.object({ theme: z.enum(['system', 'light', 'dark']) }).partial();

export interface PreferencesStore {
  get(): Promise<PreferencesState>;
  set(patch: Partial<Preferences>): Promise<PreferencesState>;
}

export function createPreferencesStore(file: string | undefined): PreferencesStore {
  let current: Promise<PreferencesState> | undefined;
  // Writes one after the other, so the last change is the one on disk.
  let writing: Promise<unknown> = Promise.resolve();

  async function load(): Promise<PreferencesState> {
    if (!file) return { ...DEFAULT_PREFERENCES };
    let text: string;
    try {
      text = await readRegularFile(file, MAX_PREFERENCES_BYTES);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ...DEFAULT_PREFERENCES };
      const why = whyNotRead(error, 'preferences');
      return {
        ...DEFAULT_PREFERENCES,
        problem: `${file} cannot be read (${why}); the defaults are used and the file is left as it is`,
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = stored.safeParse(json);
    if (parsed.success) return { ...DEFAULT_PREFERENCES, ...parsed.data };
    const aside = `${file}.unreadable-${Date.now()}`;
    try {
      await copyFile(file, aside);
    } catch (error) {
      // Not copied aside: then it is never written over either.
      return {
        ...DEFAULT_PREFERENCES,
        problem: `${file} is not a preferences file, and could not be copied aside (${(error as NodeJS.ErrnoException).code ?? 'error'}); the defaults are used and it is left as it is`,
      };
    }
    return {
      ...DEFAULT_PREFERENCES,
      problem: `${file} is not a preferences file; it was copied to ${aside}, and the defaults are used`,
      unreadable: true,
    };
  }

  return {
    get: () => (current ??= load()),
    async set(patch) {
      const before = await (current ??= load());
      const next: PreferencesState = { theme: patch.theme ?? before.theme };
      // An unreadable file (not a missing one) is never written over; its copy is aside.
      if (file && (!before.problem || before.unreadable)) {
        // One failed write must not fail every later one: each waits for the last, whatever it did.
        const write = writing
          .catch(() => undefined)
          .then(async () => {
            await mkdir(dirname(file), { recursive: true });
            await writeFileAtomic(file, `${JSON.stringify({ theme: next.theme }, null, 2)}\n`);
          });
        writing = write;
        await write;
      } else if (before.problem) next.problem = before.problem;
      current = Promise.resolve(next);
      return next;
    },
  };
}
