/**
 * Profiles on disk: one JSON file per profile in one folder. Writes are atomic (a temporary
 * file, then a rename), so a crash never leaves half a profile. A file that cannot be read,
 * or that a newer version wrote, is never overwritten or dropped: loading it fails with the
 * reason, and a backup copy is made beside it first. Saving over a good profile keeps a copy
 * of the file it replaces (the last {@link KEPT_REPLACED} of them).
 */
import { copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import { constants } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { HostError } from '../../../shared/host-error';
import type { ProfileSummary } from '../../../shared/mcp-types';
import { parseProfile, serializeProfile, type Profile } from '../../../shared/profile/profile';
import { checkProfileName } from '../../../shared/profile/profile-name';
import { FileTooLarge, NotARegularFile, readRegularFile } from './read-regular';

/** The profiles in one folder. */
export interface ProfileStore {
  readonly dir: string;
  /** Newest first. */
  list(): Promise<ProfileSummary[]>;
  /** Writes the profile; a good file it replaces is copied beside it first. */
  save(profile: Profile): Promise<ProfileSummary>;
  load(name: string): Promise<Profile>;
}

/** Where profiles live: $MCP_CONTEXT_PROFILES, else the user's config folder. */
export function defaultProfileDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MCP_CONTEXT_PROFILES) return env.MCP_CONTEXT_PROFILES;
  const config =
    env.XDG_CONFIG_HOME ||
    (process.platform === 'win32'
      ? (env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'))
      : join(homedir(), '.config'));
  return join(config, 'mcp-context-inspector', 'profiles');
}

const MAX_PROFILE_BYTES = 64 * 1024 * 1024;
/** Copies of replaced files kept per profile: enough to undo a few saves, not a growing pile. */
export const KEPT_REPLACED = 5;
const REPLACED_SUFFIX = '.replaced.bak';
/** `.NAME.PID.RANDOM.tmp`, as save() names its temporary file. */
const TEMPORARY = /^\..*\.(\d+)\.[0-9a-f]{12}\.tmp$/;

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** A backup of `file` that already holds `text`, so a file that fails again is not copied again. */
async function existingBackup(file: string, text: string): Promise<string | undefined> {
  const folder = dirname(file);
  const prefix = `${basename(file)}.`;
  for (const entry of await readdir(folder).catch(() => [] as string[])) {
    if (!entry.startsWith(prefix) || !entry.endsWith('.bak')) continue;
    const candidate = join(folder, entry);
    if ((await readRegularFile(candidate, MAX_PROFILE_BYTES).catch(() => undefined)) === text)
      return candidate;
  }
  return undefined;
}

/**
 * True unless the process is surely gone: one we may not signal (EPERM) is alive, and so is a
 * reused pid.
 */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) !== 'ESRCH';
  }
}

/**
 * Removes the temporary files of saves whose process died mid-write (a kill leaves them, up
 * to a whole profile's size). Only dead writers': the CLI beside the app may be mid-save.
 * Best effort: a file that cannot be removed now is tried again by the next run.
 */
async function removeDeadTemporaries(dir: string): Promise<void> {
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const pid = TEMPORARY.exec(entry)?.[1];
    if (pid !== undefined && !isAlive(Number(pid)))
      await rm(join(dir, entry), { force: true }).catch(() => undefined);
  }
}

/** Copies `file` to `NAME.json.<time>.replaced.bak` and keeps only the newest `keep`. */
async function keepReplaced(file: string, keep: number): Promise<void> {
  const base = `${file}.${stamp()}`;
  for (let n = 0; ; n += 1) {
    try {
      // A second save in the same millisecond gets `.1`, `.2`…, so no copy replaces another.
      await copyFile(
        file,
        `${base}${n === 0 ? '' : `.${n}`}${REPLACED_SUFFIX}`,
        constants.COPYFILE_EXCL,
      );
      break;
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
    }
  }
  const prefix = `${basename(file)}.`;
  const order = (entry: string) => {
    const [time = '', n = '0'] = entry.slice(prefix.length, -REPLACED_SUFFIX.length).split('.');
    return { time, n: Number(n) };
  };
  const copies = (await readdir(dirname(file)))
    .filter((entry) => entry.startsWith(prefix) && entry.endsWith(REPLACED_SUFFIX))
    .sort((a, b) => {
      const x = order(a);
      const y = order(b);
      return x.time < y.time ? -1 : x.time > y.time ? 1 : x.n - y.n;
    });
  for (const old of copies.slice(0, -keep)) await rm(join(dirname(file), old), { force: true });
}

/**
 * The profiles in `dir`. `keepReplaced` copies of replaced files are kept per profile
 * ({@link KEPT_REPLACED} by default; the session, written on every change, keeps none).
 */
