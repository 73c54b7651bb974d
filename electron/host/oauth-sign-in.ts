/**
 * Signing in to a remote MCP server with OAuth, through the v2 SDK's client auth (`auth()`:
 * discovery of the protected resource and its authorization server, dynamic registration,
 * authorization code with PKCE S256 and the `resource` parameter, the code's exchange and
 * refresh). What this file adds: the loopback redirect (RFC 8252, 127.0.0.1 and a random port)
 * with its `state` checked, the kept sign-ins, and what each failure says in words.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { auth, discoverOAuthServerInfo, type OAuthClientMetadata, type OAuthClientProvider, type OAuthDiscoveryState } from '@modelcontextprotocol/client';
import type { OAuthStore, SignIn } from './oauth-store';

/** A server that wants a sign-in the user has not given (or that has expired). */
export class SignInNeeded extends Error {}

const CLIENT_NAME = 'MCP Context Inspector';
const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

function metadata(redirect: string | undefined): OAuthClientMetadata {
  return { client_name: CLIENT_NAME, redirect_uris: redirect ? [redirect] : [], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
}

/** The parts of a provider that read and write what is kept for `serverUrl`. */
function keptParts(store: OAuthStore, serverUrl: string) {
  // The tokens this provider last gave the SDK: a refusal sets aside only those, never newer ones another process kept meanwhile.
  let given: SignIn['tokens'];
  return {
    clientInformation: async () => (await store.get(serverUrl))?.client,
    saveClientInformation: (client: NonNullable<SignIn['client']>) => store.update(serverUrl, (current) => ({ ...current, client })),
    tokens: async () => (given = (await store.get(serverUrl))?.tokens),
    saveTokens: (tokens: NonNullable<SignIn['tokens']>) => store.update(serverUrl, (current) => ({ ...current, tokens, savedAt: Date.now() })),
    invalidateCredentials: (scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') =>
      store.update(serverUrl, (current) => {
        const same = current.tokens === undefined || given === undefined || current.tokens.refresh_token === given.refresh_token;
        if (scope === 'all') return same ? undefined : current;
        if (scope === 'tokens') return same ? { ...current, tokens: undefined } : current;
        if (scope === 'client') return { ...current, client: undefined };
        return current;
      }),
  };
}

/**
 * For connecting with what is kept: the tokens, refreshed by the SDK when they expire. It never
 * sends the user anywhere: where a new sign-in is needed, it says so.
 */
export function keptSignInProvider(store: OAuthStore, serverUrl: string, signInCommand: string): OAuthClientProvider {
  const host = new URL(serverUrl).host;
  const expired = () => new SignInNeeded(`the sign-in to ${host} has expired or was refused: sign in again (${signInCommand})`);
  // A redirect is named (never used) so the SDK refreshes an expired token instead of asking for a new one without a user.
  const redirect = 'http://127.0.0.1/callback';
  return {
    get redirectUrl() {
      return redirect;
    },
    get clientMetadata() {
      return metadata(redirect);
    },
    ...keptParts(store, serverUrl),
    // A client the authorization server dropped is registered again only by a sign-in, never in the middle of a listing.
    saveClientInformation: async (client) => {
      if (!(await store.get(serverUrl))?.client) throw expired();
      await store.update(serverUrl, (current) => ({ ...current, client }));
    },
    // Where the SDK would send the user: a step-up (the scope asked for is more than was granted) or a sign-in that is over.
    redirectToAuthorization: async (url) => {
      const wanted = (url.searchParams.get('scope') ?? '').split(' ').filter(Boolean);
      const kept = await store.get(serverUrl);
      const tokens = kept?.tokens;
      // No tokens left (the SDK set aside the ones refused), or they have expired: a sign-in that is over, not a step-up.
      const live = tokens?.expires_in === undefined || (kept?.savedAt ?? 0) + tokens.expires_in * 1000 > Date.now();
      if (!tokens || !live) throw expired();
      const granted = new Set((tokens.scope ?? '').split(' ').filter(Boolean));
      const scope = wanted.join(' ');
      if (wanted.some((one) => !granted.has(one))) throw new SignInNeeded(`${host} needs a sign-in with the scope "${scope}": sign in again with it (${signInCommand} --scope "${scope}")`);
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
 * HTTP Basic, whenever they are needed; no user, no browser. The SDK's own ClientCredentialsProvider
 * keeps its tokens in memory; this one keeps them with the sign-in.
 */
export function machineProvider(store: OAuthStore, serverUrl: string, scope: string | undefined): OAuthClientProvider {
  return {
    get redirectUrl() {
      return undefined;
    },
    get clientMetadata() {
      return { client_name: CLIENT_NAME, redirect_uris: [], grant_types: ['client_credentials'], token_endpoint_auth_method: 'client_secret_basic' };
    },
    ...keptParts(store, serverUrl),
    // The id and secret are the user's, given by hand: a refusal forgets the tokens, never them.
    invalidateCredentials: (scope) => (scope === 'all' || scope === 'tokens' ? store.update(serverUrl, (current) => ({ ...current, tokens: undefined })) : undefined),
    redirectToAuthorization: () => {
      throw new SignInNeeded(`${new URL(serverUrl).host} asks a person to sign in, which a machine client cannot`);
    },
    saveCodeVerifier: () => {},
    codeVerifier: () => '',
    // The scopes the user asked for win over those the server advertises.
    prepareTokenRequest: (asked?: string) => new URLSearchParams({ grant_type: 'client_credentials', ...((scope ?? asked) && { scope: (scope ?? asked) as string }) }),
  };
}

/** Signs a machine client in: its id and secret kept (0600), a first token asked for now, so a wrong secret is said at once. */
export async function signInMachine(serverUrl: string, store: OAuthStore, client: { id: string; secret: string }, scope?: string): Promise<SignIn> {
  // Tried in memory first: a wrong secret or a refusal leaves what was kept as it was.
  const trial: SignIn = { client: { client_id: client.id, client_secret: client.secret }, grant: 'client_credentials', ...(scope && { scope }) };
  const memory: OAuthStore = {
    file: store.file,
    get: async () => trial,
    update: async (_url, change) => void Object.assign(trial, change(trial) ?? {}),
  };
  try {
    await auth(machineProvider(memory, serverUrl, scope), { serverUrl, ...(scope && { scope }) });
  } catch (error) {
    throw saidForUser(error);
  }
  await store.update(serverUrl, () => trial);
  return trial;
}

/**
 * What a connection to `url` is given of the sign-ins kept: a machine client's provider, a
 * person's kept tokens (refreshed first when they are about to expire), or nothing.
 */
export function keptProviderFor(store: OAuthStore): (url: string) => Promise<OAuthClientProvider | undefined> {
  return async (url) => {
    // A sign-ins file that cannot be read keeps no server from connecting: one that needs a sign-in then says so.
    const kept = await store.get(url).catch(() => undefined);
    if (kept?.grant === 'client_credentials') return machineProvider(store, url, kept.scope);
    if (!kept?.tokens) return undefined;
    const provider = keptSignInProvider(store, url, `mcp-context login ${url}`);
    // Refreshed before the first request, not after a refusal; a failure is told by the connection's 401.
    if (expiresSoon(kept)) await auth(provider, { serverUrl: url }).catch(() => undefined);
    return provider;
  };
}

export interface SignInIo {
  /** Shows the authorization URL (the CLI prints it; a page opens a tab). */
  show(url: URL): void;
  /** Opens it in a browser, where there is one. */
  open?(url: URL): void;
  timeoutMs?: number;
  /** A client registered by hand at the authorization server (where it offers no registration), instead of registering one. */
  client?: { id: string; secret?: string };
  /** The scopes to ask for (step-up: the ones a 403 said were missing); default: what the server advertises. */
  scope?: string;
}

/** Refresh a token that would expire within this long before connecting with it. */
export const REFRESH_AHEAD_MS = 60_000;

/** True when the kept tokens expire within {@link REFRESH_AHEAD_MS} (and can be refreshed). */
export function expiresSoon(kept: SignIn | undefined, now = Date.now()): boolean {
  const tokens = kept?.tokens;
  if (!tokens?.refresh_token || tokens.expires_in === undefined || kept?.savedAt === undefined) return false;
  return kept.savedAt + tokens.expires_in * 1000 - now < REFRESH_AHEAD_MS;
}

/**
 * An authorization server over plain http is refused, but on loopback (RFC 8252's 127.0.0.1,
 * ::1, localhost): a token there would cross the network in the clear.
 */
export function insecureAuthorizationServer(url: string, what = 'the authorization server'): string | undefined {
  const parsed = new URL(url);
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(parsed.hostname)) return undefined;
  return `${what} ${parsed.host} is not on https: a sign-in there would send the token in the clear; refused`;
}

/** The SDK's words for what went wrong while signing in, said for a user. */
function saidForUser(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/does not support dynamic client registration/i.test(message)) return new Error('the authorization server has no registration endpoint and no client id was given: register a client there, then give --client-id ID (and --client-secret)', { cause: error });
  const code = (error as { code?: unknown } | undefined)?.code;
  if (/invalid_client|unknown client|wrong secret/i.test(message) || code === 'invalid_client') return new Error(`the authorization server refused this client id and secret (${message})`, { cause: error });
  if (/registration/i.test(message) && /reject|refus|invalid_client_metadata|invalid_redirect_uri/i.test(`${message} ${String(code)}`)) return new Error(`the authorization server refused to register this app (${message})`, { cause: error });
  if (/invalid_grant/i.test(message) || code === 'invalid_grant') return new Error(`the authorization server refused the code (expired, used, or not for this redirect): start again (${message})`, { cause: error });
  return error instanceof Error ? error : new Error(message);
}

/**
 * The loopback listener the authorization server sends the browser back to. Only a request
 * with this sign-in's `state` ends the wait: anything else local (another process, a page's
 * fetch) is answered 400 and changes nothing.
 */
async function listenForCallback(state: string): Promise<{ server: Server; redirect: string; callback: Promise<URL> }> {
  let arrived!: (url: URL) => void;
  const callback = new Promise<URL>((resolve) => (arrived = resolve));
  let done = false;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const headers = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
    if (url.pathname !== '/callback' || request.method !== 'GET') return void response.writeHead(404, headers).end();
    if (done || url.searchParams.get('state') !== state) return void response.writeHead(400, headers).end('This is not the sign-in MCP Context Inspector is waiting for.');
    done = true;
    const failed = url.searchParams.has('error');
    response.writeHead(failed ? 400 : 200, headers).end(failed ? 'The sign-in did not complete; MCP Context Inspector says why.' : 'Received. Go back to MCP Context Inspector, which finishes the sign-in.');
    arrived(url);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  return { server, redirect: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, callback };
}

/** What a sign-in must not go through: an authorization server, or a step of it, in the clear; one without PKCE S256. */
function refusedServer(serverUrl: string, found: { authorizationServerUrl: string; authorizationServerMetadata?: Record<string, unknown> }): string | undefined {
  const mcp = insecureAuthorizationServer(serverUrl, 'the MCP server');
  if (mcp) return mcp;
  const metadata = found.authorizationServerMetadata ?? {};
  for (const url of [found.authorizationServerUrl, metadata.authorization_endpoint, metadata.token_endpoint, metadata.registration_endpoint]) {
    const insecure = typeof url === 'string' ? insecureAuthorizationServer(url) : undefined;
    if (insecure) return insecure;
  }
  const methods = metadata.code_challenge_methods_supported;
  if (!Array.isArray(methods) || !methods.includes('S256')) return `the authorization server does not say it supports PKCE with S256 (code_challenge_methods_supported), which MCP requires; refused`;
  return undefined;
}

/**
 * Signs in to `serverUrl`: registers (or reuses the client registered for this redirect),
 * shows the authorization URL, waits for the browser to come back to the loopback redirect,
 * checks its `state`, and exchanges the code. Rejects with the reason in words.
 */
export async function signIn(serverUrl: string, store: OAuthStore, io: SignInIo): Promise<SignIn> {
  const state = randomBytes(16).toString('base64url');
  const { server, redirect, callback } = await listenForCallback(state);
  let verifier: string | undefined;
  let shown: URL | undefined;
  // What discovery found, kept for the callback: the code is redeemed only with the authorization server that issued it (mix-up defense).
  let discovery: OAuthDiscoveryState | undefined;
  const kept = keptParts(store, serverUrl);
  const given = io.client;
  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return redirect;
    },
    get clientMetadata() {
      return { ...metadata(redirect), ...(given?.secret !== undefined && { token_endpoint_auth_method: 'client_secret_post' }), ...(io.scope && { scope: io.scope }) };
    },
    state: () => state,
    ...kept,
    // This sign-in starts over: the tokens kept (if any) stay until new ones replace them, so a failed sign-in loses nothing.
    tokens: () => undefined,
    // A client given by hand is used as it is; one registered for another port's redirect is not this one's: register again.
    clientInformation: async () => {
      if (given) return { client_id: given.id, ...(given.secret !== undefined && { client_secret: given.secret }) };
      const client = await kept.clientInformation();
      const uris = (client as { redirect_uris?: unknown } | undefined)?.redirect_uris;
      return Array.isArray(uris) && !uris.includes(redirect) ? undefined : client;
    },
    redirectToAuthorization: (url) => {
      shown = url;
      io.show(url);
      io.open?.(url);
    },
    saveCodeVerifier: (value) => void (verifier = value),
    saveDiscoveryState: (state) => void (discovery = state),
    discoveryState: () => discovery,
    codeVerifier: () => {
      if (verifier === undefined) throw new Error('no PKCE verifier was made for this sign-in');
      return verifier;
    },
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await discoverOAuthServerInfo(serverUrl).catch((error: unknown) => {
      throw new Error(`could not find how ${new URL(serverUrl).host} signs in: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });
    const refused = refusedServer(serverUrl, found as never);
    if (refused) throw new Error(refused);
    const started = await auth(provider, { serverUrl, ...(io.scope && { scope: io.scope }) }).catch((error: unknown) => {
      throw saidForUser(error);
    });
    if (started === 'AUTHORIZED') return (await store.get(serverUrl)) ?? {};
    if (!shown) throw new Error('the authorization server gave no address to sign in at');
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no sign-in within ${Math.round((io.timeoutMs ?? SIGN_IN_TIMEOUT_MS) / 1000)} s: start again`)), io.timeoutMs ?? SIGN_IN_TIMEOUT_MS)));
    const back = await Promise.race([callback, timeout]);
    const error = back.searchParams.get('error');
    if (error) throw new Error(`the authorization server refused: ${error}${back.searchParams.get('error_description') ? ` (${back.searchParams.get('error_description')})` : ''}`);
    const code = back.searchParams.get('code');
    if (!code) throw new Error('the sign-in came back without a code');
    const iss = back.searchParams.get('iss');
    await auth(provider, { serverUrl, authorizationCode: code, ...(iss && { iss }), ...(io.scope && { scope: io.scope }) }).catch((error: unknown) => {
      throw saidForUser(error);
    });
    // A client given by hand is kept with the tokens, for their refresh.
    if (given) await store.update(serverUrl, (current) => ({ ...current, client: { client_id: given.id, ...(given.secret !== undefined && { client_secret: given.secret }) } }));
    return (await store.get(serverUrl)) ?? {};
  } finally {
    clearTimeout(timer);
    server.close();
    server.closeAllConnections();
  }
}

