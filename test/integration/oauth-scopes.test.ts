/**
 * The scopes a sign-in asks for, against the OAuth fixture: those the server's 401 names, before
 * what its metadata offers; and a step-up (a 403 on a read naming a scope the sign-in lacks) that
 * asks for that scope and keeps the ones it had (SEP-2350), said for the CLI, offered by the
 * app's Sign in button, and done without anyone for a machine client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Host } from '../../electron/host/host';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-server';
import { appHost, cli, followRedirect, login, signInsEnv } from './cli-sign-in';

let fixture: OAuthFixture | undefined;
let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  await fixture?.close();
  host = undefined;
  fixture = undefined;
});

/**
 * Reading needs mcp:admin beyond the mcp:read everything needs; the tokens name no scope (RFC
 * 6749 §5.1), so only what was asked says what a sign-in has.
 */
const stepUpServer = () =>
  startOAuthFixture({
    requiredScopes: ['mcp:read'],
    scopesSupported: ['mcp:read', 'mcp:admin'],
    scopesFor: { 'resources/read': ['mcp:admin'] },
    omitTokenScope: true,
    staticClients: [
      {
        client_id: 'machine-1',
        client_secret: 'machine-secret-1',
        redirect_uris: [],
        grant_types: ['client_credentials'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
  });
const README = 'legacy://docs/readme';

describe('the scopes a sign-in asks for', () => {
  it("asks for the scope the server's 401 names, so the first list after it works", async () => {
    // The metadata offers a scope that lets nothing through; the 401 names the one needed.
    fixture = await startOAuthFixture({
      requiredScopes: ['mcp:basic'],
      scopesSupported: ['mcp:profile'],
    });
    const env = await signInsEnv();
    const signedIn = await login(fixture.url, env, followRedirect);
    expect(signedIn.code, signedIn.stderr).toBe(0);
    expect(signedIn.stderr).toMatch(
      /✓ Protected resource metadata: the authorization server is \S+; scopes it offers: mcp:profile; its 401 asks for mcp:basic/,
    );
    expect(signedIn.stderr).toContain('✓ Tokens: scopes granted: mcp:basic;');
    expect(fixture.log.authorizations.map((one) => one.scopes)).toEqual([['mcp:basic']]);

    const listed = await cli(['list', fixture.url], env);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toContain('legacy://docs/readme');
  });

  it('the scopes given with --scope win over the 401', async () => {
    fixture = await startOAuthFixture({
      requiredScopes: ['mcp:basic'],
      scopesSupported: ['mcp:basic', 'mcp:extra'],
    });
    const env = await signInsEnv();
    const signedIn = await login(fixture.url, env, followRedirect, [
      '--scope',
      'mcp:basic mcp:extra',
    ]);
    expect(signedIn.code, signedIn.stderr).toBe(0);
    expect(fixture.log.authorizations.map((one) => one.scopes)).toEqual([
      ['mcp:basic', 'mcp:extra'],
    ]);
  });

  it('a 403 on a read names the scopes it lacks and those it has; login with them, and it reads', async () => {
    fixture = await stepUpServer();
    const env = await signInsEnv();
    expect((await login(fixture.url, env, followRedirect)).code).toBe(0);
    expect(fixture.log.authorizations.map((one) => one.scopes)).toEqual([['mcp:read']]);
    expect((await cli(['list', fixture.url], env)).code).toBe(0);

    const refused = await cli(['read', README, fixture.url], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `needs a sign-in with the scope "mcp:read mcp:admin": sign in again with it (mcp-context login ${fixture.url} --scope "mcp:read mcp:admin")`,
    );
    const again = await login(fixture.url, env, followRedirect, ['--scope', 'mcp:read mcp:admin']);
    expect(again.code, again.stderr).toBe(0);
    expect(fixture.log.authorizations.at(-1)?.scopes).toEqual(['mcp:read', 'mcp:admin']);
    const read = await cli(['read', README, fixture.url], env);
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toContain('# Read me');
    expect((await cli(['list', fixture.url], env)).code).toBe(0);
  });

  it("in the app, the card's Sign in button asks for the scopes it lacks and those it has", async () => {
    fixture = await stepUpServer();
    const app = await appHost(fixture.url);
    host = app.host;
    const { id, server } = app;
    await host.signIn(id, {});
    await expect(host.readResource(id, README)).rejects.toThrow();
    const refused = await server();
    expect(refused?.status).toBe('disconnected');
    // What the button asks for (auth-panel.tsx: "Sign in with …").
    expect(refused?.disconnect).toMatchObject({
      signIn: true,
      signInScope: 'mcp:read mcp:admin',
      reason: expect.stringContaining(
        'needs a sign-in with the scope "mcp:read mcp:admin": sign in again with it (the Sign in button on its card, which asks for it)',
      ),
    });
    await host.signIn(id, { scope: refused?.disconnect?.signInScope as string });
    expect(fixture.log.authorizations.at(-1)?.scopes).toEqual(['mcp:read', 'mcp:admin']);
    expect((await host.readResource(id, README)).contents).toHaveLength(1);
  });

  it('a machine client steps up by itself: a new token with the scope the 403 names too', async () => {
    fixture = await stepUpServer();
    const env = { ...(await signInsEnv()), MCP_CONTEXT_CLIENT_SECRET: 'machine-secret-1' };
    const machine = await cli(
      [
        'login',
        fixture.url,
        '--client-credentials',
        '--client-id',
        'machine-1',
        '--scope',
        'mcp:read',
      ],
      env,
    );
    expect(machine.code, machine.stderr).toBe(0);
    const read = await cli(['read', README, fixture.url], env);
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toContain('# Read me');
    expect(fixture.log.authorizations.map((one) => one.scopes)).toEqual([
      ['mcp:read'],
      ['mcp:read', 'mcp:admin'],
    ]);
  });
});
