/**
 * Signing out of a remote server: its tokens revoked (RFC 7009, which the SDK has no call for)
 * where the authorization server offers that, over https and with the issuer that gave them,
 * and the sign-in forgotten either way.
 */
import { discoverOAuthServerInfo } from '@modelcontextprotocol/client';
import type { OAuthStore } from './oauth-store';
import { bounded, insecureAuthorizationServer } from './oauth-words';
import { stoppable } from './refresh-once';

/**
 * Forgets the sign-in kept for `serverUrl` at once, then asks the authorization server to revoke
 * its tokens (RFC 7009) where it offers that, within 20 s in all: a server that does not answer
 * never keeps a sign-in the user asked to forget. Says what happened: forgotten, and revoked or why
 * not.
 */
export async function signOut(
  serverUrl: string,
  store: OAuthStore,
  forgotten?: () => Promise<unknown>,
): Promise<{ had: boolean; revoked: string }> {
  const kept = await store.get(serverUrl);
  if (!kept) return { had: false, revoked: 'nothing to revoke' };
  await store.update(serverUrl, () => undefined);
  // The connections using it go now (the app reconnects its server), not after the revocation.
  await forgotten?.().catch(() => {});
  const limit = AbortSignal.timeout(20_000);
  const fetchFn = stoppable(limit);
  let revoked = 'not revoked: no token was kept';
  const tokens = [kept.tokens?.refresh_token, kept.tokens?.access_token].filter(
    (token): token is string => Boolean(token),
  );
  if (tokens.length > 0) {
    try {
      const info = await discoverOAuthServerInfo(serverUrl, { fetchFn });
      const metadata = (info.authorizationServerMetadata ?? {}) as {
        revocation_endpoint?: unknown;
        issuer?: unknown;
      };
      const endpoint =
        typeof metadata.revocation_endpoint === 'string' ? metadata.revocation_endpoint : undefined;
      const issuedBy = (kept.tokens as { issuer?: unknown } | undefined)?.issuer;
      if (!endpoint) revoked = 'not revoked: the authorization server offers no revocation';
      else if (insecureAuthorizationServer(endpoint))
        revoked = 'not revoked: the revocation endpoint is not on https';
      else if (
        typeof issuedBy === 'string' &&
        typeof metadata.issuer === 'string' &&
        issuedBy !== metadata.issuer
      )
        revoked =
          'not revoked: the server now names another authorization server than the one that issued them';
      else {
        // Each token on its own (RFC 7009), the client authenticated as it was registered.
        const failures: string[] = [];
        const client = kept.client as { client_id?: string; client_secret?: string } | undefined;
        for (const token of tokens) {
          const body = new URLSearchParams({
            token,
            ...(client?.client_id && !client.client_secret && { client_id: client.client_id }),
          });
          const headers: Record<string, string> = {
            'content-type': 'application/x-www-form-urlencoded',
          };
          if (client?.client_id && client.client_secret)
            headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`;
          const response = await fetch(endpoint, {
            method: 'POST',
            headers,
            body,
            signal: AbortSignal.any([limit, AbortSignal.timeout(10_000)]),
          }).catch((error: unknown) => error as Error);
          if (response instanceof Error || !response.ok)
            failures.push(response instanceof Error ? response.message : `HTTP ${response.status}`);
        }
        revoked = failures.length === 0 ? 'revoked' : `not all revoked (${failures.join('; ')})`;
      }
    } catch (error) {
      revoked = `not revoked (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  // The SDK's words may carry a server's (a resource it names, a URL): bounded.
  return { had: true, revoked: bounded(revoked, 500) };
}
