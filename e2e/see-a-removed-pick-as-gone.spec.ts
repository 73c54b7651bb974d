// A user picks a resource; the server then stops listing it. The context drops it, the
// header and the Context tab say it is gone (counted nowhere), and the user drops the mark.
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

test('a picked resource the server removes shows as gone until it is dropped', async ({ page }) => {
  await page.goto(served.url);
  const tree = page.getByRole('tree', { name: 'Resources' });
  await expect(page.getByText('5 resources', { exact: false }).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('tab', { name: /Context/ }).click();
  await page.getByLabel('Include automatically (by focus, annotations and size)').uncheck();

  await tree.getByRole('treeitem', { name: 'notes://team', exact: true }).click();
  await page.keyboard.press('ArrowRight');
  const leaving = tree.getByRole('treeitem', { name: /Notes about to be deleted/ });
  await leaving.click();
  await page.keyboard.press('Space');
  const picked = page.getByRole('status', { name: 'Picked resources' });
  await expect(picked).toHaveText('1 picked');
  const preview = page.getByLabel('Assembled context');
  await expect(preview).toContainText('- URI: notes://team/leaving.md');

  // Reading the control resource makes the server remove the picked one.
  await tree.getByRole('treeitem', { name: 'control', exact: true }).click();
  await page.keyboard.press('ArrowRight');
  await tree.getByRole('treeitem', { name: /Delete the leaving notes/ }).click();
  await expect(leaving).toHaveCount(0);
  await expect(picked).toHaveText('0 picked');
  await expect(page.getByRole('button', { name: /1 gone/ })).toBeVisible();
  const gone = page.getByRole('region', { name: /Gone/ });
  await expect(gone).toContainText('notes://team/leaving.md');
  await expect(gone).toContainText('no longer lists it');
  await expect(
    page
      .getByText('Pick resources in the tree', { exact: false })
      .or(page.getByText('Nothing is included', { exact: false }))
      .first(),
  ).toBeVisible();
  await expect(page.locator('.context-preview')).not.toContainText(
    '- URI: notes://team/leaving.md',
  );
  await page.screenshot({ path: 'test-results/gone-resource.png' });

  await gone.getByRole('button', { name: 'Drop notes://team/leaving.md' }).click();
  await expect(gone).toHaveCount(0);
  await expect(page.getByRole('button', { name: /gone/ })).toHaveCount(0);
});
