// A user curating context checks a folder: every resource under it is picked, the folder
// and its ancestors show checked or mixed, and unchecking one resource makes the folder mixed.
// The picks are the host's: a reload finds them.
import { expect, test } from '@playwright/test';
import { serveSyntheticCatalog, syntheticCatalog } from './synthetic-catalog';

const COUNT = 10_000;
const served = serveSyntheticCatalog(COUNT);

test('checking a folder picks every resource under it, and the boxes above show mixed', async ({
  page,
}) => {
  const inGuides = syntheticCatalog(COUNT).filter(
    (r) => r.area === 'billing' && r.kind === 'guides',
  );
  await page.goto(served().url);
  await expect(
    page.getByText(`${COUNT.toLocaleString('en')} resources`, { exact: true }),
  ).toBeVisible({ timeout: 30_000 });

  const tree = page.getByRole('tree', { name: 'Resources' });
  const corp = tree.getByRole('treeitem', { name: 'synth://corp', exact: true });
  await corp.click();
  await page.keyboard.press('ArrowRight');
  const billing = tree.getByRole('treeitem', { name: 'billing', exact: true });
  await billing.click();
  await page.keyboard.press('ArrowRight');
  const guides = tree.getByRole('treeitem', { name: 'guides', exact: true });
  await expect(guides).toContainText(String(inGuides.length));
  await expect(guides).toHaveAttribute('aria-checked', 'false');

  await guides.click();
  await page.keyboard.press('Space');
  const picked = page.getByRole('status', { name: 'Picked resources' });
  await expect(picked).toHaveText(`${inGuides.length} picked`);
  await expect(guides).toHaveAttribute('aria-checked', 'true');
  await expect(billing).toHaveAttribute('aria-checked', 'mixed');
  await expect(corp).toHaveAttribute('aria-checked', 'mixed');

  // Down into the first group, uncheck its first resource: the folders above turn mixed.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const group = tree.getByRole('treeitem', { name: 'group-00', exact: true });
  await expect(group).toBeFocused();
  await expect(group).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(picked).toHaveText(`${inGuides.length - 1} picked`);
  await expect(group).toHaveAttribute('aria-checked', 'mixed');
  await expect(guides).toHaveAttribute('aria-checked', 'mixed');

  // Checking a mixed folder completes it; checking it again clears it.
  await group.click();
  await page.keyboard.press('Space');
  await expect(picked).toHaveText(`${inGuides.length} picked`);
  await guides.click();
  await page.keyboard.press('Space');
  await expect(picked).toHaveText('0 picked');
  await expect(billing).toHaveAttribute('aria-checked', 'false');

  // Picked again, then the page reloaded: the host kept them.
  await page.keyboard.press('Space');
  await expect(picked).toHaveText(`${inGuides.length} picked`);
  await page.reload();
  await expect(page.getByRole('status', { name: 'Picked resources' })).toHaveText(
    `${inGuides.length} picked`,
    { timeout: 30_000 },
  );
  await page
    .getByRole('tree', { name: 'Resources' })
    .getByRole('treeitem', { name: 'synth://corp', exact: true })
    .click();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('treeitem', { name: 'billing', exact: true })).toHaveAttribute(
    'aria-checked',
    'mixed',
  );
});
