import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  chmod,
  chown,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROFILE_KIND, PROFILE_VERSION, type Profile } from '../../../shared/profile/profile';
import { createHost } from '../host';
import { createProfileStore } from './profile-store';

const profile = (name: string): Profile => ({
  kind: PROFILE_KIND,
  version: PROFILE_VERSION,
  name,
  savedAt: '2026-11-30T12:00:00.000Z',
  servers: [{ name: 'docs', transport: { kind: 'stdio', command: 'node', args: ['server.js'] } }],
  picks: [{ server: 'docs', uri: 'docs://a' }],
  marks: [{ server: 'docs', uri: 'docs://b', mark: 'pin' }],
  policy: {
    auto: true,
    audience: 'assistant',
    threshold: 0.5,
    requirePriorityOne: true,
    budget: 8000,
    order: 'rank',
  },
  output: { format: 'markdown', encoding: 'o200k_base' },
});

/** A node child running `code` (an ES module that may import TypeScript through tsx). */
function node(code: string, options: { uid?: number } = {}): ChildProcess {
  const args = ['--import', 'tsx', '--input-type=module', '-e', code];
  return spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid !== undefined && { uid: options.uid, gid: options.uid }),
  });
}

async function output(child: ChildProcess): Promise<string> {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await once(child, 'exit');
  return text;
}

const storeModule = JSON.stringify(fileURLToPath(new URL('./profile-store.ts', import.meta.url)));
const temporaries = async (dir: string) =>
  (await readdir(dir)).filter((entry) => entry.endsWith('.tmp'));

async function store() {
  const dir = await mkdtemp(join(tmpdir(), 'profiles-'));
  return { dir, profiles: createProfileStore(join(dir, 'profiles')) };
}

