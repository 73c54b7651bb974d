// A developer opens the protocol trace: every message with the server, both ways, timed;
// filtered by method and text; one opened whole; what matches exported as JSONL.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe([
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/legacy-server.ts',
  ]);
});
test.afterAll(async () => {
  await served.stop();
});

test('the trace shows the requests, with filter and export', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(served.url);
  await expect(page.getByText('10 resources', { exact: false }).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Protocol trace' }).click();
  const drawer = page.getByRole('region', { name: 'Protocol' });
  const rows = drawer.getByRole('listbox', { name: 'Messages' }).getByRole('option');
  await expect(rows.last()).toBeVisible();
  await expect(drawer.getByRole('listbox', { name: 'Messages' })).toContainText('initialize');

  // Only the listing's requests and their answers: four pages, each answered and timed.
  await drawer.getByRole('combobox', { name: 'Method' }).selectOption('resources/list');
  await expect(rows).toHaveCount(8);
  await expect(rows.filter({ hasText: '→' })).toHaveCount(4);
  await expect(rows.filter({ hasText: ' ms' })).toHaveCount(8);

  // Text narrows further: the page whose answer names the changelog.
  await drawer.getByRole('searchbox', { name: 'Text in the message' }).fill('changelog');
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  await expect(drawer.getByLabel('Message JSON')).toContainText('"uri": "legacy://docs/changelog"');
  await page.screenshot({ path: 'test-results/trace-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/trace-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });

  await drawer.getByRole('searchbox', { name: 'Text in the message' }).fill('');
  await expect(rows).toHaveCount(8);
  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Export JSONL' }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8'))
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { direction: string; message: { method?: string } });
  expect(lines).toHaveLength(8);
  expect(
    lines.filter((line) => line.direction === 'send').map((line) => line.message.method),
  ).toEqual(['resources/list', 'resources/list', 'resources/list', 'resources/list']);
  await expect(drawer.getByRole('status').filter({ hasText: 'Exported 8 messages' })).toBeVisible();
});
