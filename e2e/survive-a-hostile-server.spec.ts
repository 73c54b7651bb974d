// A server that sends 30 MB of text and a 10 MB one-line JSON: the page shows a truncated
// view with "Show more", and keeps answering the user while it does.
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe([
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/hostile-server.ts',
    '--mode',
    'huge',
  ]);
});
test.afterAll(async () => {
  await served.stop();
});

test('a 30 MB text opens truncated, and the page still answers', async ({ page }) => {
  await page.goto(served.url);
  const tree = page.getByRole('tree', { name: 'Resources' });
  await page.getByRole('searchbox', { name: 'Search resources' }).fill('huge text');
  await tree.getByRole('treeitem', { name: 'huge text (30 MB)' }).click();
  const detail = page.getByRole('region', { name: 'Resource' });
  const item = detail.getByRole('article', { name: 'Content item 1 of 1' });
  await expect(item).toContainText('30 MiB', { timeout: 30_000 });
  await expect(item.getByRole('button', { name: 'Show more' })).toBeVisible();
  // Still interactive: the search narrows the tree and the other huge item opens.
  await page.getByRole('searchbox', { name: 'Search resources' }).fill('json');
  await tree.getByRole('treeitem', { name: /huge JSON/ }).click();
  await expect(detail.getByRole('article', { name: 'Content item 1 of 1' })).toContainText(
    'Too large to format as JSON',
    { timeout: 30_000 },
  );
  await expect(page.getByRole('searchbox', { name: 'Search resources' })).toHaveValue('json');
});