describe('the profile store', () => {
  it('saves a profile atomically and loads it back as it was', async () => {
    const { profiles } = await store();
    await profiles.save(profile('Daily docs'));
    expect(await profiles.load('Daily docs')).toEqual(profile('Daily docs'));
    // Nothing but the profile is left in the folder: no temporary file.
    expect(await readdir(profiles.dir)).toEqual(['Daily docs.json']);
    expect((await profiles.list()).map((entry) => entry.name)).toEqual(['Daily docs']);
  });

  it('refuses a corrupt file with a clear error, keeps it untouched, and makes a backup beside it', async () => {
    const { profiles } = await store();
    await profiles.save(profile('broken'));
    const file = join(profiles.dir, 'broken.json');
    await writeFile(file, '{"kind": "mcp-context-profile", "version": 1, "name": ');
    await expect(profiles.load('broken')).rejects.toThrow(
      /profile "broken" could not be loaded: it is not JSON .*The file was left as it is; a copy is at .*broken\.json\..*\.bak/,
    );
    expect(await readFile(file, 'utf8')).toBe(
      '{"kind": "mcp-context-profile", "version": 1, "name": ',
    );
    const files = await readdir(profiles.dir);
    const backup = files.find((entry) => entry.endsWith('.bak'));
    expect(backup).toBeDefined();
    expect(await readFile(join(profiles.dir, backup as string), 'utf8')).toBe(
      '{"kind": "mcp-context-profile", "version": 1, "name": ',
    );
    // Saving over it is refused too, so it is never silently replaced.
    await expect(profiles.save(profile('broken'))).rejects.toThrow('could not be loaded');
    expect(await readFile(file, 'utf8')).toBe(
      '{"kind": "mcp-context-profile", "version": 1, "name": ',
    );
    expect((await profiles.list()).find((entry) => entry.name === 'broken')?.problem).toMatch(
      /not JSON/,
    );
  });

  it("refuses a pipe in a profile's place at once, and lists the rest", async () => {
    const { profiles } = await store();
    await profiles.save(profile('daily'));
    // A pipe nobody writes to: opened to read, it would wait for a writer forever.
    execFileSync('mkfifo', [join(profiles.dir, 'stuck.json')]);
    // The list is newest first: the pipe is made the newer by a clear margin.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(join(profiles.dir, 'daily.json'), hourAgo, hourAgo);
    expect(await profiles.list()).toEqual([
      expect.objectContaining({
        name: 'stuck',
        problem: 'it is not a regular file (a pipe, a device or a socket)',
      }),
      expect.objectContaining({ name: 'daily', savedAt: '2026-11-30T12:00:00.000Z' }),
    ]);
    await expect(profiles.load('stuck')).rejects.toThrow(
      /^profile "stuck" could not be read: .*stuck\.json is not a regular file \(a pipe, a device or a socket\); it was left as it is$/,
    );
    await expect(profiles.save(profile('stuck'))).rejects.toThrow(
      /^profile "stuck" was not saved: the file .*stuck\.json cannot be read \(it is not a regular file\); it was left as it is$/,
    );
    expect((await stat(join(profiles.dir, 'stuck.json'))).isFIFO()).toBe(true);
  });

  it('says a file from a newer version is newer, rather than broken', async () => {
    const { profiles } = await store();
    await profiles.save(profile('future'));
    await writeFile(
      join(profiles.dir, 'future.json'),
      JSON.stringify({ ...profile('future'), version: 7, extra: true }),
    );
    await expect(profiles.load('future')).rejects.toThrow(
      `written by a newer version of the app (profile version 7; this one reads ${PROFILE_VERSION})`,
    );
  });

  it('refuses names that would leave the folder or hide a file', async () => {
    const { profiles } = await store();
    for (const name of ['../escape', 'a/b', '.hidden', '', ' padded', 'x'.repeat(81)]) {
      await expect(profiles.save(profile(name)), name).rejects.toThrow(/profile name/);
      await expect(profiles.load(name), name).rejects.toThrow(/profile name/);
    }
  });

  it('writes profiles only its user can read, and backs a bad file up once however often it fails', async () => {
    const { profiles } = await store();
    await profiles.save(profile('mine'));
    if (process.platform !== 'win32')
      expect((await stat(join(profiles.dir, 'mine.json'))).mode & 0o777).toBe(0o600);
    await writeFile(join(profiles.dir, 'mine.json'), 'not json');
    for (let i = 0; i < 3; i += 1) await expect(profiles.load('mine')).rejects.toThrow('not JSON');
    expect((await readdir(profiles.dir)).filter((entry) => entry.endsWith('.bak'))).toHaveLength(1);
    await expect(profiles.save(profile('CON'))).rejects.toThrow('device name');
  });

  it('keeps a loaded profile’s secrets on the host: a window sees its servers redacted, the file keeps them', async () => {
    const { profiles } = await store();
    const host = createHost({ profiles });
    const secret: Profile = {
      ...profile('with secrets'),
      servers: [
        {
          name: 'remote',
          transport: {
            kind: 'http',
            url: 'http://127.0.0.1:9/mcp',
            headers: { Authorization: 'Bearer s3cret' },
          },
        },
      ],
    };
    await profiles.save(secret);
    const loaded = await host.loadProfile('with secrets');
    expect(loaded).toMatchObject({ name: 'with secrets', dormant: ['remote'] });
    const frames: string[] = [];
    host.onEvent((event) => event.type === 'context' && frames.push(JSON.stringify(event.frame)));
    await host.openView('w', {});
    expect(frames.at(-1)).toContain('"name":"remote"');
    expect(frames.join('')).not.toContain('s3cret');
    await host.saveProfile('with secrets');
    expect(await readFile(join(profiles.dir, 'with secrets.json'), 'utf8')).toContain(
      'Bearer s3cret',
    );
    await expect(host.connectDormantServers(['nobody'])).rejects.toThrow(
      'no server named "nobody" is waiting to be connected',
    );
    await host.close();
  });

  it('keeps a copy of the profile a save replaces, and only the last five', async () => {
    const { profiles } = await store();
    const version = (n: number): Profile => ({
      ...profile('daily'),
      savedAt: `2026-11-30T12:00:0${n}.000Z`,
    });
    await profiles.save(version(1));
    await profiles.save(version(2));
    const copies = async () =>
      (await readdir(profiles.dir))
        .filter((entry) => entry.startsWith('daily.json.') && entry.endsWith('.bak'))
        .sort();
    expect(await copies()).toHaveLength(1);
    const first = join(profiles.dir, (await copies())[0] as string);
    expect(JSON.parse(await readFile(first, 'utf8')).savedAt).toBe(version(1).savedAt);
    // A copy holds the same credentials as the profile: only its user may read it.
    if (process.platform !== 'win32') expect((await stat(first)).mode & 0o777).toBe(0o600);
    for (let n = 3; n <= 8; n += 1) await profiles.save(version(n));
    const kept = await Promise.all(
      (await copies()).map(
        async (entry) =>
          JSON.parse(await readFile(join(profiles.dir, entry), 'utf8')).savedAt as string,
      ),
    );
    expect(kept.sort()).toEqual([3, 4, 5, 6, 7].map((n) => version(n).savedAt));
    expect((await profiles.load('daily')).savedAt).toBe(version(8).savedAt);
  });

  it.skipIf(process.platform === 'win32')(
    'refuses to save over a file it cannot read, says why, and leaves it as it is',
    async () => {
      const { dir, profiles } = await store();
      await mkdir(profiles.dir);
      const file = join(profiles.dir, 'locked.json');
      await writeFile(file, 'the user’s own text');
      await chmod(file, 0o000);
      // Root reads a mode-000 file, so as root the save runs as an unprivileged user that owns the
      // folder.
      const uid = process.getuid?.() === 0 ? 65534 : undefined;
      if (uid !== undefined)
        for (const path of [dir, profiles.dir, file]) await chown(path, uid, uid);
      const saving = node(
        `import { createProfileStore } from ${storeModule};
      const profile = ${JSON.stringify(profile('locked'))};
      await createProfileStore(${JSON.stringify(profiles.dir)}).save(profile).then(() => console.log('saved'), (error) => console.log(error.message));`,
        { ...(uid !== undefined && { uid }) },
      );
      expect((await output(saving)).trim()).toBe(
        `profile "locked" was not saved: the file ${file} cannot be read (EACCES); it was left as it is`,
      );
      await chmod(file, 0o600);
      expect(await readFile(file, 'utf8')).toBe('the user’s own text');
      expect(await readdir(profiles.dir)).toEqual(['locked.json']);
    },
  );

  it('removes the temporary file of a save killed mid-write, and keeps a live writer’s', async () => {
    const { profiles } = await store();
    await profiles.save(profile('big'));
    // Writes the way save() does (its name, 'wx', 0o600), in parts, until it is killed.
    const writer = node(`
      import { openSync, writeSync } from 'node:fs';
      const fd = openSync(${JSON.stringify(profiles.dir)} + '/.big.' + process.pid + '.${randomBytes(6).toString('hex')}.tmp', 'wx', 0o600);
      const part = Buffer.alloc(256 * 1024, 120);
      writeSync(fd, part);
      console.log('writing');
      const more = setInterval(() => writeSync(fd, part), 5);
      setTimeout(() => clearInterval(more), 2000);`);
    await once(writer.stdout as NodeJS.ReadableStream, 'data');
    writer.kill('SIGKILL');
    await once(writer, 'exit');
    const [dead] = await temporaries(profiles.dir);
    expect(dead).toMatch(new RegExp(`^\\.big\\.${writer.pid}\\.[0-9a-f]{12}\\.tmp$`));
    expect((await stat(join(profiles.dir, dead as string))).size).toBeGreaterThan(0);

    // Another process (the CLI beside the app) in the middle of its own save.
    const live = node('setInterval(() => {}, 1000);');
    try {
      const alive = `.big.${live.pid}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(join(profiles.dir, alive), 'half a profile');
      // A new run's store cleans up when it first uses the folder.
      expect((await createProfileStore(profiles.dir).list()).map((entry) => entry.name)).toEqual([
        'big',
      ]);
      expect(await temporaries(profiles.dir)).toEqual([alive]);
    } finally {
      live.kill('SIGKILL');
    }
  });

  it('loads a profile whose server is not connected, then saves it whole: the server, its env, every pick and mark', async () => {
    const { profiles } = await store();
    const host = createHost({ profiles });
    const away: Profile = {
      ...profile('away'),
      servers: [
        {
          name: 'notes',
          transport: {
            kind: 'stdio',
            command: 'notes-server',
            args: [],
            env: { NOTES_TOKEN: 't0ken' },
          },
        },
      ],
      picks: ['a', 'b', 'c'].map((uri) => ({ server: 'notes', uri: `notes://${uri}` })),
      marks: [{ server: 'notes', uri: 'notes://d', mark: 'pin' }],
    };
    await profiles.save(away);
    expect(await host.loadProfile('away')).toEqual({
      name: 'away',
      dormant: ['notes'],
      marks: 4,
      applied: 0,
    });
    // Saved back under its own name and under another: nothing of the server that is not here is
    // lost.
    await host.saveProfile('away');
    await host.saveProfile('away too');
    for (const name of ['away', 'away too']) {
      const saved = await profiles.load(name);
      expect(saved.servers).toEqual(away.servers);
      expect(saved.picks).toEqual(away.picks);
      expect(saved.marks).toEqual(away.marks);
    }
    // Dropping the server is the user's word: then, and only then, it goes.
    await host.dropDormantServers(['notes']);
    await host.saveProfile('away');
    expect(await profiles.load('away')).toMatchObject({ servers: [], picks: [], marks: [] });
    await host.close();
  });
});
