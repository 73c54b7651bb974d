/**
 * Signing in from the apps, through the host: the server's card says it needs a sign-in, each
 * step shows in its `auth` as it happens, the server connects with the sign-in, and signing out
 * takes it back. A failed and a cancelled sign-in say why, in the step that stopped. Against the
 * fixture's real authorization server, the browser played by fetch.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostEvent } from '../../shared/host-api';
import type { ServerSnapshot } from '../../shared/mcp-types';
import { createHost, type Host } from '../../electron/host/host';
import { appSignIn } from '../../electron/host/auth/oauth-kept';
import { createOAuthStore } from '../../electron/host/auth/oauth-store';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-server';

let fixture: OAuthFixture | undefined;
let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  await fixture?.close();
  host = undefined;
  fixture = undefined;
});

async function start(
  options: Parameters<typeof startOAuthFixture>[0] = {},
  openBrowser?: (url: URL) => void,
) {
  fixture = await startOAuthFixture(options);
  const file = join(await mkdtemp(join(tmpdir(), 'mcp-host-sign-in-')), 'sign-ins.json');
  host = createHost({
    servers: [{ name: 'remote', transport: { kind: 'http', url: fixture.url } }],
    signIns: createOAuthStore(file),
    signInHow: appSignIn,
    heartbeatMs: 0,
    ...(openBrowser && { openBrowser }),
  });
  const events: HostEvent[] = [];
  host.onEvent((event) => events.push(event));
  await host.ready;
  const server = async () => (await (host as Host).getSnapshot()).servers[0] as ServerSnapshot;
  return { file, events, server, id: (await server()).id };
}

/**
 * The browser: it opens the authorization URL the card shows, is approved, and comes back; resolves
 * with what its tab says.
 */
function playBrowser(events: HostEvent[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const stop = (host as Host).onEvent((event) => {
      const url = event.type === 'server' ? event.server.auth?.flow?.authorizeUrl : undefined;
      if (!url) return;
      stop();
      void fetch(url, { redirect: 'manual' })
        .then((approved) => fetch(approved.headers.get('location') as string))
        .then((tab) => tab.text())
        .then(resolve, reject);
    });
    void events;
  });
}

