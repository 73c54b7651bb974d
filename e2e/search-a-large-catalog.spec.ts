// A developer searches a 10,000-resource catalog: one field, fuzzy and ranked, the matched
// characters highlighted, the folders above each match kept and opened, and Esc to clear.
import { expect, test } from '@playwright/test';
import { serveSyntheticCatalog, syntheticResource } from './synthetic-catalog';

const COUNT = 10_000;
const served = serveSyntheticCatalog(COUNT);

test('search narrows 10,000 resources to a few, highlighted, with their folders open', async ({
  page,
}) => {
  const target = syntheticResource(9999);
  expect(target.title).toBe('Papa reports incident 9999');
  await page.goto(served().url);
  await expect(page.getByText('10,000 resources', { exact: true })).toBeVisible({
    timeout: 30_000,
  });

  // Ctrl+F lands in the one search field (not the browser's find).
  await page.getByRole('tree', { name: 'Resources' }).getByRole('treeitem').first().click();
  await page.keyboard.press('Control+f');
  const search = page.getByRole('searchbox', { name: 'Search resources' });
  await expect(search).toBeFocused();
  await page.keyboard.type('papa reports incident 9999');

  // The host answers each keystroke in turn: the count settles on the whole query's.
  const count = page.getByText(/^\d+ of 10,000 resources/);
  // The whole title typed is one exact match; the rest contain every word, or some fuzzily.
  await expect(count).toHaveText(
    /^([1-9]|1\d|20) of 10,000 resources · 1 exact(, \d+ (containing it|fuzzy))*$/,
  );
  const shown = Number((await count.innerText()).split(' ')[0]);
  expect(shown).toBeGreaterThanOrEqual(1);
  expect(shown).toBeLessThanOrEqual(20);

  const tree = page.getByRole('tree', { name: 'Resources' });
  const row = tree.getByRole('treeitem', { name: target.title });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('aria-level', '6');
  // Every query word is highlighted in the label.
  await expect(row.locator('mark')).toHaveText(['Papa', 'reports', 'incident', '9999']);
  // Ancestors stay, opened: server, synth://corp, reports, incidents, the group.
  for (const folder of ['synth://corp', 'reports', 'incidents', target.group]) {
    await expect(tree.getByRole('treeitem', { name: folder, exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }
  // Every resource row left is a papa/reports/incident resource: nothing unrelated slips in.
  const leafNames = await tree
    .locator('[role="treeitem"]:not([aria-expanded])')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')));
  expect(leafNames.length).toBe(shown);
  for (const name of leafNames) expect(name).toMatch(/^Papa reports incident \d+$/);

  // Enter on a match opens it; Esc in the field clears the search and the whole tree returns.
  await row.click();
  await expect(page.getByRole('region', { name: 'Resource' })).toContainText(target.uri);
  await search.focus();
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(page.getByText('10,000 resources', { exact: true })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: target.title })).toBeVisible();
});

test('an exact match comes first, above the thousands a fuzzy search also finds, and is counted', async ({
  page,
}) => {
  const target = syntheticResource(7);
  expect(target.name).toBe('hotel-7.md');
  await page.goto(served().url);
  await expect(page.getByText('10,000 resources', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('searchbox', { name: 'Search resources' }).fill(target.name);
  await expect(page.getByText(/of 10,000 resources · 1 exact, [\d,]+ fuzzy$/)).toBeVisible();
  // The first resource row is the exact match, its folders opened for it.
  const tree = page.getByRole('tree', { name: 'Resources' });
  const firstLeaf = tree.locator('[role="treeitem"]:not([aria-expanded])').first();
  await expect(firstLeaf).toHaveAttribute('aria-label', target.title);
  await page.screenshot({ path: 'test-results/search-exact-first.png' });
});
