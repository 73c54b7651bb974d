// A developer adds their own stdio server through the connect form, browses it beside the
// demo server, and is told plainly when a server breaks the spec or dies.
import { expect, test, type Page } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe();
});
test.afterAll(async () => {
  await served.stop();
});

async function connectStdio(page: Page, name: string, command: string) {
  const form = page.getByRole('form', { name: 'Connect a server' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Transport').selectOption('stdio');
  await form.getByLabel('Command').fill(command);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  return page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name });
}

test('a legacy stdio server connects through the form and lists beside the demo', async ({
  page,
}) => {
  await page.goto(served.url);
  const server = await connectStdio(
    page,
    'legacy fixture',
    `"${process.execPath}" --import tsx test/fixtures/legacy-server.ts`,
  );
  await expect(server).toContainText('Connected');
  await expect(server).toContainText('legacy');
  await expect(server).toContainText('2025-11-25');

  // The legacy server's whole catalog, as its own branch of the one tree.
  const tree = page.getByRole('tree', { name: 'Resources' });
  await expect(tree.getByRole('treeitem', { name: 'legacy fixture' })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: 'legacy fixture' })).toContainText('10');

  await page.getByRole('searchbox', { name: 'Search resources' }).fill('Source folder');
  await tree.getByRole('treeitem', { name: /Source folder/ }).click();
  const detail = page.getByRole('region', { name: 'Resource' });
  await expect(detail.getByRole('article', { name: 'Content item 1 of 2' })).toContainText(
    'legacy://dir/src/index.ts',
  );
  await expect(detail.getByRole('article', { name: 'Content item 2 of 2' })).toContainText(
    'legacy://dir/src/util.ts',
  );

  await page.getByRole('searchbox', { name: 'Search resources' }).fill('Empty read');
  await tree.getByRole('treeitem', { name: /Empty read/ }).click();
  await expect(detail.getByRole('alert')).toContainText(
    'spec violation: the server returned an empty contents array for legacy://empty',
  );
});

test('a server that dies shows as disconnected with its exit code and stderr', async ({ page }) => {
  await page.goto(served.url);
  const server = await connectStdio(
    page,
    'dies at start',
    `"${process.execPath}" --import tsx test/fixtures/hostile-server.ts --mode exit-at-start`,
  );
  await expect(server).toContainText('Disconnected');
  await expect(server).toContainText('exited with code 2');
  // Its stderr's lines, counted in words that agree.
  await expect(server.getByText(/^stderr \(1 line\)$/)).toBeVisible();

  // Remove asks first; Keep (focused) leaves it, a second click where Remove was does not remove
  // it.
  await server.getByRole('button', { name: 'Remove', exact: true }).click();
  const ask = server.getByRole('group', { name: 'Remove dies at start?' });
  await expect(ask).toContainText(
    'Remove “dies at start”? It is disconnected, its process stopped, and it leaves the list.',
  );
  await expect(ask.getByRole('button', { name: 'Keep' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(server).toBeVisible();
  await server.getByRole('button', { name: 'Remove', exact: true }).click();
  await ask.getByRole('button', { name: 'Remove server' }).click();
  await expect(server).toBeHidden();
});

test('script in names, descriptions and content stays inert text', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(served.url);
  const server = await connectStdio(
    page,
    'html',
    `"${process.execPath}" --import tsx test/fixtures/hostile-server.ts --mode html`,
  );
  await expect(server).toContainText('Connected');
  await page.getByRole('searchbox', { name: 'Search resources' }).fill('hostile://html/script');
  const row = page
    .getByRole('tree', { name: 'Resources' })
    .getByRole('treeitem', { name: /^Title <script>/ });
  await expect(row).toContainText('Title <script>alert(1)</script>');
  await row.click();
  const detail = page.getByRole('region', { name: 'Resource' });
  await expect(detail).toContainText('Description <img src=x onerror=alert(1)>');
  await expect(detail.getByRole('article', { name: 'Content item 1 of 1' })).toContainText(
    '<h1><script>alert(1)</script></h1>',
  );
  expect(await page.locator('script:not([src])').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
