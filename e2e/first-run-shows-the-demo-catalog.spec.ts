// A newcomer runs the app with nothing configured: the built-in demo server connects,
// its catalog lists, and opening a resource shows its fields and content.
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe();
});
test.afterAll(async () => {
  await served.stop();
});

test('the demo server connects, lists its catalog, and a resource opens with its content', async ({ page }) => {
  await page.goto(served.url);
  const server = page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: 'Demo: Lumen docs' });
  await expect(server).toContainText('Connected');
  await expect(server).toContainText('2026-07-28');
  await expect(server).toContainText('modern');

  const resources = page.getByRole('listbox', { name: 'Resources' });
  await expect(resources.getByRole('option').first()).toBeVisible();
  expect(await resources.getByRole('option').count()).toBeGreaterThanOrEqual(50);
  await expect(page.getByRole('list', { name: 'Templates' })).toContainText('db://lumen/schema/tables/{table}');

  await page.getByRole('searchbox', { name: 'Filter resources' }).fill('getting started');
  await expect(resources.getByRole('option')).toHaveCount(1);
  await resources.getByRole('option', { name: /Getting started with Lumen/ }).click();

  const detail = page.getByRole('region', { name: 'Resource' });
  await expect(detail).toContainText('docs://lumen/guides/getting-started.md');
  await expect(detail).toContainText('text/markdown');
  await expect(detail).toContainText('assistant');
  await expect(detail.getByRole('article', { name: 'Content item 1 of 1' })).toContainText('# Getting started with Lumen');
});

test('an image resource shows as an image', async ({ page }) => {
  await page.goto(served.url);
  await page.getByRole('searchbox', { name: 'Filter resources' }).fill('logo.png');
  await page.getByRole('listbox', { name: 'Resources' }).getByRole('option').first().click();
  const image = page.getByRole('region', { name: 'Resource' }).getByRole('img');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(64);
});

test('the live status page refreshes by itself when the server says it changed', async ({ page }) => {
  await page.goto(served.url);
  await page.getByRole('searchbox', { name: 'Filter resources' }).fill('status://');
  await page.getByRole('listbox', { name: 'Resources' }).getByRole('option').first().click();
  const content = page.getByRole('region', { name: 'Resource' }).getByRole('article', { name: 'Content item 1 of 1' });
  await expect(content).not.toBeEmpty();
  const before = await content.innerText();
  await expect.poll(() => content.innerText(), { timeout: 15_000 }).not.toBe(before);
});
