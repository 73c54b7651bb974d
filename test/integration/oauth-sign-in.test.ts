/**
 * Each way a sign-in fails, said in words, against the fixture's real authorization server:
 * no registration and no client id, a code that expired before it was redeemed, a refresh token
 * that expired, and a step-up (a 403 naming a missing scope); and a client registered by hand.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type Host } from '../../electron/host/host';
import { createOAuthStore, type OAuthStore } from '../../electron/host/auth/oauth-store';
import { signIn } from '../../electron/host/auth/oauth-sign-in';
import { signInMachine } from '../../electron/host/auth/oauth-sign-in-machine';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-server';

let fixture: OAuthFixture | undefined;
let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  await fixture?.close();
  host = undefined;
  fixture = undefined;
});

const store = async (): Promise<OAuthStore> =>
  createOAuthStore(join(await mkdtemp(join(tmpdir(), 'mcp-sign-in-')), 'sign-ins.json'));
/** The browser: the authorization server approves, and sends it back to the loopback redirect. */
const browser = (before?: () => void) => (url: URL) =>
  void fetch(url, { redirect: 'manual' }).then(
    (approved) => (before?.(), fetch(approved.headers.get('location') as string)),
  );

async function reasonDown(signIns: OAuthStore, url: string): Promise<string | undefined> {
  host = createHost({ servers: [{ name: 'remote', transport: { kind: 'http', url } }], signIns });
  await host.ready;
  const [server] = (await host.getSnapshot()).servers;
  return server?.status === 'connected' ? undefined : server?.disconnect?.reason;
}

