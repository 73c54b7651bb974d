/**
 * The scopes a sign-in asks for, from the CLI, against the OAuth fixture: those the server's 401
 * names, before what its metadata offers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-server';
import { cli, followRedirect, login, signInsEnv } from './cli-sign-in';

let fixture: OAuthFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

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
});
