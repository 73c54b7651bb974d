// Browser mode when the host goes away: the page says so and keeps retrying; a host started
// again on the same port has a new token, so the page says its token was refused; opening the
// new URL brings the catalog back.
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served | undefined;
test.afterEach(async () => {
  await served?.stop();
});

test('a stopped host shows a retrying banner, a restarted one a refused token, and its new URL works', async ({
  page,
}) => {
  served = await startServe();
  const { port } = served;
  await page.goto(served.url);
  const demo = page.getByRole('treeitem', { name: 'Demo: Lumen docs', exact: true });
  await expect(demo).toBeVisible();

  await served.stop();
  const banner = page.getByRole('alert');
  await expect(banner).toContainText('Lost the connection to the host');
  await expect(banner).toContainText('Retrying in');
  // What was on screen stays there meanwhile.
  await expect(demo).toBeVisible();

  served = await startServe(['--port', String(port)]);
  await banner.getByRole('button', { name: 'Retry now' }).click();
  await expect(banner).toContainText("The page's token was refused");

  await page.goto(served.url);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('treeitem', { name: 'Demo: Lumen docs', exact: true })).toContainText(
    /\d/,
  );
});