describe('signing in, and each way it fails', () => {
  it('an authorization server with no registration, and no client id given, says what to do', async () => {
    fixture = await startOAuthFixture({ registration: false });
    await expect(signIn(fixture.url, await store(), { show: browser() })).rejects.toThrow(
      'the authorization server has no registration endpoint and no client id was given: register a client there, then give its client id (and secret, if it has one)',
    );
  });

  it('a registration the authorization server refuses is said in words, and nothing is kept', async () => {
    fixture = await startOAuthFixture({ registration: 'refuse' });
    const signIns = await store();
    await expect(signIn(fixture.url, signIns, { show: browser() })).rejects.toThrow(
      'the authorization server refused to register this app (invalid_client_metadata: loopback redirect URIs are not allowed here)',
    );
    expect(await signIns.get(fixture.url)).toBeUndefined();
  });

  it('a client registered by hand signs in, with its secret', async () => {
    fixture = await startOAuthFixture({
      registration: false,
      staticClients: [
        {
          client_id: 'inspector-static',
          client_secret: 'static-secret-0123',
          redirect_uris: ['http://127.0.0.1/callback'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
    });
    const signIns = await store();
    await signIn(fixture.url, signIns, {
      show: browser(),
      client: { id: 'inspector-static', secret: 'static-secret-0123' },
    });
    expect(fixture.log.authorizations[0]?.clientId).toBe('inspector-static');
    expect(await reasonDown(signIns, fixture.url)).toBeUndefined();
  });

  it('a client metadata document is the client id where the authorization server takes one: nothing is registered', async () => {
    const document = 'https://inspector.example/oauth/client-metadata.json';
    fixture = await startOAuthFixture({
      clientMetadataDocuments: {
        [document]: {
          client_name: 'MCP Context Inspector',
          redirect_uris: ['http://127.0.0.1/callback'],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        },
      },
    });
    const signIns = await store();
    const steps: string[] = [];
    await signIn(fixture.url, signIns, {
      show: browser(),
      clientMetadataUrl: document,
      onStep: (kind, state, detail) => steps.push(`${kind} ${state}: ${detail}`),
    });
    expect(fixture.log.registered).toHaveLength(0);
    expect(fixture.log.authorizations[0]?.clientId).toBe(document);
    expect(steps).toContain(
      `client done: our client metadata document, ${document}, is the client id`,
    );
    expect(steps.find((step) => step.startsWith('server-metadata done'))).toContain(
      'client metadata documents',
    );
    expect(await reasonDown(signIns, fixture.url)).toBeUndefined();
    await host?.close();
    // An authorization server that takes none: registered instead.
    await fixture.close();
    fixture = await startOAuthFixture();
    await signIn(fixture.url, await store(), { show: browser(), clientMetadataUrl: document });
    expect(fixture.log.registered).toHaveLength(1);
  });

  it('a machine client signs in by the client credentials grant, gets new tokens by itself, and a wrong secret is said', async () => {
    const machine = {
      client_id: 'nightly-job',
      client_secret: 'machine-secret-0123',
      redirect_uris: [],
      grant_types: ['client_credentials'],
    };
    fixture = await startOAuthFixture({ registration: false, staticClients: [machine] });
    const signIns = await store();
    await expect(
      signInMachine(fixture.url, signIns, { id: 'nightly-job', secret: 'wrong' }),
    ).rejects.toThrow('the authorization server refused this client id and secret');
    expect(await signIns.get(fixture.url)).toBeUndefined();
    await signInMachine(
      fixture.url,
      signIns,
      { id: 'nightly-job', secret: 'machine-secret-0123' },
      { scope: 'mcp:read' },
    );
    expect(fixture.log.authorizations.at(-1)).toMatchObject({
      clientId: 'nightly-job',
      scopes: ['mcp:read'],
      redirectUri: '(client credentials)',
    });
    expect(await reasonDown(signIns, fixture.url)).toBeUndefined();
    await host?.close();
    // Expired: a new token, with the secret, no person involved.
    fixture.expireAccessTokens();
    const issued = fixture.log.tokensIssued;
    expect(await reasonDown(signIns, fixture.url)).toBeUndefined();
    expect(fixture.log.tokensIssued).toBe(issued + 1);
  });

  it('a code that expired before it was redeemed is refused, in words', async () => {
    fixture = await startOAuthFixture();
    const expire = () => fixture?.expireCodes();
    await expect(signIn(fixture.url, await store(), { show: browser(expire) })).rejects.toThrow(
      'the authorization server refused the code (expired, used, or not for this redirect): start again',
    );
  });

  it('an expired access token is refreshed by itself; an expired refresh token asks to sign in again', async () => {
    fixture = await startOAuthFixture();
    const signIns = await store();
    await signIn(fixture.url, signIns, { show: browser() });
    fixture.expireAccessTokens();
    expect(await reasonDown(signIns, fixture.url)).toBeUndefined();
    expect(fixture.log.refreshes).toBe(1);
    await host?.close();
    fixture.expireAccessTokens();
    fixture.expireRefreshTokens();
    // Said by the sign-in kept, or by the server's 401 to the tokens it had just issued: either
    // way, sign in again.
    const reason = await reasonDown(signIns, fixture.url);
    expect(reason).toContain(
      `the sign-in to ${new URL(fixture.url).host} has expired or was refused`,
    );
    expect(reason).toContain(`: sign in again (mcp-context login ${fixture.url})`);
  });

  it('a token about to expire is refreshed before the first request, not after a refusal', async () => {
    fixture = await startOAuthFixture({ accessTokenSeconds: 30 });
    const signIns = await store();
    await signIn(fixture.url, signIns, { show: browser() });
    const before = fixture.log.unauthorized;
    expect(await reasonDown(signIns, fixture.url)).toBeUndefined();
    expect(fixture.log.refreshes).toBe(1);
    expect(fixture.log.unauthorized).toBe(before);
  });

  it('a sign-in that ends while connected disconnects with the reason, and is not retried by itself', async () => {
    fixture = await startOAuthFixture();
    const signIns = await store();
    await signIn(fixture.url, signIns, { show: browser() });
    host = createHost({
      servers: [{ name: 'remote', transport: { kind: 'http', url: fixture.url } }],
      signIns,
      reconnect: { delaysMs: [50, 50, 50] },
      heartbeatMs: 100,
    });
    await host.ready;
    expect((await host.getSnapshot()).servers[0]?.status).toBe('connected');
    fixture.expireAccessTokens();
    fixture.expireRefreshTokens();
    const down = async () => (await host?.getSnapshot())?.servers[0];
    // The heartbeat finds it out.
    await expect.poll(async () => (await down())?.status).toBe('disconnected');
    const server = await down();
    expect(server?.disconnect?.reason).toBe(
      `the sign-in to ${new URL(fixture.url).host} has expired or was refused: sign in again (mcp-context login ${fixture.url})`,
    );
    // No retry: only a new sign-in helps. A retry is set down in the snapshot as the connection
    // is let go (reconnector.ts), in the same turn that marks it disconnected, so none is waiting.
    expect(server?.retry).toBeUndefined();
    expect(server?.disconnect?.signIn).toBe(true);
  });

  it('step-up: a 403 that names a missing scope says to sign in with it, and that sign-in works', async () => {
    fixture = await startOAuthFixture({
      requiredScopes: ['mcp:admin'],
      scopesSupported: ['mcp:read', 'mcp:admin'],
    });
    const signIns = await store();
    await signIn(fixture.url, signIns, { show: browser(), scope: 'mcp:read' });
    expect(await reasonDown(signIns, fixture.url)).toContain(
      `needs a sign-in with the scope "mcp:read mcp:admin": sign in again with it (mcp-context login ${fixture.url} --scope "mcp:read mcp:admin")`,
    );
    await host?.close();
    await signIn(fixture.url, signIns, { show: browser(), scope: 'mcp:read mcp:admin' });
    expect(fixture.log.authorizations.at(-1)?.scopes).toEqual(['mcp:read', 'mcp:admin']);
    expect(await reasonDown(signIns, fixture.url)).toBeUndefined();
  });
});
