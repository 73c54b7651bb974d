/**
 * Signing in from the CLI to a server behind OAuth (the fixture's authorization server, which
 * approves at once): `login` prints the URL and waits for the browser to come back to its
 * loopback redirect; `list` then reaches the server with the kept tokens; `logout` forgets and
 * revokes them; `list` then says to sign in first, with a non-zero status.
 */
import { readFile, stat } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-server';
import { cli, followRedirect, login, signInsEnv } from './cli-sign-in';

let fixture: OAuthFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

describe('mcp-context login and logout', () => {
  it('login, then list with the tokens; logout, then list says to sign in first', async () => {
    fixture = await startOAuthFixture();
    const env = await signInsEnv();
    const before = await cli(['list', fixture.url], env);
    expect(before.code).toBe(1);
    expect(before.stderr).toContain(
      `asks you to sign in first (HTTP 401): mcp-context login ${fixture.url} (or, if it takes a key, --header "Authorization: …")`,
    );

    const signedIn = await login(fixture.url, env, followRedirect);
    expect(signedIn.stderr).toContain('Sign in to 127.0.0.1:');
    // Each step as it ends, as the Auth panel shows it.
    expect(signedIn.stderr).toMatch(
      /✓ Protected resource metadata: the authorization server is http:\/\/127\.0\.0\.1:\d+\/; scopes it offers: mcp:read mcp:write/,
    );
    expect(signedIn.stderr).toMatch(/✓ Client: registered \(RFC 7591\): client id \S+\n/);
    expect(signedIn.stderr).toContain(
      '✓ Tokens: scopes granted: mcp:read mcp:write; the access token lasts 60 min, and is refreshed by itself',
    );
    expect(signedIn.stderr).toMatch(
      /\nSigned in to 127\.0\.0\.1:\d+\. Kept in \S+sign-ins\.json\.\n/,
    );
    expect(signedIn.stderr).not.toContain('[mcp-sdk]');
    expect(signedIn.code).toBe(0);
    expect(fixture.log.authorizations[0]?.redirectUri).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/callback$/,
    );
    expect(fixture.log.authorizations[0]?.resource).toBe(fixture.url);
    // Only the user may read the tokens.
    expect((await stat(env.MCP_CONTEXT_SIGN_INS)).mode & 0o777).toBe(0o600);

    const listed = await cli(['list', fixture.url], env);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toContain('legacy://docs/readme');
    // The tokens never reach what the CLI prints, --verbose included.
    const kept = (
      JSON.parse(await readFile(env.MCP_CONTEXT_SIGN_INS, 'utf8')) as {
        servers: Record<string, { tokens: { access_token: string; refresh_token: string } }>;
      }
    ).servers[fixture.url]?.tokens;
    const verbose = await cli(['list', '--verbose', '--json', fixture.url], env);
    expect(verbose.code, verbose.stderr).toBe(0);
    for (const token of [kept?.access_token, kept?.refresh_token])
      expect(
        listed.stdout + listed.stderr + signedIn.stderr + verbose.stdout + verbose.stderr,
      ).not.toContain(token as string);

    // check reaches it with the sign-in too (a verdict, not "could not be reached").
    const checked = await cli(['check', '--json', fixture.url], env);
    expect(checked.code, checked.stderr).not.toBe(2);
    const verdict = JSON.parse(checked.stdout) as {
      reports: { results: unknown[] }[];
      unreachable: unknown[];
    };
    expect(verdict.unreachable).toEqual([]);
    expect(verdict.reports[0]?.results.length).toBeGreaterThan(5);

    const out = await cli(['logout', fixture.url], env);
    expect(out.code).toBe(0);
    expect(out.stderr).toContain('the sign-in is forgotten; its tokens revoked');
    expect(fixture.log.revoked).toHaveLength(2);
    const after = await cli(['list', fixture.url], env);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('asks you to sign in first');
  });

  it('a callback with another state is turned away and changes nothing; the real one then signs in', async () => {
    fixture = await startOAuthFixture();
    const env = await signInsEnv();
    let forgedStatus = 0;
    let issuedMeanwhile = -1;
    const signedIn = await login(fixture.url, env, async (signInUrl) => {
      const approved = await fetch(signInUrl, { redirect: 'manual' });
      const back = new URL(approved.headers.get('location') as string);
      // Another local process, or a page, guessing the port: its state is not this sign-in's.
      const forged = new URL(back);
      forged.searchParams.set('state', 'someone-else');
      forgedStatus = (await fetch(forged)).status;
      issuedMeanwhile = fixture?.log.tokensIssued ?? -1;
      await fetch(back);
    });
    expect(forgedStatus).toBe(400);
    expect(issuedMeanwhile).toBe(0);
    expect(signedIn.code, signedIn.stderr).toBe(0);
    expect(fixture.log.tokensIssued).toBe(1);
  });
});