/**
 * Forgets the sign-in kept for `serverUrl`, after asking the authorization server to revoke its
 * tokens (RFC 7009) where it offers that. Says what happened: forgotten, and revoked or why not.
 */
export async function signOut(serverUrl: string, store: OAuthStore): Promise<{ had: boolean; revoked: string }> {
  const kept = await store.get(serverUrl);
  if (!kept) return { had: false, revoked: 'nothing to revoke' };
  let revoked = 'not revoked: no token was kept';
  const tokens = [kept.tokens?.refresh_token, kept.tokens?.access_token].filter((token): token is string => Boolean(token));
  if (tokens.length > 0) {
    try {
      const info = await discoverOAuthServerInfo(serverUrl);
      const metadata = (info.authorizationServerMetadata ?? {}) as { revocation_endpoint?: unknown; issuer?: unknown };
      const endpoint = typeof metadata.revocation_endpoint === 'string' ? metadata.revocation_endpoint : undefined;
      const issuedBy = (kept.tokens as { issuer?: unknown } | undefined)?.issuer;
      if (!endpoint) revoked = 'not revoked: the authorization server offers no revocation';
      else if (insecureAuthorizationServer(endpoint)) revoked = 'not revoked: the revocation endpoint is not on https';
      else if (typeof issuedBy === 'string' && typeof metadata.issuer === 'string' && issuedBy !== metadata.issuer) revoked = 'not revoked: the server now names another authorization server than the one that issued them';
      else {
        // Each token on its own (RFC 7009), the client authenticated as it was registered.
        const failures: string[] = [];
        const client = kept.client as { client_id?: string; client_secret?: string } | undefined;
        for (const token of tokens) {
          const body = new URLSearchParams({ token, ...(client?.client_id && !client.client_secret && { client_id: client.client_id }) });
          const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
          if (client?.client_id && client.client_secret) headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`;
          const response = await fetch(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) }).catch((error: unknown) => error as Error);
          if (response instanceof Error || !response.ok) failures.push(response instanceof Error ? response.message : `HTTP ${response.status}`);
        }
        revoked = failures.length === 0 ? 'revoked' : `not all revoked (${failures.join('; ')})`;
      }
    } catch (error) {
      revoked = `not revoked (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  // Forgotten either way: the user asked to sign out.
  await store.update(serverUrl, () => undefined);
  return { had: true, revoked };
}
