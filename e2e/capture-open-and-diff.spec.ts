// A QA engineer captures the demo's context twice, a few seconds apart, opens one capture
// read-only in its own tab (tree, details, decisions, preview, trace, all from the file), and
// diffs the two: the status page that the server updated, and the decisions that turned.
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe();
});
test.afterAll(async () => {
  await served.stop();
});

async function capture(page: Page, file: string): Promise<void> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Capture', exact: true }).click();
  await (await download).saveAs(file);
  await expect(page.locator('.capture-status')).toContainText(
    /Saved capture-.*\.json: 1 server, \d+ contents/,
  );
}

test('take two captures, open one read-only, and diff them', async ({ page, context }) => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-capture-e2e-'));
  const [first, second] = [join(dir, 'first.json'), join(dir, 'second.json')];
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(served.url);
  const tree = page.getByRole('tree', { name: 'Resources' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: /Context/ }).click();
  await expect(page.getByLabel('Assembled context')).toContainText('- URI: status://lumen/sync', {
    timeout: 30_000,
  });

  await capture(page, first);
  const captured = JSON.parse(readFileSync(first, 'utf8')) as {
    context: { text: string };
    servers: { name: string }[];
  };
  expect(captured.servers.map((server) => server.name)).toEqual(['Demo: Lumen docs']);
  // The demo's status page changes on every tick (4 s); its drafts every few. The second capture
  // once the context shows a later tick than the first holds.
  const tick = /\(tick (\d+)\)/.exec(captured.context.text)?.[1] as string;
  expect(tick).toBeDefined();
  await expect(page.getByLabel('Assembled context')).toContainText(
    new RegExp(`Updated \\S+ \\(tick (?!${tick}\\))\\d+\\)`),
    { timeout: 30_000 },
  );
  await capture(page, second);

  // Open the first, read-only, in a tab of its own.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open capture…' }).click();
  const tab = context.waitForEvent('page');
  await (await chooser).setFiles(first);
  const replay = await tab;
  await replay.setViewportSize({ width: 1280, height: 800 });
  await expect(replay.getByRole('status').filter({ hasText: 'Replay of a capture' })).toContainText(
    'Read-only: nothing here reaches a server',
  );
  await expect(replay.getByRole('button', { name: 'Open capture…' })).toHaveCount(0);
  await expect(replay.getByRole('form', { name: /Connect/ })).toHaveCount(0);
  const replayTree = replay.getByRole('tree', { name: 'Resources' });
  await replay.getByRole('searchbox', { name: 'Search resources' }).fill('sync status');
  await replayTree.getByRole('treeitem', { name: /Sync status \(live\)/ }).click();
  await expect(replay.getByRole('region', { name: 'Resource' })).toContainText(
    'status://lumen/sync',
  );
  await replay.getByRole('tab', { name: /Context/ }).click();
  const preview = replay.getByLabel('Assembled context');
  await expect(preview).toContainText('- URI: status://lumen/sync');
  // The preview is the captured text, tick and time included, whatever the live server says now.
  const updated = /Updated (\S+) \(tick \d+\)/.exec(captured.context.text)?.[0] as string;
  await expect(preview).toContainText(updated);
  await replay.getByRole('button', { name: 'Protocol trace' }).click();
  const drawer = replay.getByRole('region', { name: 'Protocol' });
  await expect(drawer.getByText('resources/read').first()).toBeVisible();
  await expect(drawer.getByText(/^\d+ shown/)).toBeVisible();
  await replay.screenshot({ path: 'test-results/capture-opened-light.png' });
  await replay.emulateMedia({ colorScheme: 'dark' });
  await replay.screenshot({ path: 'test-results/capture-opened-dark.png' });
  await replay.close();
  // The page that opened it says so on the header's one line, cut where it does not fit, and lets
  // it go at its ×.
  const header = page.locator('.app-header');
  const said = header.getByRole('status').filter({ hasText: 'Opened first.json read-only' });
  await expect(said).toBeVisible();
  expect((await header.boundingBox())?.height).toBeLessThan(56);
  await said.getByRole('button', { name: 'Dismiss' }).click();
  await expect(said).toHaveCount(0);

  // The diff of the two.
  await page.getByRole('button', { name: 'Diff captures…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Diff two captures' });
  await dialog.getByLabel('Before (A)').setInputFiles(first);
  await dialog.getByLabel('After (B)').setInputFiles(second);
  await expect(dialog.getByRole('status')).toContainText('They differ.');
  const status = dialog.locator('.diff-list li').filter({ hasText: 'status://lumen/sync' }).first();
  await expect(status).toContainText('content');
  // With its decision, and both reasons: the tokens it takes moved with the text.
  await expect(status.locator('.diff-decision')).toContainText(/A: .*tokens/);
  await expect(status.locator('.diff-decision')).toContainText(/B: .*tokens/);
  await expect(dialog.getByLabel("The context's text, as a unified diff")).toContainText(
    '+Updated',
  );
  await page.screenshot({ path: 'test-results/capture-diff-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/capture-diff-dark.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
