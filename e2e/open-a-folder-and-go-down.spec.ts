// Keys pressed faster than the host answers: opening a folder whose rows were not sent yet
// and going down at once reaches its first child, not the folder after it.
import { expect, test } from '@playwright/test';
import { serveSyntheticCatalog } from './synthetic-catalog';

const served = serveSyntheticCatalog(10_000);

test('Right then Down, pressed at once, lands on the first row of the folder just opened', async ({
  page,
}) => {
  await page.goto(served().url);
  await expect(page.getByText('10,000 resources', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const tree = page.getByRole('tree', { name: 'Resources' });
  // Down to reports → incidents: the last folders of the tree, the ones the host sends last.
  for (const folder of ['synth://corp', 'reports']) {
    const row = tree.getByRole('treeitem', { name: folder, exact: true });
    await row.click();
    await page.keyboard.press('ArrowRight');
    await expect(row).toHaveAttribute('aria-expanded', 'true');
  }
  const incidents = tree.getByRole('treeitem', { name: 'incidents', exact: true });
  await incidents.click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(incidents).toHaveAttribute('aria-expanded', 'true');
  // Focus is on the first resource of the first group of incidents, two levels down.
  const focused = tree.locator('.tree-row.is-focused');
  await expect(focused).toHaveAttribute('aria-level', '6');
  await expect(focused).toHaveAttribute('aria-posinset', '1');
  await expect(
    tree.getByRole('treeitem', { name: 'group-00', exact: true }).nth(0),
  ).toHaveAttribute('aria-expanded', 'true');
});
