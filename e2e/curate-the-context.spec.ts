// A user curates with auto-include (on by default), sees what went in and why, types a focus
// and sees the context follow it, and takes the context away: copied, saved, and byte for byte
// what `mcp-context assemble` prints for the same server and settings. The host keeps the
// curation, so a reload finds it as it was. The tests of one describe share a host, and so a
// session.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServe, type Served } from './serve';

/**
 * Opens the app, waits for the catalog, and makes sure auto-include is on, in Markdown, with this
 * budget.
 */
async function autoInclude(
  page: Page,
  url: string,
  resources: string | RegExp,
  budget: string,
): Promise<void> {
  await page.goto(url);
  const listed =
    typeof resources === 'string'
      ? page.getByText(`${resources} resources`, { exact: false })
      : page.getByText(resources);
  await expect(listed.first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: /Context/ }).click();
  await expect(
    page.getByLabel('Include automatically (by focus, annotations and size)'),
  ).toBeChecked();
  // The settings past the budget fold away, their values in the summary.
  const more = page.locator('details.more-settings > summary');
  await expect(more).toContainText(/Markdown|JSON/);
  await more.click();
  await page.getByLabel('Format').selectOption('markdown');
  await page.getByLabel('Token budget').fill(budget);
  // Left, so the field shows the host's value from now on.
  await page.getByLabel('Token budget').blur();
}

// The demo lists 105 resources, and a draft comes or goes every 12 s (three at most): how many it
// lists when a test looks depends on how long the tests before it took.
const DEMO_LISTED = /\b10[5-8] resources\b/;

