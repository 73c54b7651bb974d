// A keyboard user presses ? and reads every shortcut; a user who wants dark on a light OS
// chooses it once, and it stays: after a reload, and after the app is started again.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServe } from './serve';

const session = join(mkdtempSync(join(tmpdir(), 'e2e-theme-')), 'session.json');

test('? opens the list of every shortcut, from anywhere but a text field', async ({ page }) => {
  const served = await startServe([], [], { MCP_CONTEXT_SESSION: session });
  try {
    await page.goto(served.url);
    const tree = page.getByRole('tree', { name: 'Resources' });
    await tree.getByRole('treeitem').first().click();
    await page.keyboard.press('?');
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(list).toBeVisible();
    for (const key of ['Alt+P', 'Alt+E', 'Space', 'Ctrl+F', '/', '*'])
      await expect(list.locator('kbd', { hasText: key }).first()).toBeVisible();
    await expect(list.getByRole('button', { name: 'Close' })).toBeFocused();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: `test-results/shortcuts-${theme}.png` });
    }
    // Esc closes it, and the tree has the focus back.
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(tree.getByRole('treeitem').first()).toBeFocused();
    // In the search field, ? is a character.
    const search = page.getByRole('searchbox', { name: 'Search resources' });
    await search.fill('');
    await search.press('?');
    await expect(search).toHaveValue('?');
    await expect(list).toBeHidden();
    // The header's button opens it too.
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await expect(list).toBeVisible();
  } finally {
    await served.stop();
  }
});

test('the theme chosen stays, over the OS, after a reload and after a restart', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  let served = await startServe([], [], { MCP_CONTEXT_SESSION: session });
  try {
    await page.goto(served.url);
    const root = page.locator('html');
    await expect(root).toHaveAttribute('data-theme', 'light');
    await page.getByLabel('Theme').selectOption('dark');
    await expect(root).toHaveAttribute('data-theme', 'dark');
    await page.screenshot({ path: 'test-results/theme-dark-chosen.png' });
    await page.reload();
    await expect(root).toHaveAttribute('data-theme', 'dark');
  } finally {
    await served.stop();
  }
  // Another run, another port: the page's own storage is another origin's; the host remembers.
  served = await startServe([], [], { MCP_CONTEXT_SESSION: session });
  try {
    await page.goto(served.url);
    await expect(page.getByLabel('Theme')).toHaveValue('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByLabel('Theme').selectOption('system');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  } finally {
    await served.stop();
  }
});
