/**
 * Developer tool, not part of `npm run bench`: screenshots at 1280×800 of a query typed at a quick
 * typist's pace into a synthetic catalog, in both themes: while the app says it is searching (if
 * it ever does) and once it shows the answer, with what the count said meanwhile. For a look.
 *   npx tsx bench/search-screens.ts [count] [out-dir]
 */
import { launch } from './chromium';
import { startServe } from '../e2e/serve';
import { fillSyntheticForm, TYPING_PACE_MS } from './browse';

const count = Number(process.argv[2] ?? 100_000);
const out = process.argv[3] ?? 'test-results';
const served = await startServe([
  '--',
  process.execPath,
  '--import',
  'tsx',
  'test/fixtures/legacy-server.ts',
]);
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(Math.max(120_000, count * 0.6));
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  const form = await fillSyntheticForm(page, served.url, count);
  const started = Date.now();
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await page
    .locator('[role="treeitem"][aria-label="synthetic"]', { hasText: count.toLocaleString('en') })
    .waitFor();
  console.log(`listed ${count.toLocaleString('en')} in ${Date.now() - started} ms`);
  const search = page.getByRole('searchbox', { name: 'Search resources' });
  const counter = page.locator('.search-count');
  for (const [theme, query] of [
    ['dark', 'billing guide 12'],
    ['light', 'storage incident 7'],
  ] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await search.fill('');
    await counter.filter({ hasNotText: / of / }).waitFor();
    await search.pressSequentially(query, { delay: TYPING_PACE_MS });
    const lastKey = Date.now();
    const said: string[] = [];
    let busyShown = false;
    for (;;) {
      const text = (await counter.textContent()) ?? '';
      if (said.at(-1) !== text) said.push(text);
      if (text.includes('Searching') && !busyShown) {
        busyShown = true;
        await page.screenshot({ path: `${out}/search-${count}-${theme}-busy.png` });
      }
      if (!text.includes('Searching') && text.includes(' of ')) break;
      await page.waitForTimeout(20);
    }
    console.log(
      `${theme} "${query}": answered about ${Date.now() - lastKey} ms after the last key`,
    );
    console.log(`  the count said: ${said.join(' | ')}`);
    await page.screenshot({ path: `${out}/search-${count}-${theme}-result.png` });
  }
} finally {
  await browser.close();
  await served.stop();
}
