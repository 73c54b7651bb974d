/**
 * Signing in from browser mode: the page's tab goes to /oauth/start with the attempt id the page
 * gave the host, is sent on to the authorization server with a cookie bound to this sign-in,
 * and comes back to the serve's own origin. A callback without that cookie, or with another
 * state, is turned away and changes nothing.
 */
import { mkdtemp } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signInStartUrl } from '../../shared/ws-protocol';
import { createHost, type Host } from '../../electron/host/host';
import { appSignIn } from '../../electron/host/auth/oauth-kept';
import { createOAuthStore } from '../../electron/host/auth/oauth-store';
import { startBrowserMode, type BrowserModeHandle } from '../../electron/web/serve';
import { createWebSignInRoutes } from '../../electron/web/sign-in-routes';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-server';
import { WAIT_MS } from './harness';

let fixture: OAuthFixture | undefined;
let host: Host | undefined;
let served: BrowserModeHandle | undefined;
afterEach(async () => {
  await served?.close();
  await host?.close();
  await fixture?.close();
  served = host = fixture = undefined;
});

/** Waits until the server's sign-in names `attempt`: from then on its tab is let in. */
const expecting = (host: Host, attempt: string) =>
  expect.poll(async () => (await host.getSnapshot()).servers[0]?.auth?.flow?.attempt).toBe(attempt);

/** `tabWaitMs`: how long a tab waits for its sign-in to open; by default longer than any test. */
async function serve(tabWaitMs = WAIT_MS, options: Parameters<typeof startOAuthFixture>[0] = {}) {
  fixture = await startOAuthFixture(options);
  const routes = createWebSignInRoutes({ tabWaitMs });
  const file = join(await mkdtemp(join(tmpdir(), 'mcp-web-sign-in-')), 'sign-ins.json');
  host = createHost({
    servers: [{ name: 'remote', transport: { kind: 'http', url: fixture.url } }],
    signIns: createOAuthStore(file),
    signInReturn: routes,
    signInHow: appSignIn,
    heartbeatMs: 0,
  });
  await host.ready;
  served = await startBrowserMode({
    host,
    rendererDir: join(import.meta.dirname, '../../out/renderer'),
    signInRoutes: routes,
  });
  const id = (await host.getSnapshot()).servers[0]?.id as string;
  return { id, host, served };
}

/** A GET with the Host header a rebinding page would send. */
const getWithHost = (url: string, hostHeader: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(
      url,
      { headers: { host: hostHeader } },
      (res) => (res.resume(), resolve(res.statusCode ?? 0)),
    );
    req.on('error', reject).end();
  });

