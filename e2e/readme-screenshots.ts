// The README's screenshots, docs/screenshot.png and docs/context.png, taken in browser mode with the
// demo server. Run: npm run build && npx tsx e2e/readme-screenshots.ts [--dark DIR]
// (--dark: the same two views in the dark theme, written to DIR, for a look; not committed).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, type Page } from '@playwright/test';
import { startServe } from './serve';

const root = fileURLToPath(new URL('..', import.meta.url));
const darkAt = process.argv.indexOf('--dark');
const dark = darkAt >= 0 ? resolve(process.argv[darkAt + 1] ?? '.') : undefined;

// The demo server as a config names it, run from the checkout, so the screenshots show a server
// the user added (its card: `node demo-server.mjs`, the whole command line in its title).
process.chdir(root);
const scratch = mkdtempSync(join(tmpdir(), 'mcp-context-screenshots-'));
const config = join(scratch, 'demo.json');
writeFileSync(
  config,
  JSON.stringify({
    mcpServers: { 'Demo: Lumen docs': { command: 'node', args: ['out/demo-server.mjs'] } },
  }),
);

/** Opens a fresh serve (a session of its own) in a 1280×800 page, the catalog listed. */
async function open(colorScheme: 'light' | 'dark') {
  const served = await startServe(['--config', config], [], {
    MCP_CONTEXT_PROFILES: join(scratch, 'profiles'),
    MCP_CONTEXT_SIGN_INS: join(scratch, 'sign-ins.json'),
  });
  const browser = await chromium.launch({
    // As playwright.config.ts: Debian's Chromium where there is one, else Playwright's own.
    executablePath:
      process.env.CHROMIUM_PATH ??
      (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
  await page.goto(served.url);
  await expect(page.getByText('105 resources').first()).toBeVisible({ timeout: 30_000 });
  return {
    page,
    close: async () => {
      await browser.close();
      await served.stop();
    },
  };
}

/** Writes the screenshot, unless a server's card shows stderr: that would be in it. */
async function shoot(page: Page, file: string): Promise<void> {
  await expect(page.getByText(/^stderr \(/)).toHaveCount(0);
  await page.screenshot({ path: file });
}

/** The Context tab (open) has finished deciding. */
function curationDone(page: Page): Promise<void> {
  return expect(page.locator('.context-pane')).toHaveAttribute('data-curation', 'done', {
    timeout: 30_000,
  });
}

/** Opens a folder of the tree: a click on its row, then the right arrow. */
async function expand(page: Page, name: string): Promise<void> {
  const row = page
    .getByRole('tree', { name: 'Resources' })
    .getByRole('treeitem', { name, exact: true });
  await row.click();
  await page.keyboard.press('ArrowRight');
  await expect(row).toHaveAttribute('aria-expanded', 'true');
}

/** The Context tab: a focus typed, auto-include at a 4,000-token budget, the decisions in the tree. */
async function contextView(colorScheme: 'light' | 'dark', file: string): Promise<void> {
  const { page, close } = await open(colorScheme);
  await page.getByRole('tab', { name: /Context/ }).click();
  const curated = () => curationDone(page);
  // Each change waits for the curation before it: a change while reads are in flight cancels
  // them, and their late answers then show on the server's card as stderr.
  await curated();
  await page.getByLabel('Token budget').fill('4000');
  await page.getByLabel('Token budget').blur();
  await expect(page.getByRole('meter', { name: 'Budget used' })).toHaveAttribute(
    'aria-valuetext',
    /of 4,000 tokens used/,
    { timeout: 30_000 },
  );
  await curated();
  await page.getByLabel('Focus', { exact: true }).fill('fix sync conflicts when offline');
  await page.getByLabel('Focus', { exact: true }).blur();
  // The focus's done decision, after it read every text (a first one ranks by what was read).
  await expect(page.getByLabel('Assembled context')).toContainText(
    '- URI: docs://lumen/architecture/conflict-resolution.md',
    { timeout: 30_000 },
  );
  await expect(page.getByText(/It read the text of all \d+ resources\./)).toBeVisible({
    timeout: 30_000,
  });
  await curated();
  await page.getByLabel('Search resources').fill('sync');
  await page.getByLabel('Search resources').blur();
  await expect(page.getByText('14 of 105 resources', { exact: false })).toBeVisible();
  await page.mouse.move(0, 0);
  await shoot(page, file);
  await close();
}

/** The catalog, one guide picked (Space) and open in the Resource tab. */
async function catalogView(colorScheme: 'light' | 'dark', file: string): Promise<void> {
  const { page, close } = await open(colorScheme);
  // The first curation done before the pick starts another (see contextView).
  await page.getByRole('tab', { name: /Context/ }).click();
  await curationDone(page);
  await page.getByRole('tab', { name: 'Resource' }).click();
  await expand(page, 'docs://lumen');
  await expand(page, 'guides');
  await expand(page, 'installing');
  await expand(page, 'advanced');
  const guide = page.getByRole('treeitem', { name: /Getting started with Lumen/ });
  await guide.click();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 picked')).toBeVisible();
  await expect(page.locator('.context-decision')).toContainText('In the context', {
    timeout: 30_000,
  });
  await expect(
    page.getByRole('heading', { name: 'Getting started with Lumen' }).first(),
  ).toBeVisible();
  await page.mouse.move(0, 0);
  await shoot(page, file);
  await close();
}

try {
  await catalogView('light', join(root, 'docs/screenshot.png'));
  await contextView('light', join(root, 'docs/context.png'));
  if (dark) {
    await catalogView('dark', join(dark, 'screenshot-dark.png'));
    await contextView('dark', join(dark, 'context-dark.png'));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
