/**
 * Signing in to a remote MCP server with OAuth, through the v2 SDK's client auth (`auth()`:
 * discovery of the protected resource and its authorization server, client metadata documents
 * and dynamic registration, authorization code with PKCE S256 and the `resource` parameter, the
 * code's exchange, refresh, and the callback bound to the authorization server that issued it).
 * What this file adds: the way back (sign-in-return.ts) with its `state` checked, the kept
 * sign-ins, each step told as it happens (the Auth panel's), and each failure in words.
 */
import { randomBytes } from 'node:crypto';
import { auth, discoverOAuthServerInfo, type OAuthClientInformationMixed, type OAuthClientProvider, type OAuthDiscoveryState, type OAuthTokens } from '@modelcontextprotocol/client';
import type { AuthStepKind } from '../../shared/mcp-types';
import { clientMetadata, machineProvider } from './oauth-kept';
import { keptParts } from './oauth-kept';
import type { OAuthStore, SignIn } from './oauth-store';
import { refusedServer, saidForUser } from './oauth-words';
import { loopbackReturn, type SignInReturn } from './sign-in-return';

const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

/** Told each step of a sign-in as it starts, ends or fails. */
export type StepReport = (kind: AuthStepKind, state: 'running' | 'done' | 'failed', detail: string) => void;

export interface SignInIo {
  /** Shows the authorization URL (the CLI prints it; the apps' Auth panel shows it). */
  show(url: URL): void;
  /** Opens it in a browser, where there is one (the CLI's; the desktop's system browser). */
  open?(url: URL): void;
  timeoutMs?: number;
  /** A client registered by hand at the authorization server (where it offers no registration), instead of registering one. */
  client?: { id: string; secret?: string };
  /** The https URL of our client metadata document, used as the client id where the authorization server takes one. */
  clientMetadataUrl?: string;
  /** The scopes to ask for (step-up: the ones a 403 said were missing); default: what the server advertises. */
  scope?: string;
  /** Where the browser comes back (default: a loopback listener of this sign-in's own). */
  via?: SignInReturn;
  /** The tab a page opened for this sign-in (browser mode). */
  attempt?: string;
  /** Ends the sign-in, as cancelled. */
  signal?: AbortSignal;
  onStep?: StepReport;
  /** How this face says to give a client id (the CLI: its flags). */
  giveClient?: string;
}

/** A step's words for tokens granted. */
export function describeTokens(tokens: OAuthTokens | undefined): string {
  if (!tokens) return 'no token';
  const scopes = tokens.scope ? `scopes granted: ${tokens.scope}` : 'no scope named';
  const lasts = tokens.expires_in !== undefined ? `; the access token lasts ${tokens.expires_in >= 120 ? `${Math.round(tokens.expires_in / 60)} min` : `${tokens.expires_in} s`}` : '; the access token names no expiry';
  return `${scopes}${lasts}${tokens.refresh_token ? ', and is refreshed by itself' : ', with no refresh token: sign in again when it ends'}`;
}

/** Finds how the server signs in, told as two steps; rejects with what is refused. */
async function discover(serverUrl: string, step: StepReport): Promise<OAuthDiscoveryState> {
  step('resource-metadata', 'running', `asking ${new URL(serverUrl).host} for its protected resource metadata (RFC 9728)`);
  const found = await discoverOAuthServerInfo(serverUrl).catch((error: unknown) => {
    const words = `could not find how ${new URL(serverUrl).host} signs in: ${error instanceof Error ? error.message : String(error)}`;
    step('resource-metadata', 'failed', words);
    throw new Error(words, { cause: error });
  });
  const resource = found.resourceMetadata;
  const scopes = resource?.scopes_supported?.length ? `; scopes it offers: ${resource.scopes_supported.join(' ')}` : '';
  step('resource-metadata', 'done', resource ? `the authorization server is ${found.authorizationServerUrl}${scopes}` : `none published (the spec asks for it): ${found.authorizationServerUrl} is taken as the authorization server`);
  const metadata = found.authorizationServerMetadata as Record<string, unknown> | undefined;
  const refused = refusedServer(serverUrl, { authorizationServerUrl: found.authorizationServerUrl, authorizationServerMetadata: metadata });
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
  step('server-metadata', 'done', `${String(metadata?.issuer ?? found.authorizationServerUrl)}: ${offers.join(', ')}`);
  return found;
}

