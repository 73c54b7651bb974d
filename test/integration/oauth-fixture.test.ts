/**
 * The OAuth fixture (test/fixtures/oauth-server.ts) with the v2 SDK's client auth as it is:
 * the 401 and its metadata, dynamic registration, authorization code with PKCE and the
 * `resource` parameter, then a listing with the token; a refresh once the token expired; and
 * a clear failure once the refresh token did too. The base the app's sign-in builds on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  auth,
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/client';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-server';

let fixture: OAuthFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

/**
 * An in-memory client: where the browser would go, it follows the redirect itself (the fixture
 * approves at once).
 */
function testProvider() {
  const kept: {
    client?: OAuthClientInformationMixed;
    tokens?: OAuthTokens;
    verifier?: string;
    redirect?: URL;
  } = {};
  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return 'http://127.0.0.1:1/callback';
    },
    get clientMetadata() {
      return {
        client_name: 'MCP Context Inspector (test)',
        redirect_uris: ['http://127.0.0.1:1/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      };
    },
    state: () => 'state-123',
    clientInformation: () => kept.client,
    saveClientInformation: (client) => void (kept.client = client),
    tokens: () => kept.tokens,
    saveTokens: (tokens) => void (kept.tokens = tokens),
    redirectToAuthorization: (url) => void (kept.redirect = url),
    saveCodeVerifier: (verifier) => void (kept.verifier = verifier),
    codeVerifier: () => kept.verifier as string,
  };
  return { provider, kept };
}

/**
 * What the browser would do: open the authorization URL; the fixture redirects to the callback with
 * a code.
 */
async function approve(url: URL): Promise<{ code: string; state: string | null }> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = new URL(response.headers.get('location') as string);
  return {
    code: location.searchParams.get('code') as string,
    state: location.searchParams.get('state'),
  };
}

async function listWith(provider: OAuthClientProvider, url: string): Promise<number> {
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  try {
    return (await client.listResources()).resources.length;
  } finally {
    await client.close();
  }
}

describe('the OAuth fixture, with the SDK client auth', () => {
  it('answers 401 with its metadata, then registers, authorizes with PKCE and a resource, and lists', async () => {
    fixture = await startOAuthFixture();
    const unauthorized = await fetch(fixture.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '{}',
    });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('www-authenticate')).toContain(
      'resource_metadata="http://127.0.0.1:',
    );
    const { provider, kept } = testProvider();
    expect(await auth(provider, { serverUrl: fixture.url })).toBe('REDIRECT');
    expect(fixture.log.registered).toHaveLength(1);
    expect(kept.redirect?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(kept.redirect?.searchParams.get('resource')).toBe(fixture.url);
    const { code, state } = await approve(kept.redirect as URL);
    expect(state).toBe('state-123');
    expect(await auth(provider, { serverUrl: fixture.url, authorizationCode: code })).toBe(
      'AUTHORIZED',
    );
    expect(kept.tokens?.access_token).toBeTruthy();
    expect(await listWith(provider, fixture.url)).toBe(10);
  });

  it('refreshes an expired token by itself; once the refresh token is gone too, the failure says so', async () => {
    fixture = await startOAuthFixture();
    const { provider, kept } = testProvider();
    await auth(provider, { serverUrl: fixture.url });
    await auth(provider, {
      serverUrl: fixture.url,
      authorizationCode: (await approve(kept.redirect as URL)).code,
    });
    fixture.expireAccessTokens();
    expect(await listWith(provider, fixture.url)).toBe(10);
    expect(fixture.log.refreshes).toBe(1);
    fixture.expireAccessTokens();
    fixture.expireRefreshTokens();
    // The SDK gives the authorization server's invalid_grant, not an UnauthorizedError: the app
    // must say "sign in again" itself.
    const failure = await listWith(provider, fixture.url).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(UnauthorizedError);
    expect(String(failure)).toContain('refresh token expired or unknown');
  });
});
