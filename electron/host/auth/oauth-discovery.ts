/**
 * The steps of a sign-in that find how a server signs in (its 401, its protected resource metadata,
 * its authorization server's metadata), what is refused there, and the words of each step.
 */
import {
  discoverOAuthServerInfo,
  extractWWWAuthenticateParams,
  type OAuthDiscoveryState,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import type { AuthStepKind } from '../../../shared/mcp-types';
import { refusedServer, saidForUser } from './oauth-words';

/** Told each step of a sign-in as it starts, ends or fails. */
export type StepReport = (
  kind: AuthStepKind,
  state: 'running' | 'done' | 'failed',
  detail: string,
) => void;

/** A step's words for tokens granted. */
export function describeTokens(tokens: OAuthTokens | undefined): string {
  if (!tokens) return 'no token';
  const scopes = tokens.scope ? `scopes granted: ${tokens.scope}` : 'no scope named';
  const lasts =
    tokens.expires_in !== undefined
      ? `; the access token lasts ${tokens.expires_in >= 120 ? `${Math.round(tokens.expires_in / 60)} min` : `${tokens.expires_in} s`}`
      : '; the access token names no expiry';
  return `${scopes}${lasts}${tokens.refresh_token ? ', and is refreshed by itself' : ', with no refresh token: sign in again when it ends'}`;
}

/**
 * What the server's 401 names (RFC 9728 §5.1, RFC 6750 §3): the address of its protected resource
 * metadata, and the scopes to ask for, which the spec says a client should use first.
 */
async function challengeOf(
  serverUrl: string,
  fetchFn: typeof fetch,
): Promise<{ resourceMetadataUrl?: URL; scope?: string }> {
  try {
    const response = await fetchFn(serverUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '{"jsonrpc":"2.0","id":0,"method":"ping"}',
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel().catch(() => {});
    if (response.status !== 401) return {};
    const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
    // A list past 300 characters is no scope anyone asked for knowingly: the metadata's are used.
    const asked = scope?.split(' ').filter(Boolean).join(' ');
    return {
      ...(resourceMetadataUrl && { resourceMetadataUrl }),
      ...(asked && asked.length <= 300 && { scope: asked }),
    };
  } catch {
    return {};
  }
}

/** What discovery found, and the scopes the server's 401 named. */
export type Found = OAuthDiscoveryState & { challenged?: string };

/** Finds how the server signs in, told as two steps; rejects with what is refused. */
export async function discover(
  serverUrl: string,
  step: StepReport,
  fetchFn: typeof fetch,
): Promise<Found> {
  step(
    'resource-metadata',
    'running',
    `asking ${new URL(serverUrl).host} for its protected resource metadata (RFC 9728)`,
  );
  const challenge = await challengeOf(serverUrl, fetchFn);
  const named = challenge.resourceMetadataUrl;
  const found = await discoverOAuthServerInfo(serverUrl, {
    fetchFn,
    ...(named && { resourceMetadataUrl: named }),
  }).catch((error: unknown) => {
    const words = `could not find how ${new URL(serverUrl).host} signs in: ${error instanceof Error ? error.message : String(error)}`;
    step('resource-metadata', 'failed', words);
    throw new Error(words, { cause: error });
  });
  const resource = found.resourceMetadata;
  const scopes = resource?.scopes_supported?.length
    ? `; scopes it offers: ${resource.scopes_supported.join(' ')}`
    : '';
  const where = named ? ` (found where its 401 said, ${named.href})` : '';
  const asks = challenge.scope ? `; its 401 asks for ${challenge.scope}` : '';
  step(
    'resource-metadata',
    'done',
    resource
      ? `the authorization server is ${found.authorizationServerUrl}${scopes}${asks}${where}`
      : `none published (the spec asks for it): ${found.authorizationServerUrl} is taken as the authorization server${asks}`,
  );
  const metadata = found.authorizationServerMetadata as Record<string, unknown> | undefined;
  const refused = refusedServer(serverUrl, {
    authorizationServerUrl: found.authorizationServerUrl,
    authorizationServerMetadata: metadata,
  });
  if (refused) {
    step('server-metadata', 'failed', refused);
    throw new Error(refused);
  }
  const offers = [
    'PKCE with S256',
    metadata?.registration_endpoint ? 'registration' : 'no registration',
    metadata?.client_id_metadata_document_supported === true && 'client metadata documents',
    metadata?.revocation_endpoint ? 'revocation' : 'no revocation',
  ].filter(Boolean);
  step(
    'server-metadata',
    'done',
    `${String(metadata?.issuer ?? found.authorizationServerUrl)}: ${offers.join(', ')}`,
  );
  return {
    ...found,
    ...(named && { resourceMetadataUrl: named.href }),
    ...(challenge.scope && { challenged: challenge.scope }),
  };
}

/** Why a sign-in stops, with the step it stopped in marked failed. */
export function failure(
  error: unknown,
  current: () => AuthStepKind | undefined,
  step: StepReport,
  giveClient?: string,
): Error {
  const said = saidForUser(error, giveClient);
  const kind = current();
  if (kind) step(kind, 'failed', said.message);
  return said;
}