/** Why a sign-in stops, with the step it stopped in marked failed. */
function failure(error: unknown, current: () => AuthStepKind | undefined, step: StepReport, giveClient?: string): Error {
  const said = saidForUser(error, giveClient);
  const kind = current();
  if (kind) step(kind, 'failed', said.message);
  return said;
}

const clientWords = (client: OAuthClientInformationMixed, how: 'given' | 'kept' | 'saved', metadataUrl?: string) =>
  how === 'given' ? `the client id you gave: ${client.client_id}` : client.client_id === metadataUrl ? `our client metadata document, ${client.client_id}, is the client id` : how === 'kept' ? `registered earlier for this redirect: ${client.client_id}` : `registered (RFC 7591): client id ${client.client_id}`;

/**
 * Signs in to `serverUrl`: finds its authorization server, gets a client id (given, a metadata
 * document, kept, or registered), shows the authorization URL, waits for the browser to come
 * back with this sign-in's `state`, and exchanges the code. Rejects with the reason in words.
 */
export async function signIn(serverUrl: string, store: OAuthStore, io: SignInIo): Promise<SignIn> {
  const step: StepReport = io.onStep ?? (() => {});
  let current: AuthStepKind | undefined;
  const at: StepReport = (kind, state, detail) => {
    current = state === 'running' ? kind : current === kind ? undefined : current;
    step(kind, state, detail);
  };
  const state = randomBytes(16).toString('base64url');
  const back = await (io.via ?? loopbackReturn).open(state, io.attempt);
  const redirect = back.redirect;
  let verifier: string | undefined;
  let shown: URL | undefined;
  // What discovery found, kept for the callback: the code is redeemed only with the authorization server that issued it (mix-up defense).
  let discovery: OAuthDiscoveryState | undefined;
  const kept = keptParts(store, serverUrl);
  const given = io.client;
  const clientDone = (client: OAuthClientInformationMixed, how: 'given' | 'kept' | 'saved') => current === 'client' && at('client', 'done', clientWords(client, how, io.clientMetadataUrl));
  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return redirect;
    },
    get clientMetadata() {
      return { ...clientMetadata(redirect), ...(given?.secret !== undefined && { token_endpoint_auth_method: 'client_secret_post' }), ...(io.scope && { scope: io.scope }) };
    },
    ...(io.clientMetadataUrl && !given && { clientMetadataUrl: io.clientMetadataUrl }),
    state: () => state,
    ...kept,
    saveClientInformation: async (client) => {
      await kept.saveClientInformation(client);
      clientDone(client, 'saved');
    },
    // This sign-in starts over: the tokens kept (if any) stay until new ones replace them, so a failed sign-in loses nothing.
    tokens: () => undefined,
    saveTokens: async (tokens) => {
      await kept.saveTokens(tokens);
      at('token', 'done', describeTokens(tokens));
    },
    // A client given by hand is used as it is; one registered for another port's redirect is not this one's: register again.
    clientInformation: async () => {
      if (given) {
        const client = { client_id: given.id, ...(given.secret !== undefined && { client_secret: given.secret }) };
        clientDone(client, 'given');
        return client;
      }
      const client = await kept.clientInformation();
      const uris = (client as { redirect_uris?: unknown } | undefined)?.redirect_uris;
      const fits = client && (client.client_id === io.clientMetadataUrl || !Array.isArray(uris) || uris.includes(redirect));
      if (fits && client) clientDone(client, 'kept');
      return fits ? client : undefined;
    },
    redirectToAuthorization: (url) => {
      shown = url;
      const scope = url.searchParams.get('scope');
      at('authorize', 'running', `asking for ${scope ? `the scopes ${scope}` : 'no particular scope'}: waiting for you to sign in in the browser`);
      back.authorize(url);
      io.show(url);
      io.open?.(url);
    },
    saveCodeVerifier: (value) => void (verifier = value),
    saveDiscoveryState: (found) => void (discovery = found),
    discoveryState: () => discovery,
    codeVerifier: () => {
      if (verifier === undefined) throw new Error('no PKCE verifier was made for this sign-in');
      return verifier;
    },
  };
  let timer: NodeJS.Timeout | undefined;
  const limitMs = io.timeoutMs ?? SIGN_IN_TIMEOUT_MS;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no sign-in within ${Math.round(limitMs / 1000)} s: start again`)), limitMs);
    io.signal?.addEventListener('abort', () => reject(new Error('the sign-in was cancelled')), { once: true });
  });
  stopped.catch(() => {});
  const until = <T>(work: Promise<T>) => Promise.race([work, stopped]);
  try {
    discovery = await until(discover(serverUrl, at));
    at('client', 'running', given ? 'the client id you gave' : io.clientMetadataUrl ? 'our client metadata document, or a registration' : 'registering this app (RFC 7591), or the client registered before');
    const started = await until(auth(provider, { serverUrl, ...(io.scope && { scope: io.scope }) }));
    if (started === 'AUTHORIZED') return (await store.get(serverUrl)) ?? {};
    if (!shown) throw new Error('the authorization server gave no address to sign in at');
    const returned = await until(back.returned);
    const error = returned.searchParams.get('error');
    if (error) throw new Error(`the authorization server refused: ${error}${returned.searchParams.get('error_description') ? ` (${returned.searchParams.get('error_description')})` : ''}`);
    const code = returned.searchParams.get('code');
    if (!code) throw new Error('the sign-in came back without a code');
    at('authorize', 'done', 'the browser came back with a code, for this sign-in');
    at('token', 'running', 'exchanging the code for tokens, with the PKCE verifier');
    const iss = returned.searchParams.get('iss');
    await until(auth(provider, { serverUrl, authorizationCode: code, ...(iss && { iss }), ...(io.scope && { scope: io.scope }) }));
    // A client given by hand is kept with the tokens, for their refresh.
    if (given) await store.update(serverUrl, (current) => ({ ...current, client: { client_id: given.id, ...(given.secret !== undefined && { client_secret: given.secret }) } }));
    back.finish({ ok: true, words: `Signed in to ${new URL(serverUrl).host}. MCP Context Inspector connects with it now.` });
    return (await store.get(serverUrl)) ?? {};
  } catch (error) {
    const said = failure(error, () => current, at, io.giveClient);
    back.finish({ ok: false, words: `The sign-in to ${new URL(serverUrl).host} did not complete: ${said.message}` });
    throw said;
  } finally {
    clearTimeout(timer);
    back.close();
  }
}

/** Signs a machine client in: its id and secret kept (0600), a first token asked for now, so a wrong secret is said at once. */
export async function signInMachine(serverUrl: string, store: OAuthStore, client: { id: string; secret: string }, scope?: string, onStep?: StepReport): Promise<SignIn> {
  const step: StepReport = onStep ?? (() => {});
  let current: AuthStepKind | undefined;
  const at: StepReport = (kind, state, detail) => {
    current = state === 'running' ? kind : undefined;
    step(kind, state, detail);
  };
  // Tried in memory first: a wrong secret or a refusal leaves what was kept as it was.
  const trial: SignIn = { client: { client_id: client.id, client_secret: client.secret }, grant: 'client_credentials', ...(scope && { scope }) };
  const memory: OAuthStore = {
    file: store.file,
    get: async () => trial,
    update: async (_url, change) => void Object.assign(trial, change(trial) ?? {}),
  };
  try {
    const found = await discover(serverUrl, at);
    at('client', 'done', `the machine client you gave: ${client.id} (the client credentials grant)`);
    at('token', 'running', `asking for a token with the client's secret${scope ? `, for the scopes ${scope}` : ''}`);
    const provider = { ...machineProvider(memory, serverUrl, scope), discoveryState: () => found, saveDiscoveryState: () => {} };
    await auth(provider, { serverUrl, ...(scope && { scope }) });
    at('token', 'done', describeTokens(trial.tokens));
  } catch (error) {
    throw failure(error, () => current, at);
  }
  await store.update(serverUrl, () => trial);
  return trial;
}
