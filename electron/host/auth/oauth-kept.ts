/**
 * Connecting with a sign-in already kept: a person's tokens (refreshed by the SDK, and ahead of
 * their expiry here), or a machine client's id and secret (tokens asked for whenever needed).
 * Neither ever sends the user anywhere: where a new sign-in is needed, it says so and how.
 */
import {
  auth,
  computeScopeUnion,
  type OAuthClientMetadata,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import { keptIssuer, sameIssuer } from './oauth-issuer';
import type { OAuthStore, SignIn } from './oauth-store';
import { bounded } from './oauth-words';
import { refreshOnce } from './refresh-once';

/**
 * A server that wants a sign-in the user has not given (or that has expired); `scope`: the scopes a
 * step-up must ask for.
 */
export class SignInNeeded extends Error {
  constructor(
    message: string,
    options?: ErrorOptions,
    readonly scope?: string,
  ) {
    super(message, options);
  }
}

/** The {@link SignInNeeded} that `error` is or wraps, if any. */
export function signInNeededIn(error: unknown): SignInNeeded | undefined {
  for (
    let at: unknown = error, depth = 0;
    at !== undefined && at !== null && depth < 5;
    at = (at as { cause?: unknown }).cause, depth += 1
  ) {
    if (at instanceof SignInNeeded) return at;
  }
  return undefined;
}

/** True when `error`, or one it wraps, is a {@link SignInNeeded}. */
export const isSignInNeeded = (error: unknown): boolean => signInNeededIn(error) !== undefined;

/** How a face signs in to the server at a URL, in the words of a refusal. */
export type SignInHow = (serverUrl: string) => string;
export const cliSignIn: SignInHow = (url) => `mcp-context login ${url}`;
/** The apps' words: the card's Sign in button opens the server's Auth panel. */
export const appSignIn: SignInHow = () => 'the Sign in button on its card';

export const CLIENT_NAME = 'MCP Context Inspector';
/**
 * How long a refused refresh waits for another process's new tokens to reach the file before its
 * own are set aside.
 */
const LOST_REFRESH_WAIT_MS = 300;

export function clientMetadata(redirect: string | undefined): OAuthClientMetadata {
  return {
    client_name: CLIENT_NAME,
    redirect_uris: redirect ? [redirect] : [],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/**
 * The parts of a provider that read and write what is kept for `serverUrl`. The client kept is
 * given only to the authorization server it is from: asked for by another (the server moved),
 * `moved` says what to do instead (SEP-2352).
 */
export function keptParts(
  store: OAuthStore,
  serverUrl: string,
  moved: (from: string, to: string) => Error = (from, to) =>
    new SignInNeeded(
      `${new URL(serverUrl).host} now signs in at ${to}, not ${from}: sign in again`,
    ),
) {
  // The tokens this provider last gave the SDK: a refusal sets aside only those, never newer ones
  // another process kept meanwhile.
  let given: SignIn['tokens'];
  return {
    clientInformation: async (ctx?: { issuer: string }) => {
      const kept = await store.get(serverUrl);
      const from = keptIssuer(kept);
      if (ctx?.issuer && from && !sameIssuer(from, ctx.issuer)) throw moved(from, ctx.issuer);
      return kept?.client;
    },
    saveClientInformation: (client: NonNullable<SignIn['client']>) =>
      store.update(serverUrl, (current) => ({ ...current, client })),
    tokens: async () => (given = (await store.get(serverUrl))?.tokens),
    /** The access token kept now, read without changing what this provider last gave the SDK. */
    keptAccessToken: async () => (await store.get(serverUrl))?.tokens?.access_token,
    // Kept only beside its client: a refresh that ends after a sign-out brings no sign-in back.
    saveTokens: (tokens: NonNullable<SignIn['tokens']>) =>
      store.update(serverUrl, (current) =>
        current.client
          ? { ...current, tokens, savedAt: Date.now() }
          : Object.keys(current).length > 0
            ? current
            : undefined,
      ),
    invalidateCredentials: async (
      scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
    ) => {
      // A refused refresh may have lost to another process whose new tokens are being written this
      // moment: they are waited for a little, and kept.
      if (scope === 'all' || scope === 'tokens')
        await new Promise((resolve) => setTimeout(resolve, LOST_REFRESH_WAIT_MS));
      await store.update(serverUrl, (current) => {
        const same =
          current.tokens === undefined ||
          given === undefined ||
          current.tokens.refresh_token === given.refresh_token;
        if (scope === 'all') return same ? undefined : current;
        if (scope === 'tokens') return same ? { ...current, tokens: undefined } : current;
        if (scope === 'client') return { ...current, client: undefined };
        return current;
      });
    },
  };
}

/**
 * For connecting with what is kept: the tokens, refreshed by the SDK when they expire. It never
 * sends the user anywhere: where a new sign-in is needed, it says so.
 */
export function keptSignInProvider(
  store: OAuthStore,
  serverUrl: string,
  how: SignInHow = cliSignIn,
): OAuthClientProvider {
  const host = new URL(serverUrl).host;
  const expired = () =>
    new SignInNeeded(
      `the sign-in to ${host} has expired or was refused: sign in again (${how(serverUrl)})`,
    );
  const moved = (from: string, to: string) =>
    new SignInNeeded(
      `${host} now signs in at ${bounded(to, 200)}, not ${bounded(from, 200)} where you signed in: sign in again (${how(serverUrl)})`,
    );
  // A redirect is named (never used) so the SDK refreshes an expired token instead of asking for a
  // new one without a user.
  const redirect = 'http://127.0.0.1/callback';
  return {
    get redirectUrl() {
      return redirect;
    },
    get clientMetadata() {
      return clientMetadata(redirect);
    },
    ...keptParts(store, serverUrl, moved),
    // A client the authorization server dropped is registered again only by a sign-in, never in the
    // middle of a listing.
    saveClientInformation: async (client) => {
      if (!(await store.get(serverUrl))?.client) throw expired();
      await store.update(serverUrl, (current) => ({ ...current, client }));
    },
    // Where the SDK would send the user: a step-up (the scope asked for is more than was granted)
    // or a sign-in that is over.
    redirectToAuthorization: async (url) => {
      const wanted = (url.searchParams.get('scope') ?? '').split(' ').filter(Boolean);
      const kept = await store.get(serverUrl);
      const tokens = kept?.tokens;
      // No tokens left (the SDK set aside the ones refused), or they have expired: a sign-in that
      // is over, not a step-up.
      const live =
        tokens?.expires_in === undefined ||
        (kept?.savedAt ?? 0) + tokens.expires_in * 1000 > Date.now();
      if (!tokens || !live) throw expired();
      // Tokens that name no scope have the ones asked for (RFC 6749 §5.1).
      const had = tokens.scope ?? kept?.scope;
      const granted = new Set((had ?? '').split(' ').filter(Boolean));
      // SEP-2350: a step-up asks for what was granted and asked before too, or the next request
      // that needed those is refused in turn.
      const scope = computeScopeUnion(kept?.scope, had, wanted.join(' ')) ?? '';
      // The scopes come from the server's WWW-Authenticate: a list past 300 characters is no
      // step-up anyone can act on.
      if (scope.length > 300)
        throw new SignInNeeded(
          `${host} asks for more scopes than this sign-in has (a list of ${wanted.length}): sign in again (${how(serverUrl)})`,
        );
      if (wanted.some((one) => !granted.has(one)))
        throw new SignInNeeded(
          `${host} needs a sign-in with the scope "${scope}": sign in again with it (${how === cliSignIn ? `${how(serverUrl)} --scope "${scope}"` : `${how(serverUrl)}, which asks for it`})`,
          undefined,
          scope,
        );
      throw expired();
    },
    saveCodeVerifier: () => {},
    codeVerifier: () => {
      throw expired();
    },
  };
}

/**
 * For a machine client (the client credentials grant): tokens come from its id and secret, by
 * HTTP Basic, whenever they are needed; no user, no browser. The SDK's own
 * ClientCredentialsProvider keeps its tokens in memory; this one keeps them with the sign-in.
 * A step-up needs no one either: after a 403 `insufficient_scope` (`stepUp`, told by the
 * connection's fetch), the next token is asked for with the scopes it named too.
 */
export function machineProvider(
  store: OAuthStore,
  serverUrl: string,
  scope: string | undefined,
  how: SignInHow = cliSignIn,
): OAuthClientProvider & { stepUp(scope: string | undefined): void } {
  let challenged: string | undefined;
  const host = new URL(serverUrl).host;
  // The id and secret were given for one authorization server: never sent to another.
  const moved = (from: string, to: string) =>
    new SignInNeeded(
      `${host} now signs in at ${bounded(to, 200)}, not ${bounded(from, 200)} where the machine client was given: sign in again with a client of the new one (${how(serverUrl)})`,
    );
  return {
    stepUp: (more) => void (challenged = computeScopeUnion(challenged, more)),
    get redirectUrl() {
      return undefined;
    },
    get clientMetadata() {
      return {
        client_name: CLIENT_NAME,
        redirect_uris: [],
        grant_types: ['client_credentials'],
        token_endpoint_auth_method: 'client_secret_basic',
      };
    },
    ...keptParts(store, serverUrl, moved),
    // The id and secret are the user's, given by hand: a refusal forgets the tokens, never them.
    invalidateCredentials: (scope) =>
      scope === 'all' || scope === 'tokens'
        ? store.update(serverUrl, (current) => ({ ...current, tokens: undefined }))
        : undefined,
    redirectToAuthorization: () => {
      throw new SignInNeeded(`${host} asks a person to sign in, which a machine client cannot`);
    },
    saveCodeVerifier: () => {},
    codeVerifier: () => '',
    // The scopes the user asked for win over those the server advertises; a step-up adds those
    // the server said it needs (SEP-2350: the others are kept).
    prepareTokenRequest: (asked?: string) => {
      const wanted = computeScopeUnion(scope ?? asked, challenged);
      return new URLSearchParams({
        grant_type: 'client_credentials',
        ...(wanted && { scope: wanted }),
      });
    },
  };
}

/** How long a refresh ahead of a connection may take before the connection goes on without it. */
const REFRESH_WAIT_MS = 10_000;

/** Refresh a token that would expire within this long before connecting with it. */
export const REFRESH_AHEAD_MS = 60_000;

/** True when the kept tokens expire within {@link REFRESH_AHEAD_MS} (and can be refreshed). */
export function expiresSoon(kept: SignIn | undefined, now = Date.now()): boolean {
  const tokens = kept?.tokens;
  if (!tokens?.refresh_token || tokens.expires_in === undefined || kept?.savedAt === undefined)
    return false;
  return kept.savedAt + tokens.expires_in * 1000 - now < REFRESH_AHEAD_MS;
}

/**
 * What a connection to `url` is given of the sign-ins kept: a machine client's provider, a
 * person's kept tokens (refreshed first when they are about to expire), or nothing.
 */
export function keptProviderFor(
  store: OAuthStore,
  how: SignInHow = cliSignIn,
): (url: string) => Promise<OAuthClientProvider | undefined> {
  return async (url) => {
    // A sign-ins file that cannot be read keeps no server from connecting: one that needs a sign-in
    // then says so.
    const kept = await store.get(url).catch(() => undefined);
    if (kept?.grant === 'client_credentials') return machineProvider(store, url, kept.scope, how);
    if (!kept?.tokens) return undefined;
    const provider = keptSignInProvider(store, url, how);
    // Refreshed before the first request, not after a refusal; a failure is told by the
    // connection's 401.
    // Bounded: an authorization server that does not answer must not hold the connection up; the
    // 401 path then says so.
    if (expiresSoon(kept))
      await Promise.race([
        auth(provider, { serverUrl: url, fetchFn: refreshOnce }).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, REFRESH_WAIT_MS).unref?.()),
      ]);
    return provider;
  };
}