test.describe('on the demo server', () => {
  let served: Served;
  test.beforeAll(async () => {
    served = await startServe([]);
  });
  test.afterAll(async () => {
    await served.stop();
  });

  test('auto-include takes the priority-1 resources, leaves out the user-only ones, and keeps to the budget', async ({
    page,
  }) => {
    await autoInclude(page, served.url, DEMO_LISTED, '3000');
    const meter = page.getByRole('meter', { name: 'Budget used' });
    await expect(meter).toHaveAttribute('aria-valuetext', /of 3,000 tokens used/, {
      timeout: 30_000,
    });
    const preview = page.getByLabel('Assembled context');
    // The demo's two required guides are in; user-only changelogs are not.
    await expect(preview).toContainText('- URI: docs://lumen/guides/getting-started.md');
    await expect(preview).toContainText('- URI: db://lumen/schema/tables/notes');
    await expect(preview).not.toContainText('changelog://lumen/releases/1.0.0');
    const used = Number((await meter.getAttribute('aria-valuenow')) ?? 'NaN');
    expect(used).toBeGreaterThan(1000);
    expect(used).toBeLessThanOrEqual(3000);

    // Tokens per resource: one line per section, and a click shows the resource in the tree.
    await page.getByText(/^Tokens per resource/).click();
    const lines = page.locator('.included-list li');
    const sections = ((await preview.textContent()) ?? '').match(/^- URI: /gm)?.length ?? 0;
    await expect(lines).toHaveCount(sections);
    await lines.getByRole('button', { name: 'docs://lumen/guides/getting-started.md' }).click();
    await expect(page.getByRole('treeitem', { selected: true })).toContainText('Getting started');
    // Where the tokens go: a block per resource under its folder; a click shows it in the tree too.
    const map = page.getByRole('region', { name: 'Where the tokens go' });
    await map.getByRole('button', { name: /^Select notes: [\d,]+ tokens$/ }).click();
    await expect(page.getByRole('treeitem', { selected: true })).toContainText('notes');

    // Every row says what happened to it, and the detail pane says why.
    const tree = page.getByRole('tree', { name: 'Resources' });
    await tree.getByRole('treeitem', { name: 'changelog://lumen/releases', exact: true }).click();
    await page.keyboard.press('ArrowRight');
    const old = tree.getByRole('treeitem', { name: /1\.0\.0/ }).first();
    await expect(old.getByLabel('context: for the user only')).toBeVisible();
    // Marks on the row itself: excluding a resource that was in takes it out, and says so.
    const required = tree.getByRole('treeitem', { name: /2\.4\.0/ }).first();
    await expect(required.getByLabel('context: auto-included')).toBeVisible();
    await required.click();
    await required.getByRole('button', { name: /^Exclude / }).click();
    // Selected, the pressed button says it (once); once another row is selected, its badge does.
    await expect(required.getByRole('button', { name: /^Exclude / })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(required.getByLabel('context: excluded by you')).toHaveCount(0);
    await expect(preview).not.toContainText('changelog://lumen/releases/2.4.0');
    await old.click();
    await expect(required.getByLabel('context: excluded by you')).toBeVisible();
    await expect(required.getByRole('button', { name: /^Exclude / })).toHaveCount(0);
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Resource' }).click();
    await expect(
      page.getByText('Not in the context: for the user only. Audience is user, not assistant.'),
    ).toBeVisible();
  });

  test('a focus brings what it is about into the context, and the decisions say what matched', async ({
    page,
  }) => {
    await autoInclude(page, served.url, DEMO_LISTED, '3000');
    const preview = page.getByLabel('Assembled context');
    await expect(page.locator('.context-pane')).toHaveAttribute('data-curation', 'done', {
      timeout: 30_000,
    });
    const tokenSections = async () =>
      ((await preview.textContent()) ?? '').match(/^- URI: design:\/\/tokens\//gm)?.length ?? 0;
    const before = await tokenSections();

    const focus = page.getByLabel('Focus', { exact: true });
    await focus.click();
    await focus.pressSequentially('design tokens for dark mode', { delay: 15 });
    // Every keystroke kept while the frames came back.
    await expect(focus).toHaveValue('design tokens for dark mode');
    // The design tokens push the rest aside.
    await expect.poll(tokenSections, { timeout: 30_000 }).toBeGreaterThan(before + 5);
    await expect(page.locator('.context-pane')).toHaveAttribute('data-curation', 'done', {
      timeout: 30_000,
    });
    // The meter says where the budget went, and the hint how much the focus read.
    const legend = page.getByRole('list', { name: 'Where the tokens went' });
    await expect(legend).toContainText(/focus matches [\d,]+/);
    await expect(legend).not.toContainText('fill');
    await expect(page.getByText(/It read the text of all [\d,]+ resources\./)).toBeVisible();

    // The first design token in the context says why it is there.
    const first = page.locator('.included-list li').filter({ hasText: 'design://tokens/' }).first();
    await page.getByText(/^Tokens per resource/).click();
    await first.getByRole('button').click();
    await page.getByRole('tab', { name: 'Resource' }).click();
    await expect(page.locator('.context-decision')).toContainText(
      /In the context: auto-included\. Rank \d+ of \d+: .*focus matched "[^"]+" in /,
    );

    // A reload finds the same curation: the host kept the focus.
    await page.reload();
    await page.getByRole('tab', { name: /Context/ }).click();
    await expect(page.getByLabel('Focus', { exact: true })).toHaveValue(
      'design tokens for dark mode',
    );
    await expect.poll(tokenSections, { timeout: 30_000 }).toBeGreaterThan(before + 5);
  });
});

test.describe('on a fixed catalog', () => {
  const command = [process.execPath, '--import', 'tsx', 'test/fixtures/context-server.ts'];
  let served: Served;
  let profiles: string;
  test.beforeAll(async () => {
    profiles = await mkdtemp(join(tmpdir(), 'e2e-profiles-'));
    served = await startServe(['--', ...command], [], { MCP_CONTEXT_PROFILES: profiles });
  });
  test.afterAll(async () => {
    await served.stop();
  });

  function cliAssemble(...args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['bin/mcp-context.mjs', 'assemble', ...args, '--', ...command],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      );
    });
  }

  test('the preview, its copy and its saved file are exactly what mcp-context assemble prints', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: served.origin,
    });
    await autoInclude(page, served.url, '301', '2500');
    await expect(page.getByRole('meter', { name: 'Budget used' })).toHaveAttribute(
      'aria-valuetext',
      /of 2,500 tokens used/,
      { timeout: 30_000 },
    );
    await expect(page.getByRole('status').filter({ hasText: 'Reading' })).toHaveCount(0, {
      timeout: 30_000,
    });

    const expected = await cliAssemble('--budget', '2500');
    expect(expected.length).toBeGreaterThan(1000);
    // Exactly, character for character (toHaveText would normalize whitespace).
    const preview = page.getByLabel('Assembled context');
    await expect.poll(() => preview.textContent()).toBe(expected);

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(
      page.getByText(`Copied ${expected.length.toLocaleString('en-US')} characters.`),
    ).toBeVisible();
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe(expected);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save…' }).click();
    const file = await (await download).path();
    expect(await readFile(file, 'utf8')).toBe(expected);

    // The same in JSON.
    await page.getByLabel('Format').selectOption('json');
    const json = await cliAssemble('--budget', '2500', '--format', 'json');
    await expect.poll(() => preview.textContent(), { timeout: 30_000 }).toBe(json);
  });

  test('a saved profile gives the CLI the same context, and loads back into the app', async ({
    page,
  }) => {
    await autoInclude(page, served.url, '301', '1800');
    // A pin and an exclusion of the user's own, from the keyboard.
    const tree = page.getByRole('tree', { name: 'Resources' });
    await tree.getByRole('treeitem', { name: 'ctx://notes', exact: true }).click();
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowDown'])
      await page.keyboard.press(key);
    await page.keyboard.press('Alt+P');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Alt+E');
    // Both marks decided: the rows say so, and the curation is done.
    await expect(tree.getByLabel('context: pinned')).toHaveCount(1, { timeout: 30_000 });
    await expect(tree.getByLabel('context: excluded by you')).toHaveCount(1);
    await expect(page.locator('.context-pane')).toHaveAttribute('data-curation', 'done');
    const preview = page.getByLabel('Assembled context');
    const shown = (await preview.textContent()) ?? '';
    expect(shown.startsWith('## Note')).toBe(true);

    await page.getByLabel('Name', { exact: true }).last().fill('Pinned notes');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Saved “Pinned notes”' }),
    ).toBeVisible();
    const file = join(profiles, 'Pinned notes.json');
    expect(await cliAssemble('--profile', file)).toBe(shown);

    // A fresh page finds the same curation: the host kept it.
    await page.reload();
    await expect(page.getByText('301 resources', { exact: false }).first()).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('tab', { name: /Context/ }).click();
    await expect
      .poll(() => page.getByLabel('Assembled context').textContent(), { timeout: 30_000 })
      .toBe(shown);

    // Changed, then loaded back: the same settings, pin and exclusion, so the same text.
    await page.getByLabel('Token budget').fill('900');
    await page.getByLabel('Token budget').blur();
    await expect
      .poll(() => page.getByLabel('Assembled context').textContent(), { timeout: 30_000 })
      .not.toBe(shown);
    await page.getByRole('button', { name: 'Load Pinned notes' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Loaded “Pinned notes”' }),
    ).toBeVisible();
    await expect
      .poll(() => page.getByLabel('Assembled context').textContent(), { timeout: 30_000 })
      .toBe(shown);
  });

  test('a corrupt profile gets a clear error, and stays as it was beside a backup', async ({
    page,
  }) => {
    const broken = '{"kind": "mcp-context-profile", "version": 1, "picks": [';
    await writeFile(join(profiles, 'Broken one.json'), broken);
    await page.goto(served.url);
    await page.getByRole('tab', { name: /Context/ }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Broken one' });
    await expect(row).toContainText('cannot be loaded: it is not JSON');
    await page.getByRole('button', { name: 'Load Broken one' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'profile "Broken one" could not be loaded: it is not JSON',
    );
    await expect(page.getByRole('alert')).toContainText('The file was left as it is; a copy is at');
    expect(await readFile(join(profiles, 'Broken one.json'), 'utf8')).toBe(broken);
    const backups = (await readdir(profiles)).filter(
      (name) => name.startsWith('Broken one.json.') && name.endsWith('.bak'),
    );
    expect(backups).toHaveLength(1);
    expect(await readFile(join(profiles, backups[0] as string), 'utf8')).toBe(broken);
  });
});
