// A keyboard user walks the demo catalog's tree: moves with the arrows, expands and collapses
// with right and left, jumps by typing, opens a nested resource with Enter, and picks with Space.
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe();
});
test.afterAll(async () => {
  await served.stop();
});

test('a nested resource opens from the tree with the keyboard alone', async ({ page }) => {
  await page.goto(served.url);
  const tree = page.getByRole('tree', { name: 'Resources' });
  const server = tree.getByRole('treeitem', { name: 'Demo: Lumen docs', exact: true });
  await expect(server).toHaveAttribute('aria-expanded', 'true');
  await expect(server).toHaveAttribute('aria-level', '1');

  // "/" reaches the search field; Tab twice (past the sort select) reaches the tree.
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search resources' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(server).toBeFocused();

  // Left collapses the open server, right expands it again.
  await page.keyboard.press('ArrowLeft');
  await expect(server).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await expect(server).toHaveAttribute('aria-expanded', 'true');

  // Typing jumps to the next row whose label starts with the letters.
  await page.keyboard.type('docs');
  const docs = tree.getByRole('treeitem', { name: 'docs://lumen', exact: true });
  await expect(docs).toBeFocused();
  await expect(docs).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await expect(docs).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.type('guides');
  const guides = tree.getByRole('treeitem', { name: 'guides', exact: true });
  await expect(guides).toBeFocused();
  await expect(guides).toHaveAttribute('aria-level', '3');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('Getting');
  const gettingStarted = tree.getByRole('treeitem', {
    name: 'Getting started with Lumen',
    exact: true,
  });
  await expect(gettingStarted).toBeFocused();
  await expect(gettingStarted).toHaveAttribute('aria-level', '4');
  await expect(gettingStarted).not.toHaveAttribute('aria-expanded');

  // Space picks without opening; Enter opens it in the detail pane.
  await expect(gettingStarted).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Space');
  await expect(gettingStarted).toHaveAttribute('aria-checked', 'true');
  await expect(guides).toHaveAttribute('aria-checked', 'mixed');
  await expect(page.getByRole('status', { name: 'Picked resources' })).toHaveText('1 picked');
  await page.keyboard.press('Enter');
  await expect(gettingStarted).toHaveAttribute('aria-selected', 'true');
  const detail = page.getByRole('region', { name: 'Resource' });
  await expect(detail).toContainText('docs://lumen/guides/getting-started.md');
  await expect(detail.getByRole('article', { name: 'Content item 1 of 1' })).toContainText(
    'Getting started with Lumen',
  );

  // Left from a leaf goes to its folder; Enter there shows the folder's counts.
  await page.keyboard.press('ArrowLeft');
  await expect(guides).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Folder' })).toContainText('Resources');
});
