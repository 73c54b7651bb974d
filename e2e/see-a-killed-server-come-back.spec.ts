// The server process dies under the user. The card says how, in words, and that the host is
// reconnecting; the server comes back by itself, its catalog and the user's pick intact.
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe([
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/legacy-server.ts',
  ]);
});
test.afterAll(async () => {
  await served.stop();
});

test('a killed server comes back by itself', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(served.url);
  const card = page.locator('.server-item');
  await expect(card).toContainText('Connected', { timeout: 30_000 });
  await expect(page.getByText('10 resources', { exact: false }).first()).toBeVisible();
  const pid = Number(/pid (\d+)/.exec((await card.textContent()) ?? '')?.[1]);
  expect(pid).toBeGreaterThan(0);

  process.kill(pid, 'SIGKILL');
  await expect(card).toContainText('the server was killed by SIGKILL');
  await expect(card.getByText(/Reconnecting/)).toBeVisible();
  // The catalog stays shown while the server is down.
  await expect(page.getByText('10 resources', { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/server-reconnecting.png' });

  await expect(card).toContainText('Connected');
  await expect(card).not.toContainText(`pid ${pid}`);
  await expect(card.locator('.list-change')).toContainText('after reconnecting');
  await page.screenshot({ path: 'test-results/server-back.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/server-back-dark.png' });
});
