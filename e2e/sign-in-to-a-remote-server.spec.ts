// A remote server asks for OAuth. In browser mode the card says so and offers Sign in; the sign-in
// opens in a new tab, which goes to the authorization server and back to the serve's own origin;
// the Auth panel shows each step, and the catalog shows. Where the authorization server cannot
// register the app, the tab and the panel say why, at the step that stopped.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startOAuthFixture, type OAuthFixture } from '../test/fixtures/oauth-server';
import { startServe, type Served } from './serve';

let fixture: OAuthFixture | undefined;
let served: Served | undefined;
test.afterEach(async () => {
  await served?.stop();
  await fixture?.close();
  served = fixture = undefined;
});

async function open(page: Page, options: Parameters<typeof startOAuthFixture>[0] = {}) {
  fixture = await startOAuthFixture(options);
  const signIns = join(mkdtempSync(join(tmpdir(), 'mcp-context-e2e-sign-ins-')), 'sign-ins.json');
  served = await startServe([fixture.url], [], { MCP_CONTEXT_SIGN_INS: signIns });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(served.url);
  const card = page.locator('.server-item');
  await expect(card).toContainText(
    'asks you to sign in first (HTTP 401): the Sign in button on its card',
    { timeout: 30_000 },
  );
  return card;
}

async function shoot(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `test-results/${name}.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `test-results/${name}-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('sign in to a remote server in a new tab, and see its catalog', async ({ page }) => {
  const card = await open(page);
  const tab = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Sign in' }).click();
  const popup = await tab;
  await expect(popup.locator('body')).toContainText(
    `Signed in to ${new URL((fixture as OAuthFixture).url).host}`,
  );
  await popup.close();

  await expect(card).toContainText('Connected');
  await expect(page.getByText('10 resources', { exact: false }).first()).toBeVisible();
  const panel = page.getByRole('region', { name: 'Sign-in' });
  await expect(panel).toContainText('Last sign-in: done');
  const steps = page.getByRole('list', { name: 'Sign-in steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(6);
  await expect(steps.nth(2)).toContainText(/Client.*registered \(RFC 7591\): client id/);
  await expect(steps.nth(4)).toContainText(
    'scopes granted: mcp:read mcp:write; the access token lasts 60 min, and is refreshed by itself',
  );
  await expect(steps.nth(5)).toContainText('connected (protocol');
  await expect(panel).toContainText(
    /Signed in as a client registered for this app .*, with the scopes mcp:read mcp:write; the token expires at .* \(in (59|60) min\), and is refreshed by itself/,
  );
  await shoot(page, 'auth-panel-signed-in');

  // Signing out forgets the sign-in and revokes it; the server asks again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(panel).toContainText('the sign-in is forgotten; its tokens revoked.');
  await expect(card).toContainText('asks you to sign in first');
  expect((fixture as OAuthFixture).log.revoked).toHaveLength(2);
});

test('a sign-in that cannot register the app says why, in the tab and at the step', async ({
  page,
}) => {
  const card = await open(page, { registration: false });
  const tab = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Sign in' }).click();
  const popup = await tab;
  await expect(popup.locator('body')).toContainText(
    'the authorization server has no registration endpoint and no client id was given',
  );
  await popup.close();
  const steps = page.getByRole('list', { name: 'Sign-in steps' }).getByRole('listitem');
  await expect(steps.nth(2)).toContainText(
    'the authorization server has no registration endpoint and no client id was given: register a client there, then give its client id',
  );
  await expect(steps.nth(3)).toContainText('not reached');
  await expect(page.getByRole('region', { name: 'Sign-in' })).toContainText('Last sign-in: failed');
  await expect(card).toContainText('asks you to sign in first');
  await shoot(page, 'auth-panel-failed');
});
