/**
 * A server that moves to another authorization server (its protected resource metadata names a
 * new one) after a sign-in, against the OAuth fixture: the kept sign-in is from the first, so its
 * client is never offered to the second (SEP-2352). The next listing says so in one line and
 * registers nothing; the next sign-in registers anew there, saying why.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Host } from '../../electron/host/host';
import { createOAuthStore } from '../../electron/host/auth/oauth-store';
import { signIn } from '../../electron/host/auth/oauth-sign-in';
import type { SignInReturn } from '../../electron/host/auth/sign-in-return';
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

describe('a server that moves to another authorization server', () => {
  it('the CLI says so in one line, and login registers anew at the new one', async () => {
    fixture = await startOAuthFixture();
    const env = await signInsEnv();
    expect((await login(fixture.url, env, followRedirect)).code).toBe(0);
    const first = fixture.log.registered[0]?.client_id as string;
    expect((await cli(['list', fixture.url], env)).code).toBe(0);

    const moved = await fixture.moveAuthorizationServer();
    const refused = await cli(['list', fixture.url], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `now signs in at ${moved.issuer}, not ${fixture.issuer} where you signed in: sign in again (mcp-context login ${fixture.url})`,
    );
    // Nothing was registered, asked or sent there in the middle of a listing.
    expect(moved.log.registrations).toHaveLength(0);
    expect(moved.log.unknownClients).toEqual([]);

    const again = await login(fixture.url, env, followRedirect);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(
      new RegExp(
        `✓ Client: the authorization server is now ${moved.issuer}, not ${fixture.issuer}: the client kept from that one is not offered to it; registered \\(RFC 7591\\): client id \\S+\\n`,
      ),
    );
    const second = moved.log.registered[0]?.client_id;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(moved.log.authorizations.map((one) => one.clientId)).toEqual([second]);
    expect(moved.log.unknownClients).not.toContain(first);
    const kept = JSON.parse(await readFile(env.MCP_CONTEXT_SIGN_INS, 'utf8')) as {
      servers: Record<string, { issuer?: string }>;
    };
    expect(kept.servers[fixture.url]?.issuer).toBe(moved.issuer);
    expect((await cli(['list', fixture.url], env)).code).toBe(0);
  });

  it("a machine client's id and secret are never sent to the new one", async () => {
    fixture = await startOAuthFixture({
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
    const env = { ...(await signInsEnv()), MCP_CONTEXT_CLIENT_SECRET: 'machine-secret-1' };
    const machine = await cli(
      ['login', fixture.url, '--client-credentials', '--client-id', 'machine-1'],
      env,
    );
    expect(machine.code, machine.stderr).toBe(0);
    const moved = await fixture.moveAuthorizationServer();
    const refused = await cli(['list', fixture.url], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `now signs in at ${moved.issuer}, not ${fixture.issuer} where the machine client was given: sign in again with a client of the new one (mcp-context login ${fixture.url})`,
    );
    expect(moved.log.authorizations).toEqual([]);
    expect(moved.log.tokensIssued).toBe(0);
  });

  it("in the app, the card says so, and the Auth panel's Client step says why it registers", async () => {
    fixture = await startOAuthFixture();
    const app = await appHost(fixture.url);
    host = app.host;
    const { id, server } = app;
    await host.signIn(id, {});
    const moved = await fixture.moveAuthorizationServer();
    await expect(host.readResource(id, 'legacy://docs/readme')).rejects.toThrow();
    expect((await server())?.disconnect).toMatchObject({
      signIn: true,
      reason: expect.stringContaining(
        `now signs in at ${moved.issuer}, not ${fixture.issuer} where you signed in: sign in again (the Sign in button on its card)`,
      ),
    });
    await host.signIn(id, {});
    const client = (await server())?.auth?.flow?.steps.find((step) => step.kind === 'client');
    expect(client?.detail).toMatch(
      /^the authorization server is now \S+, not \S+: the client kept from that one is not offered to it; registered \(RFC 7591\)/,
    );
    expect((await server())?.status).toBe('connected');
  });

  it('a client registered for the same redirect is not offered to the new one either', async () => {
    fixture = await startOAuthFixture();
    const store = createOAuthStore(join(await mkdtemp(join(tmpdir(), 'mcp-move-')), 'x.json'));
    // One redirect for every sign-in (as browser mode's own origin is), so a client registered for
    // it is reused; the browser brings the code back itself.
    let back: (url: URL) => void = () => {};
    const via: SignInReturn = {
      open: async () => ({
        redirect: 'http://127.0.0.1:9/callback',
        returned: new Promise<URL>((resolve) => (back = resolve)),
        authorize: () => {},
        finish: () => {},
        close: () => {},
      }),
    };
    const browser = (url: URL) =>
      void fetch(url, { redirect: 'manual' }).then((approved) =>
        back(new URL(approved.headers.get('location') as string)),
      );
    const steps: string[] = [];
    const io = {
      show: browser,
      via,
      onStep: (kind: string, state: string, detail: string) =>
        kind === 'client' && state === 'done' && steps.push(detail),
    };
    await signIn(fixture.url, store, io);
    await signIn(fixture.url, store, io);
    const first = fixture.log.registered[0]?.client_id as string;
    expect(steps[1]).toBe(`registered earlier for this redirect: ${first}`);

    const moved = await fixture.moveAuthorizationServer();
    await signIn(fixture.url, store, io);
    expect(moved.log.unknownClients).toEqual([]);
    expect(moved.log.registered).toHaveLength(1);
    expect(steps[2]).toBe(
      `the authorization server is now ${moved.issuer}, not ${fixture.issuer}: the client kept from that one is not offered to it; registered (RFC 7591): client id ${moved.log.registered[0]?.client_id}`,
    );
    expect((await store.get(fixture.url))?.issuer).toBe(moved.issuer);
  });
});
