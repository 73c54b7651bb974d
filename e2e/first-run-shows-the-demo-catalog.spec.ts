// A newcomer runs the app with nothing configured: the built-in demo server connects,
// its catalog lists, and opening a resource shows its fields and content.
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe();
});
test.afterAll(async () => {
  await served.stop();
});

test('the demo server connects, lists its catalog, and a resource opens with its content', async ({
  page,
}) => {
  await page.goto(served.url);
  const server = page
    .getByRole('list', { name: 'Servers' })
    .getByRole('listitem', { name: 'Demo: Lumen docs' });
  await expect(server).toContainText('Connected');
  await expect(server).toContainText('2026-07-28');
  await expect(server).toContainText('modern');

  const tree = page.getByRole('tree', { name: 'Resources' });
  await expect(tree.getByRole('treeitem', { name: 'Demo: Lumen docs' })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: 'Templates' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search resources' });
  await expect(page.getByText(/^\d+ resources$/)).toBeVisible();
  const total = Number((await page.getByText(/^\d+ resources$/).innerText()).split(' ')[0]);
  expect(total).toBeGreaterThanOrEqual(50);

  await search.fill('{table}');
  await tree.getByRole('treeitem', { name: 'Table schema' }).click();
  await expect(page.getByRole('region', { name: 'Template' })).toContainText(
    'db://lumen/schema/tables/{table}',
  );

  await search.fill('getting started');
  // Of all it lists: a draft may have come or gone since (one every 12 s).
  await expect(page.getByText(/^\d+ of \d+ resources$/)).toBeVisible();
  await tree.getByRole('treeitem', { name: 'Getting started with Lumen' }).click();

  const detail = page.getByRole('region', { name: 'Resource' });
  await expect(detail).toContainText('docs://lumen/guides/getting-started.md');
  await expect(detail).toContainText('text/markdown');
  await expect(detail).toContainText('assistant');
  await expect(detail.getByRole('article', { name: 'Content item 1 of 1' })).toContainText(
    'Getting started with Lumen',
  );
});

test('an image resource shows as an image', async ({ page }) => {
  await page.goto(served.url);
  await page.getByRole('searchbox', { name: 'Search resources' }).fill('logo.png');
  await page
    .getByRole('tree', { name: 'Resources' })
    .getByRole('treeitem', { name: 'Lumen logo' })
    .click();
  const image = page
    .getByRole('region', { name: 'Resource' })
    .getByRole('img', { name: /^Image content/ });
  await expect(image).toBeVisible();
  expect(
    await image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
  ).toBe(64);
});

test('the live status page refreshes by itself when the server says it changed', async ({
  page,
}) => {
  await page.goto(served.url);
  await page.getByRole('searchbox', { name: 'Search resources' }).fill('status://');
  await page
    .getByRole('tree', { name: 'Resources' })
    .getByRole('treeitem', { name: 'Sync status (live)' })
    .click();
  const content = page
    .getByRole('region', { name: 'Resource' })
    .getByRole('article', { name: 'Content item 1 of 1' });
  await expect(content).not.toBeEmpty();
  const before = await content.innerText();
  await expect.poll(() => content.innerText()).not.toBe(before);
});