describe('signing in from the apps', () => {
  it('shows each step, connects with the sign-in, keeps no token in what windows hear, and signs out', async () => {
    const { file, events, server, id } = await start();
    const before = await server();
    expect(before.status).toBe('disconnected');
    expect(before.disconnect).toMatchObject({
      signIn: true,
      reason: expect.stringContaining(
        'asks you to sign in first (HTTP 401): the Sign in button on its card',
      ),
    });
    expect(before.auth?.keptIn).toContain(file);
    expect(before.auth?.kept).toBeUndefined();

    const tab = playBrowser(events);
    const signingSince = Date.now();
    await (host as Host).signIn(id, {});
    const signedBy = Date.now();
    expect(await tab).toContain(`Signed in to ${new URL((fixture as OAuthFixture).url).host}`);

    const after = await server();
    expect(after.status).toBe('connected');
    expect(after.auth?.flow?.state).toBe('done');
    expect(after.auth?.flow?.steps.map((step) => `${step.kind} ${step.state}`)).toEqual([
      'resource-metadata done',
      'server-metadata done',
      'client done',
      'authorize done',
      'token done',
      'connect done',
    ]);
    expect(after.auth?.flow?.steps.find((step) => step.kind === 'client')?.detail).toMatch(
      /^registered \(RFC 7591\): client id /,
    );
    expect(after.auth?.flow?.steps.find((step) => step.kind === 'token')?.detail).toBe(
      'scopes granted: mcp:read mcp:write; the access token lasts 60 min, and is refreshed by itself',
    );
    // RFC 8707: the authorization and its token were for this server.
    expect((fixture as OAuthFixture).log.authorizations[0]?.resource).toBe(
      (fixture as OAuthFixture).url,
    );
    expect(after.auth?.kept).toMatchObject({
      grant: 'authorization-code',
      client: 'registered',
      scopes: ['mcp:read', 'mcp:write'],
      refreshable: true,
    });
    // An hour from when the token came (the fixture's last 3,600 s), however long that took.
    const expiresAt = Date.parse(after.auth?.kept?.expiresAt ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(signingSince + 60 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(signedBy + 60 * 60_000);
    // The steps were shown as they happened: the authorize step ran (waiting for the user) before
    // it was done.
    expect(
      events.some(
        (event) =>
          event.type === 'server' &&
          event.server.auth?.flow?.steps.some(
            (step) => step.kind === 'authorize' && step.state === 'running',
          ),
      ),
    ).toBe(true);

    const kept = JSON.parse(await readFile(file, 'utf8')) as {
      servers: Record<string, { tokens: { access_token: string; refresh_token: string } }>;
    };
    const tokens = Object.values(kept.servers)[0]?.tokens;
    const heard = JSON.stringify(events);
    expect(heard).not.toContain(tokens?.access_token);
    expect(heard).not.toContain(tokens?.refresh_token);

    const said = await (host as Host).signOut(id);
    expect(said).toBe(
      `Signed out of ${new URL((fixture as OAuthFixture).url).host}: the sign-in is forgotten; its tokens revoked.`,
    );
    expect((fixture as OAuthFixture).log.revoked).toHaveLength(2);
    const out = await server();
    expect(out.status).toBe('disconnected');
    expect(out.disconnect?.signIn).toBe(true);
    expect(out.auth?.kept).toBeUndefined();
  });

  it("the desktop's way: the host opens the system browser, which comes back to a loopback port of this sign-in's own", async () => {
    const opened: URL[] = [];
    let tab: Promise<string> | undefined;
    const { server, id } = await start({}, (url) => {
      opened.push(url);
      tab = fetch(url, { redirect: 'manual' })
        .then((approved) => fetch(approved.headers.get('location') as string))
        .then((back) => back.text());
    });
    await (host as Host).signIn(id, {});
    expect(opened).toHaveLength(1);
    const redirect = new URL(opened[0]?.searchParams.get('redirect_uri') as string);
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(Number(redirect.port)).toBeGreaterThan(0);
    expect(redirect.pathname).toBe('/callback');
    expect(await tab).toContain('Signed in to');
    expect((await server()).status).toBe('connected');
  });

  it('a sign-in that fails says why in the step it stopped at, and the tab is told', async () => {
    const { server, id } = await start({ registration: false });
    await expect((host as Host).signIn(id, {})).rejects.toThrow(
      'the authorization server has no registration endpoint and no client id was given',
    );
    const auth = (await server()).auth;
    expect(auth?.flow?.state).toBe('failed');
    expect(auth?.flow?.steps.map((step) => `${step.kind} ${step.state}`)).toEqual([
      'resource-metadata done',
      'server-metadata done',
      'client failed',
    ]);
    expect(auth?.flow?.steps.at(-1)?.detail).toBe(
      'the authorization server has no registration endpoint and no client id was given: register a client there, then give its client id (and secret, if it has one)',
    );
    expect(auth?.flow?.steps[1]?.detail).toContain('no registration');
  });

  it('a sign-in waiting for the browser is cancelled by its request id', async () => {
    const { events, server, id } = await start();
    const waiting = new Promise<void>((resolve) =>
      (host as Host).onEvent(
        (event) => event.type === 'server' && event.server.auth?.flow?.authorizeUrl && resolve(),
      ),
    );
    const signing = (host as Host).signIn(id, {}, 'sign-in-1');
    await waiting;
    await (host as Host).cancelRequest('sign-in-1');
    await expect(signing).rejects.toMatchObject({
      code: 'cancelled',
      message: 'the sign-in was cancelled',
    });
    const auth = (await server()).auth;
    expect(auth?.flow).toMatchObject({ state: 'cancelled', error: 'the sign-in was cancelled' });
    expect(auth?.flow?.authorizeUrl).toBeUndefined();
    expect(auth?.flow?.steps.at(-1)).toMatchObject({ kind: 'authorize', state: 'failed' });
    void events;
  });

  it('step-up: a 403 naming a missing scope disconnects with it, and a sign-in with it connects', async () => {
    const { events, server, id } = await start({
      requiredScopes: ['mcp:admin'],
      scopesSupported: ['mcp:read', 'mcp:admin'],
    });
    const first = playBrowser(events);
    // Signed in, but not with enough: the call says so.
    await expect((host as Host).signIn(id, { scope: 'mcp:read' })).rejects.toThrow(
      'signed in, but remote did not connect with it:',
    );
    await first;
    const refused = await server();
    expect(refused.status).toBe('disconnected');
    expect(refused.disconnect).toMatchObject({
      signIn: true,
      signInScope: 'mcp:read mcp:admin',
      reason: expect.stringContaining(
        'needs a sign-in with the scope "mcp:read mcp:admin": sign in again with it (the Sign in button on its card, which asks for it)',
      ),
    });
    expect(refused.auth?.flow?.steps.at(-1)).toMatchObject({ kind: 'connect', state: 'failed' });
    const second = playBrowser(events);
    await (host as Host).signIn(id, { scope: 'mcp:read mcp:admin' });
    await second;
    expect((await server()).status).toBe('connected');
    expect((fixture as OAuthFixture).log.authorizations.at(-1)?.scopes).toEqual([
      'mcp:read',
      'mcp:admin',
    ]);
  });

  it("an authorization server's refusal is said in its words, bounded, and the tab is told", async () => {
    const { server, id } = await start();
    const hostile = `<script>alert(1)</script>\u001b[31m${'x'.repeat(5000)}`;
    const tab = new Promise<string>((resolve) => {
      const stop = (host as Host).onEvent((event) => {
        const url = event.type === 'server' ? event.server.auth?.flow?.authorizeUrl : undefined;
        if (!url) return;
        stop();
        // The user said no: the authorization server sends the browser back with an error.
        const authorize = new URL(url);
        const back = new URL(authorize.searchParams.get('redirect_uri') as string);
        back.search = new URLSearchParams({
          state: authorize.searchParams.get('state') as string,
          error: 'access_denied',
          error_description: hostile,
        }).toString();
        void fetch(back).then((response) => response.text().then(resolve));
      });
    });
    const refused = await (host as Host).signIn(id, {}).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(refused?.message).toMatch(/^the authorization server refused: access_denied \(<script>/);
    expect(refused?.message.length).toBeLessThanOrEqual(1001);
    expect(await tab).toContain(
      'did not complete: the authorization server refused: access_denied',
    );
    const flow = (await server()).auth?.flow;
    expect(flow?.state).toBe('failed');
    expect(flow?.error?.length).toBeLessThanOrEqual(1001);
    expect(flow?.steps.at(-1)).toMatchObject({ kind: 'authorize', state: 'failed' });
  });

  it('a sign-in again that fails (its code expired) keeps the sign-in that works', async () => {
    const { events, server, id, file } = await start();
    const first = playBrowser(events);
    await (host as Host).signIn(id, {});
    await first;
    const kept = await readFile(file, 'utf8');
    // The user took too long in the browser: the code expires before it comes back.
    const late = new Promise<void>((resolve) => {
      const stop = (host as Host).onEvent((event) => {
        const url =
          event.type === 'server' && event.server.auth?.flow?.state === 'running'
            ? event.server.auth.flow.authorizeUrl
            : undefined;
        if (!url) return;
        stop();
        void fetch(url, { redirect: 'manual' })
          .then(
            (approved) => (
              (fixture as OAuthFixture).expireCodes(),
              fetch(approved.headers.get('location') as string)
            ),
          )
          .then(() => resolve());
      });
    });
    await expect((host as Host).signIn(id, {})).rejects.toThrow(
      'the authorization server refused the code (expired, used, or not for this redirect): start again',
    );
    await late;
    expect(await readFile(file, 'utf8')).toBe(kept);
    expect((await server()).auth?.kept?.grant).toBe('authorization-code');
    // Still reached with the sign-in that works.
    await (host as Host).reconnect(id);
    expect((await server()).status).toBe('connected');
  });

  it('a cancel while the app is being registered stops it there: no browser, nothing kept', async () => {
    const opened: URL[] = [];
    // The registration is answered a minute later: long after the cancel, however slow the machine.
    const { server, id, file } = await start(
      { delayMs: { register: 60_000 } },
      (url) => void opened.push(url),
    );
    const registering = new Promise<void>((resolve) =>
      (host as Host).onEvent(
        (event) =>
          event.type === 'server' &&
          event.server.auth?.flow?.steps.some(
            (step) => step.kind === 'client' && step.state === 'running',
          ) &&
          resolve(),
      ),
    );
    const signing = (host as Host).signIn(id, {}, 'sign-in-2');
    await registering;
    // Cancelled while the authorization server holds the registration request.
    await expect.poll(() => fixture?.log.registrations.length).toBe(1);
    await (host as Host).cancelRequest('sign-in-2');
    await expect(signing).rejects.toMatchObject({ code: 'cancelled' });
    // The request is let go of, so no answer of the registration can reach anything: nothing it
    // said goes on.
    await expect.poll(() => fixture?.log.registrations).toEqual([{ ended: 'hung up' }]);
    expect(opened).toEqual([]);
    const flow = (await server()).auth?.flow;
    expect(flow?.state).toBe('cancelled');
    expect(flow?.steps.map((step) => `${step.kind} ${step.state}`)).toEqual([
      'resource-metadata done',
      'server-metadata done',
      'client failed',
    ]);
    await expect(readFile(file, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a machine client signs in with no browser, and one whose token endpoint hangs is cancelled', async () => {
    const machine = {
      client_id: 'nightly-job',
      client_secret: 'machine-secret-0123',
      redirect_uris: [],
      grant_types: ['client_credentials'],
    };
    const { server, id } = await start({ registration: false, staticClients: [machine] });
    await (host as Host).signIn(id, {
      clientCredentials: true,
      clientId: 'nightly-job',
      clientSecret: 'machine-secret-0123',
      scope: 'mcp:read',
    });
    const done = await server();
    expect(done.status).toBe('connected');
    expect(done.auth?.kept).toMatchObject({
      grant: 'client-credentials',
      clientId: 'nightly-job',
      client: 'given',
      scopes: ['mcp:read'],
      refreshable: true,
    });
    expect(done.auth?.flow?.machine).toBe(true);
    expect(JSON.stringify(done)).not.toContain('machine-secret-0123');
    await (host as Host).close();
    await (fixture as OAuthFixture).close();

    const slow = await start({
      registration: false,
      staticClients: [machine],
      delayMs: { token: 60_000 },
    });
    const signing = (host as Host).signIn(
      slow.id,
      { clientCredentials: true, clientId: 'nightly-job', clientSecret: 'machine-secret-0123' },
      'machine-1',
    );
    const asking = new Promise<void>((resolve) =>
      (host as Host).onEvent(
        (event) =>
          event.type === 'server' &&
          event.server.auth?.flow?.steps.some(
            (step) => step.kind === 'token' && step.state === 'running',
          ) &&
          resolve(),
      ),
    );
    await asking;
    await (host as Host).cancelRequest('machine-1');
    await expect(signing).rejects.toMatchObject({
      code: 'cancelled',
      message: 'the sign-in was cancelled',
    });
  });

  it('a machine client needs its id and its secret', async () => {
    const { id } = await start();
    await expect(
      (host as Host).signIn(id, { clientCredentials: true, clientId: 'job' }),
    ).rejects.toThrow('a machine client (client credentials) needs its client id and secret');
  });
});
