// The server's list changes while the user looks: the new rows light up in the tree with a
// "new" badge, a changed row says "changed", and the server card sums it up until seen.
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe([
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/vanishing-server.ts',
  ]);
});
test.afterAll(async () => {
  await served.stop();
});

test('an added resource appears highlighted, and the card says what changed until seen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(served.url);
  const tree = page.getByRole('tree', { name: 'Resources' });
  await expect(page.getByText('5 resources', { exact: false }).first()).toBeVisible({
    timeout: 30_000,
  });
  await tree.getByRole('treeitem', { name: 'notes://team', exact: true }).click();
  await page.keyboard.press('ArrowRight');
  await tree.getByRole('treeitem', { name: 'control', exact: true }).click();
  await page.keyboard.press('ArrowRight');

  // Removed: the row goes, the card says −1.
  const leaving = tree.getByRole('treeitem', { name: /Notes about to be deleted/ });
  await expect(leaving).toHaveCount(1);
  await tree.getByRole('treeitem', { name: /Delete the leaving notes/ }).click();
  await expect(leaving).toHaveCount(0);
  const change = page.locator('.list-change');
  await expect(change).toContainText('\u22121');
  await expect(change).toContainText('the server said its list changed');
  // The selected control row keeps its place: the selection survived the new listing.
  await expect(tree.getByRole('treeitem', { name: /Delete the leaving notes/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // Added back: the row lights up with a "new" badge.
  await tree.getByRole('treeitem', { name: /Bring the leaving notes back/ }).click();
  await expect(leaving).toHaveCount(1);
  await expect(leaving.locator('.tree-node.fresh-added')).toBeVisible();
  await expect(leaving).toContainText('new');
  await expect(change).toContainText('+1');
  await change.locator('summary').click();
  await expect(change).toContainText('notes://team/leaving.md');
  await page.screenshot({ path: 'test-results/list-change-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/list-change-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });

  // The highlight goes after a few seconds; the summary stays until seen.
  await expect(leaving.locator('.tree-node.fresh-added')).toHaveCount(0);
  await expect(change).toContainText('+1');
  await page.getByRole('button', { name: 'Dismiss the list change' }).click();
  await expect(change).toHaveCount(0);

  // Changed: a new title.
  await tree.getByRole('treeitem', { name: /Rename the staying notes/ }).click();
  const staying = tree.getByRole('treeitem', { name: /Notes that stay, renamed/ });
  await expect(staying).toContainText('changed');
  await expect(change).toContainText('~1');
});
