// A QA engineer checks a server against the spec from the app: a verdict per rule, what needs
// looking at first, the one that warns opened to its evidence, the spec's words and their level.
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

test('run the checks from the UI', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(served.url);
  await expect(page.getByText('10 resources', { exact: false }).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Protocol trace' }).click();
  await page.getByRole('tab', { name: 'Checks' }).click();
  const drawer = page.getByRole('region', { name: 'Protocol' });
  await drawer.getByRole('button', { name: 'Run checks' }).click();
  await expect(drawer.getByRole('status')).toContainText(
    '21 pass, 1 warn, 0 fail, 12 not applicable · read back 10 of 10 · protocol 2025-11-25',
  );
  const results = drawer.getByRole('region', { name: 'Check results' });
  // An empty contents array for a listed resource: a SHOULD, so a warning, listed first.
  const warned = results.locator('li.verdict-warn');
  await expect(warned).toHaveCount(1);
  await expect(results.locator('li').first()).toContainText('read.not-empty');
  await warned.locator('summary').click();
  await expect(warned).toContainText('Spec 2026-07-28, Resources › Error handling · SHOULD');
  await expect(warned.locator('pre')).toContainText('"uri": "legacy://empty"');
  await page.screenshot({ path: 'test-results/checks-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/checks-dark.png' });
});
