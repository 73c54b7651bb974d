// A user opens a folder that holds 2,500 resources directly (a bucket of keys): the tree shows
// the first 1,000 and a row for the rest, Enter on it brings the next rows in and the keyboard
// goes on from the first of them, and a resource there opens like any other.
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe([
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/synthetic-server.ts',
    '--count',
    '2500',
    '--flat',
  ]);
});
test.afterAll(async () => {
  await served.stop();
});

test('a folder of 2,500 resources shows 1,000 rows, then more on request', async ({ page }) => {
  await page.goto(served.url);
  await expect(page.getByText('2,500 resources', { exact: true })).toBeVisible({ timeout: 30_000 });
  const tree = page.getByRole('tree', { name: 'Resources' });
  const folder = tree.getByRole('treeitem', { name: 'synth://flat', exact: true });
  await folder.click();
  await expect(folder).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(folder).toHaveAttribute('aria-expanded', 'true');

  // The folder's last row stands for the rows not sent.
  await page.keyboard.press('End');
  const more = tree.getByRole('treeitem', {
    name: 'Show 1,000 more (1,500 not shown)',
    exact: true,
  });
  await expect(more).toBeFocused();
  await expect(more).toHaveAttribute('aria-posinset', '1001');
  await expect(more).not.toHaveAttribute('aria-checked', /.*/);

  // Enter brings the next 1,000 in; the keyboard goes on from the first of them.
  await page.keyboard.press('Enter');
  const first = tree.locator('[role="treeitem"][aria-posinset="1001"]');
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-setsize', '2001');
  const name = await first.getAttribute('aria-label');
  expect(name).toMatch(/^[A-Z][a-z]+ \w+ \w+ \d+$/);
  await page.keyboard.press('End');
  await expect(
    tree.getByRole('treeitem', { name: 'Show 500 more (500 not shown)', exact: true }),
  ).toBeFocused();

  // A resource among the new rows opens like any other.
  await page.keyboard.press('ArrowUp');
  const last = tree.locator('[role="treeitem"][aria-posinset="2000"]');
  await expect(last).toBeFocused();
  const title = (await last.getAttribute('aria-label')) ?? '';
  await page.keyboard.press('Enter');
  const detail = page.getByRole('region', { name: 'Resource' });
  await expect(detail.getByRole('article', { name: 'Content item 1 of 1' })).toContainText(title);
});
