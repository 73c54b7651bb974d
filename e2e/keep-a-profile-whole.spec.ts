// A user loads a profile that names a server this app has not connected: the server is listed
// as not connected, with its marks, and no secret. Saving it again loses nothing: the server,
// its real env, its picks and its mark are all still in the file (the host writes it from what
// it holds), and the file it replaced is kept beside it. Removed by the user, it goes.
import { deriveServerName } from '../shared/config/server-name';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PROFILE_KIND, PROFILE_VERSION, type Profile } from '../shared/profile/profile';
import { startServe, type Served } from './serve';

const command = [process.execPath, '--import', 'tsx', 'test/fixtures/context-server.ts'];
// The name `mcp-context serve -- COMMAND` gives the server.
const fixture = deriveServerName(command[0] as string, command.slice(1));
const notes = {
  name: 'notes',
  transport: {
    kind: 'stdio' as const,
    command: 'notes-server',
    args: ['--read-only'],
    env: { NOTES_TOKEN: 's3cret-token' },
  },
};

const written: Profile = {
  kind: PROFILE_KIND,
  version: PROFILE_VERSION,
  name: 'Team review',
  savedAt: '2026-11-30T12:00:00.000Z',
  servers: [
    {
      name: fixture,
      transport: { kind: 'stdio', command: command[0] as string, args: command.slice(1) },
    },
    notes,
  ],
  picks: [
    { server: fixture, uri: 'ctx://notes/alpha/note-0.md' },
    ...[1, 2, 3].map((n) => ({ server: 'notes', uri: `notes://team/${n}.md` })),
  ],
  marks: [{ server: 'notes', uri: 'notes://team/4.md', mark: 'pin' }],
  policy: {
    auto: false,
    audience: 'assistant',
    threshold: 0.5,
    requirePriorityOne: true,
    budget: 8000,
    order: 'rank',
  },
  output: { format: 'markdown', encoding: 'o200k_base' },
};

/**
 * Saves under the typed name, answering the replace question, and returns what it asked, once
 * `file` was written anew (its savedAt at least changes): the status may still show the save
 * before.
 */
async function saveOver(page: Page, name: string, file: string): Promise<string> {
  const before = await readFile(file, 'utf8');
  await page.getByLabel('Name', { exact: true }).last().fill(name);
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await page.getByRole('button', { name: 'Save profile' }).click();
  const question = await asked;
  await expect(page.getByRole('status').filter({ hasText: `Saved “${name}”` })).toBeVisible();
  await expect.poll(() => readFile(file, 'utf8')).not.toBe(before);
  return question;
}

test.describe('a profile with a server that is not connected', () => {
  let served: Served;
  let profiles: string;
  test.beforeAll(async () => {
    profiles = await mkdtemp(join(tmpdir(), 'e2e-keep-profile-'));
    await writeFile(join(profiles, 'Team review.json'), `${JSON.stringify(written, null, 2)}\n`);
    served = await startServe(['--', ...command], [], { MCP_CONTEXT_PROFILES: profiles });
  });
  test.afterAll(async () => {
    await served.stop();
  });

  test('is listed as not connected after a load, saved back whole, and dropped only when the user removes it', async ({
    page,
  }) => {
    const file = join(profiles, 'Team review.json');
    const original = await readFile(file, 'utf8');
    await page.goto(served.url);
    await expect(page.getByText('301 resources', { exact: false }).first()).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('tab', { name: /Context/ }).click();
    await page.getByRole('button', { name: 'Load Team review' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Loaded “Team review”; 1 of its servers is not connected.' }),
    ).toBeVisible();

    // The server stays in sight, with its marks (3 picks and a pin), and no secret.
    const away = page.getByRole('group', { name: 'Not connected now' });
    await expect(away.getByRole('listitem')).toHaveText(
      /notes notes-server --read-only with environment NOTES_TOKEN · 4 marks/,
    );
    await expect(away.getByRole('button', { name: 'Connect notes' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('s3cret');
    // Its picks are not counted as picked here: only the one on the connected server is.
    await expect(page.getByRole('status', { name: 'Picked resources' })).toHaveText('1 picked');

    const question = await saveOver(page, 'Team review', file);
    expect(question).toBe(
      'Replace the profile “Team review”? A copy of the file it replaces is kept beside it.',
    );
    // Nothing was lost: the same servers (the real env too), picks and mark.
    const saved = JSON.parse(await readFile(file, 'utf8')) as Profile;
    expect(saved.servers).toEqual(written.servers);
    expect(saved.picks).toEqual(written.picks);
    expect(saved.marks).toEqual(written.marks);
    const copies = async () =>
      (await readdir(profiles)).filter(
        (entry) => entry.startsWith('Team review.json.') && entry.endsWith('.bak'),
      );
    expect(await copies()).toHaveLength(1);
    expect(await readFile(join(profiles, (await copies())[0] as string), 'utf8')).toBe(original);

    // Removed by the user, it goes at the next save, with its marks.
    await away.getByRole('button', { name: 'Remove notes and its marks' }).click();
    await expect(away).toHaveCount(0);
    await saveOver(page, 'Team review', file);
    const after = JSON.parse(await readFile(file, 'utf8')) as Profile;
    expect(after.servers.map((server) => server.name)).toEqual([fixture]);
    expect(after.picks).toEqual([written.picks[0]]);
    expect(after.marks).toEqual([]);
    expect(await copies()).toHaveLength(2);
  });
});
