// A resource in the context changes on the server: the preview takes the new text by itself
// and says when, the open resource does too, and the Timeline shows the updates as they came.
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe();
});
test.afterAll(async () => {
  await served.stop();
});

test('the preview updates by itself, and the timeline shows the updates', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(served.url);
  const tree = page.getByRole('tree', { name: 'Resources' });
  await page.getByRole('searchbox', { name: 'Search resources' }).fill('sync status');
  await tree.getByRole('treeitem', { name: /Sync status \(live\)/ }).click();
  const detail = page.getByRole('region', { name: 'Resource' });
  await expect(detail).toContainText('status://lumen/sync');
  await detail.getByRole('button', { name: 'Pin', exact: true }).click();

  // The open resource: re-read by itself, and it says so.
  await expect(detail.getByText(/updated by the server \d+ s ago/)).toBeVisible();

  await page.getByRole('tab', { name: /Context/ }).click();
  const preview = page.getByLabel('Assembled context');
  await expect(preview).toContainText('- URI: status://lumen/sync');
  const tick = async () => Number(/\(tick (\d+)\)/.exec((await preview.textContent()) ?? '')?.[1]);
  const first = await tick();
  await expect.poll(tick).toBeGreaterThan(first);
  await expect(
    page.locator('.context-preview').getByText(/updated by the server \d+ s ago/),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Protocol trace' }).click();
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = page.getByRole('log', { name: 'Timeline' });
  await expect(
    timeline.locator('tr.kind-updated').filter({ hasText: 'status://lumen/sync' }).first(),
  ).toBeVisible();
  await expect(timeline.locator('tr.kind-connected').first()).toContainText('protocol 2026-07-28');
  await page.screenshot({ path: 'test-results/timeline-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/timeline-dark.png' });
});