describe('signing in from browser mode', () => {
  it('the tab the page opens goes to the authorization server and back to the serve, which signs in', async () => {
    const { id, host, served } = await serve();
    const attempt = 'attempt-0123456789abcdef';
    // The page calls first, and sends its tab once the sign-in names the attempt.
    const signing = host.signIn(id, { attempt });
    await expecting(host, attempt);
    const started = await fetch(signInStartUrl(served.port, attempt), { redirect: 'manual' });
    expect(started.status).toBe(302);
    // Taken once: a second tab with the same attempt (another page that saw it) is refused.
    const again = await fetch(signInStartUrl(served.port, attempt), { redirect: 'manual' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This sign-in was opened in another tab already');
    const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(started.headers.get('set-cookie')).toMatch(
      /HttpOnly; SameSite=Lax; Path=\/oauth\/callback/,
    );
    const authorize = new URL(started.headers.get('location') as string);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${served.origin}/oauth/callback`);
    const approved = await fetch(authorize, { redirect: 'manual' });
    const back = approved.headers.get('location') as string;
    expect(back.startsWith(`${served.origin}/oauth/callback?`)).toBe(true);

    // Without the cookie the tab got (another browser, or a link someone sent): turned away.
    const stranger = await fetch(back);
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('This browser did not start this sign-in');
    // Another state: turned away.
    const forged = await fetch(back.replace(/state=[^&]+/, 'state=forged'), {
      headers: { cookie },
    });
    expect(forged.status).toBe(400);

    const returned = await fetch(back, { headers: { cookie } });
    expect(await returned.text()).toContain(
      `Signed in to ${new URL((fixture as OAuthFixture).url).host}`,
    );
    expect(returned.status).toBe(200);
    await signing;
    const server = (await host.getSnapshot()).servers[0];
    expect(server?.status).toBe('connected');
    expect(server?.auth?.flow?.state).toBe('done');
    // Used once.
    expect((await fetch(back, { headers: { cookie } })).status).toBe(400);
  });

  it('a client the authorization server dropped is not counted on again: the next sign-in registers anew', async () => {
    const { id, host, served } = await serve();
    const through = async (attempt: string) => {
      const started = await fetch(signInStartUrl(served.port, attempt), { redirect: 'manual' });
      const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0] as string;
      const approved = await fetch(started.headers.get('location') as string, {
        redirect: 'manual',
      });
      return { approved, cookie };
    };
    const first = host.signIn(id, { attempt: 'attempt-first-0123456789' });
    await expecting(host, 'attempt-first-0123456789');
    const one = await through('attempt-first-0123456789');
    await fetch(one.approved.headers.get('location') as string, {
      headers: { cookie: one.cookie },
    });
    await first;
    // The authorization server drops the client: its page answers the tab with an error and sends
    // it nowhere.
    (fixture as OAuthFixture).forgetRegisteredClients();
    const second = host.signIn(id, { attempt: 'attempt-second-012345678' }, 'second');
    await expecting(host, 'attempt-second-012345678');
    const two = await through('attempt-second-012345678');
    expect(two.approved.status).toBe(400);
    await host.cancelRequest('second');
    await expect(second).rejects.toMatchObject({ code: 'cancelled' });
    const third = host.signIn(id, { attempt: 'attempt-third-0123456789' });
    await expecting(host, 'attempt-third-0123456789');
    const three = await through('attempt-third-0123456789');
    await fetch(three.approved.headers.get('location') as string, {
      headers: { cookie: three.cookie },
    });
    await third;
    expect((fixture as OAuthFixture).log.registered).toHaveLength(2);
    expect((await host.getSnapshot()).servers[0]?.status).toBe('connected');
  });

  it('refuses a sign-in with no tab, a tab no page asked for at once, and a foreign Host', async () => {
    // Tabs wait longer than any test: a refusal that came by waiting would time the test out.
    const { id, host, served } = await serve();
    await expect(host.signIn(id, {})).rejects.toThrow(
      'in browser mode a sign-in goes through a tab the page opens: sign in from the page',
    );
    // A tab no page asked for (a well-formed id no call names): told at once.
    const unknown = await fetch(signInStartUrl(served.port, 'nobody-asked-for-this-one'));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('No sign-in is waiting for this tab');
    expect((await fetch(signInStartUrl(served.port, 'x'))).status).toBe(404);
    // A flood of tabs no page asked for, from any local process: each told at once, and none
    // holds a place the user's own sign-in needs.
    const flood = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        fetch(signInStartUrl(served.port, `flood-attempt-number-${String(i).padStart(4, '0')}`)),
      ),
    );
    expect(flood.map((response) => response.status)).toEqual(Array(25).fill(404));
    const attempt = 'attempt-after-the-flood-01';
    const signing = host.signIn(id, { attempt }, 'after-the-flood');
    await expecting(host, attempt);
    const started = await fetch(signInStartUrl(served.port, attempt), { redirect: 'manual' });
    expect(started.status).toBe(302);
    await host.cancelRequest('after-the-flood');
    await expect(signing).rejects.toMatchObject({ code: 'cancelled' });
    expect(await getWithHost(`${served.origin}/oauth/callback?state=a`, 'evil.example:80')).toBe(
      421,
    );
  });

  it('a sign-in over before its tab came still tells the tab why', async () => {
    const { id, host, served } = await serve(WAIT_MS, { registration: false });
    const attempt = 'attempt-refused-at-once-01';
    await expect(host.signIn(id, { attempt })).rejects.toThrow('no registration endpoint');
    const late = await fetch(signInStartUrl(served.port, attempt), { redirect: 'manual' });
    expect(late.status).toBe(400);
    expect(await late.text()).toMatch(
      /^The sign-in to 127\.0\.0\.1:\d+ did not complete: the authorization server has no registration endpoint/,
    );
  });
});