export function createProfileStore(
  dir = defaultProfileDir(),
  options: { keepReplaced?: number } = {},
): ProfileStore {
  const keep = options.keepReplaced ?? KEPT_REPLACED;
  const fileOf = (name: string) => {
    const problem = checkProfileName(name);
    if (problem) throw new HostError('invalid-input', problem);
    return join(dir, `${name}.json`);
  };
  // Once per store, on its first use of the folder, not on every call.
  let swept: Promise<void> | undefined;
  const sweep = () => (swept ??= removeDeadTemporaries(dir));

  /**
   * Reads and checks one file; a bad one gets a backup beside it (once per content) and a clear
   * error.
   */
  async function read(file: string, name: string): Promise<Profile> {
    let text: string;
    try {
      text = await readRegularFile(file, MAX_PROFILE_BYTES);
    } catch (error) {
      if (error instanceof FileTooLarge)
        throw new HostError('invalid-input', `profile "${name}" is more than a profile can be`);
      if (error instanceof NotARegularFile)
        throw new HostError(
          'invalid-input',
          `profile "${name}" could not be read: ${error.message}; it was left as it is`,
        );
      if (codeOf(error) === 'ENOENT')
        throw new HostError('invalid-input', `there is no profile "${name}"`);
      throw new HostError(
        'internal',
        `profile "${name}" could not be read: ${(error as Error).message}`,
      );
    }
    const parsed = parseProfile(text);
    if ('profile' in parsed) return parsed.profile;
    const backup = (await existingBackup(file, text)) ?? `${file}.${stamp()}.bak`;
    await copyFile(file, backup, constants.COPYFILE_EXCL).catch(() => undefined);
    throw new HostError(
      'invalid-input',
      `profile "${name}" could not be loaded: ${parsed.problem.message}. The file was left as it is; a copy is at ${backup}`,
    );
  }

  /**
   * The text of the file a save would replace, undefined when there is none; refuses one it cannot
   * read.
   */
  async function replaced(file: string, name: string): Promise<string | undefined> {
    try {
      return await readRegularFile(file, MAX_PROFILE_BYTES);
    } catch (error) {
      if (error instanceof FileTooLarge)
        throw new HostError(
          'invalid-input',
          `profile "${name}" was not saved: the file ${file} is larger than a profile can be; it was left as it is`,
        );
      // Only a missing file means a new profile: one we cannot read may be the user's to mend.
      if (codeOf(error) === 'ENOENT') return undefined;
      const why =
        error instanceof NotARegularFile
          ? 'it is not a regular file'
          : (codeOf(error) ?? (error as Error).message);
      throw new HostError(
        'invalid-input',
        `profile "${name}" was not saved: the file ${file} cannot be read (${why}); it was left as it is`,
      );
    }
  }

  return {
    dir,
    async list() {
      await sweep();
      let names: string[];
      try {
        names = (await readdir(dir)).filter((entry) => entry.endsWith('.json'));
      } catch (error) {
        if (codeOf(error) === 'ENOENT') return [];
        throw new HostError(
          'internal',
          `the profiles folder ${dir} could not be read: ${(error as Error).message}`,
        );
      }
      const summaries = await Promise.all(
        names.map(async (entry): Promise<ProfileSummary & { mtime: number }> => {
          const file = join(dir, entry);
          const name = entry.slice(0, -'.json'.length);
          const info = await stat(file).catch(() => undefined);
          const mtime = info?.mtimeMs ?? 0;
          const text = await readRegularFile(file, MAX_PROFILE_BYTES).catch(
            (error: Error) => error,
          );
          if (text instanceof FileTooLarge)
            return { name, file, problem: 'it is larger than a profile can be', mtime };
          if (text instanceof NotARegularFile)
            return {
              name,
              file,
              problem: 'it is not a regular file (a pipe, a device or a socket)',
              mtime,
            };
          if (text instanceof Error) return { name, file, problem: text.message, mtime };
          const parsed = parseProfile(text);
          return 'profile' in parsed
            ? { name, file, savedAt: parsed.profile.savedAt, mtime }
            : { name, file, problem: parsed.problem.message, mtime };
        }),
      );
      return summaries
        .sort((a, b) => b.mtime - a.mtime || (a.name < b.name ? -1 : 1))
        .map(({ mtime: _mtime, ...summary }) => summary);
    },
    async save(profile) {
      const file = fileOf(profile.name);
      // Profiles can hold credentials (a server's headers or env): only the user may read them.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await sweep();
      // Never replace a file we cannot read: it may be a newer version's, or the user's to mend.
      const existing = await replaced(file, profile.name);
      if (existing !== undefined && 'problem' in parseProfile(existing))
        await read(file, profile.name);
      const temporary = join(
        dir,
        `.${profile.name}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
      );
      const text = serializeProfile(profile);
      if (Buffer.byteLength(text) > MAX_PROFILE_BYTES)
        throw new HostError(
          'invalid-input',
          `profile "${profile.name}" would be over ${MAX_PROFILE_BYTES / 1048576} MB, more than a profile can be`,
        );
      try {
        const handle = await open(temporary, 'wx', 0o600);
        try {
          await handle.writeFile(text, 'utf8');
          // On disk before the rename, so a crash leaves the old profile or the new one, whole.
          await handle.sync();
        } finally {
          await handle.close();
        }
        // The same text again needs no copy: nothing would be lost.
        if (keep > 0 && existing !== undefined && existing !== text) await keepReplaced(file, keep);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw new HostError(
          'internal',
          `profile "${profile.name}" could not be saved: ${(error as Error).message}`,
        );
      }
      return { name: profile.name, file, savedAt: profile.savedAt };
    },
    async load(name) {
      await sweep();
      return read(fileOf(name), name);
    },
  };
}
