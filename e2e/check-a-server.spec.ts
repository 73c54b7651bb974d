// A QA engineer checks a server against the spec from the app: a verdict per rule, the one
// that fails opened to its evidence and the spec section.
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
    '13 pass, 0 warn, 1 fail, 10 not applicable · read back 10 of 10 · protocol 2025-11-25',
  );
  const results = drawer.getByRole('region', { name: 'Check results' });
  const failed = results.locator('li.verdict-fail');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('read.back');
  await failed.locator('summary').click();
  await expect(failed).toContainText('Spec 2026-07-28, Resources › Reading resources');
  await expect(failed.locator('pre')).toContainText('"uri": "legacy://empty"');
  await page.screenshot({ path: 'test-results/checks-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/checks-dark.png' });
});
