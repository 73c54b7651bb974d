// A user turns auto-include on, sees what went in and why, and takes the context away: copied,
// saved, and byte for byte what `mcp-context assemble` prints for the same server and settings.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve';

test.describe('on the demo server', () => {
  let served: Served;
  test.beforeAll(async () => {
    served = await startServe([]);
  });
  test.afterAll(async () => {
    await served.stop();
  });

  test('auto-include takes the priority-1 resources, leaves out the user-only ones, and keeps to the budget', async ({ page }) => {
    await page.goto(served.url);
    await expect(page.getByText('105 resources', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole('tab', { name: /Context/ }).click();
    await page.getByLabel('Include by annotations').check();
    await page.getByLabel('Token budget').fill('3000');
    const meter = page.getByRole('meter', { name: 'Budget used' });
    await expect(meter).toHaveAttribute('aria-valuetext', /of 3,000 tokens used/, { timeout: 30_000 });
    const preview = page.getByLabel('Assembled context');
    // The demo's two required guides are in; user-only changelogs are not.
    await expect(preview).toContainText('- URI: docs://lumen/guides/getting-started.md');
    await expect(preview).toContainText('- URI: db://lumen/schema/tables/notes');
    await expect(preview).not.toContainText('changelog://lumen/releases/1.0.0');
    const used = Number((await meter.getAttribute('aria-valuenow')) ?? 'NaN');
    expect(used).toBeGreaterThan(1000);
    expect(used).toBeLessThanOrEqual(3000);

    // Every row says what happened to it, and the detail pane says why.
    const tree = page.getByRole('tree', { name: 'Resources' });
    await tree.getByRole('treeitem', { name: 'changelog://lumen/releases', exact: true }).click();
    await page.keyboard.press('ArrowRight');
    const old = tree.getByRole('treeitem', { name: /1\.0\.0/ }).first();
    await expect(old.getByLabel('context: excluded by audience')).toBeVisible();
    await old.click();
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Resource' }).click();
    await expect(page.getByText('Not in the context: excluded by audience. Audience is user, not assistant.')).toBeVisible();
  });
});

test.describe('on a fixed catalog', () => {
  const command = [process.execPath, '--import', 'tsx', 'test/fixtures/context-server.ts'];
  let served: Served;
  test.beforeAll(async () => {
    served = await startServe(['--', ...command]);
  });
  test.afterAll(async () => {
    await served.stop();
  });

  function cliAssemble(...args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(process.execPath, ['bin/mcp-context.mjs', 'assemble', ...args, '--', ...command], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      );
    });
  }

  test('the preview, its copy and its saved file are exactly what mcp-context assemble prints', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
    await page.goto(served.url);
    await expect(page.getByText('301 resources', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole('tab', { name: /Context/ }).click();
    await page.getByLabel('Include by annotations').check();
    await page.getByLabel('Token budget').fill('2500');
    await expect(page.getByRole('meter', { name: 'Budget used' })).toHaveAttribute('aria-valuetext', /of 2,500 tokens used/, { timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Reading' })).toHaveCount(0, { timeout: 30_000 });

    const expected = await cliAssemble('--budget', '2500');
    expect(expected.length).toBeGreaterThan(1000);
    // Exactly, character for character (toHaveText would normalize whitespace).
    const preview = page.getByLabel('Assembled context');
    await expect.poll(() => preview.textContent()).toBe(expected);

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText(`Copied ${expected.length.toLocaleString('en-US')} characters.`)).toBeVisible();
    expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(expected);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save…' }).click();
    const file = await (await download).path();
    expect(await readFile(file, 'utf8')).toBe(expected);

    // The same in JSON.
    await page.getByLabel('Format').selectOption('json');
    const json = await cliAssemble('--budget', '2500', '--format', 'json');
    await expect.poll(() => preview.textContent(), { timeout: 30_000 }).toBe(json);
  });
});
