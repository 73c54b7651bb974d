/**
 * Signing in to a remote MCP server with OAuth, through the v2 SDK's client auth (`auth()`:
 * discovery of the protected resource and its authorization server, client metadata documents
 * and dynamic registration, authorization code with PKCE S256 and the `resource` parameter, the
 * code's exchange, refresh, and the callback bound to the authorization server that issued it).
 * What this file adds: the way back (sign-in-return.ts) with its `state` checked, the kept
 * sign-ins, each step told as it happens (the Auth panel's, oauth-discovery.ts), and each failure
 * in words. A machine client's sign-in is oauth-sign-in-machine.ts.
 */
import { randomBytes } from 'node:crypto';
import {
  auth,
  type OAuthClientInformationMixed,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import type { AuthStepKind } from '../../../shared/mcp-types';
import { describeTokens, discover, failure, type StepReport } from './oauth-discovery';
import { issuerOf, keptIssuer, notOffered } from './oauth-issuer';
import { clientMetadata } from './oauth-kept';
import { clientKindOf, type OAuthStore, type SignIn } from './oauth-store';
import { bounded } from './oauth-words';
import { stoppable } from './refresh-once';
import { loopbackReturn, type SignInReturn } from './sign-in-return';

const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface SignInIo {
  /** Shows the authorization URL (the CLI prints it; the apps' Auth panel shows it). */
  show(url: URL): void;
  /** Opens it in a browser, where there is one (the CLI's; the desktop's system browser). */
  open?(url: URL): void;
  timeoutMs?: number;
  /**
   * A client registered by hand at the authorization server (where it offers no registration),
   * instead of registering one.
   */
  client?: { id: string; secret?: string };
  /**
   * The https URL of our client metadata document, used as the client id where the authorization
   * server takes one.
   */
  clientMetadataUrl?: string;
  /**
   * The scopes to ask for (step-up: the ones a 403 said were missing); default: what the server
   * advertises.
   */
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

type ClientKind = NonNullable<SignIn['clientKind']>;
const clientWords = (client: OAuthClientInformationMixed, kind: ClientKind, earlier: boolean) =>
  kind === 'metadata-document'
    ? `our client metadata document, ${client.client_id}, is the client id`
    : kind === 'given'
      ? `the client id you gave${earlier ? ' before' : ''}: ${client.client_id}`
      : earlier
        ? `registered earlier for this redirect: ${client.client_id}`
        : `registered (RFC 7591): client id ${client.client_id}`;

/**
 * Registered clients a sign-in in this process used and that never came back from the browser.
 * An authorization server that dropped a client answers its authorization page with an error
 * the app never sees (RFC 6749 §4.1.2.1: no redirect), so the next sign-in registers anew
 * instead of sending the user to the same error. What is kept is left as it is.
 */
const unproven = new Set<string>();

/**
 * The client kept from an earlier sign-in that this one may use: the kind the user asks for now,
 * registered for this redirect.
 */
function reusable(
  kept: SignIn | undefined,
  redirect: string,
  metadataUrl: string | undefined,
): { client: OAuthClientInformationMixed; kind: ClientKind } | undefined {
  const kind = kept && kept.grant !== 'client_credentials' ? clientKindOf(kept) : undefined;
  const client = kept?.client;
  if (!client || !kind) return undefined;
  if (metadataUrl !== undefined)
    return client.client_id === metadataUrl ? { client, kind: 'metadata-document' } : undefined;
  if (kind === 'metadata-document') return undefined;
  const uris = (client as { redirect_uris?: unknown }).redirect_uris;
  if (
    kind === 'registered' &&
    (unproven.has(client.client_id) || (Array.isArray(uris) && !uris.includes(redirect)))
  )
    return undefined;
  return { client, kind };
}

/**
 * Signs in to `serverUrl`: finds its authorization server (from the 401's `resource_metadata`
 * where it names one), gets a client id (given, a metadata document, kept, or registered), shows
 * the authorization URL, waits for the browser to come back with this sign-in's `state`, and
 * exchanges the code. What it makes stays in memory until then: a sign-in that fails, times out
 * or is cancelled changes nothing kept. Rejects with the reason in words.
 */
export async function signIn(serverUrl: string, store: OAuthStore, io: SignInIo): Promise<SignIn> {
  const step: StepReport = io.onStep ?? (() => {});
  let current: AuthStepKind | undefined;
  const stop = new AbortController();
  const halt = () => {
    if (stop.signal.aborted) throw stop.signal.reason;
  };
  // Once stopped, nothing more is told: a late answer from the authorization server changes
  // nothing.
  const at: StepReport = (kind, state, detail) => {
    if (stop.signal.aborted) return;
    current = state === 'running' ? kind : current === kind ? undefined : current;
    step(kind, state, detail);
  };
  const before = await store.get(serverUrl);
  const state = randomBytes(16).toString('base64url');
  const back = await (io.via ?? loopbackReturn).open(state, io.attempt);
  const redirect = back.redirect;
  const fetchFn = stoppable(stop.signal);
  let verifier: string | undefined;
  let shown: URL | undefined;
  // What discovery found, kept for the callback: the code is redeemed only with the authorization
  // server that issued it (mix-up defense).
  let discovery: OAuthDiscoveryState | undefined;
  // The scopes to ask for: the user's, else those the server's 401 names (found by discovery), else
  // what the SDK takes from the resource metadata.
  let scope = io.scope;
  const given = io.client;
  let earlier = given ? undefined : reusable(before, redirect, io.clientMetadataUrl);
  // The authorization server discovery finds, and why the client kept is not offered to it, if so.
  let issuer: string | undefined;
  let notKept: string | undefined;
  let client: OAuthClientInformationMixed | undefined = given
    ? { client_id: given.id, ...(given.secret !== undefined && { client_secret: given.secret }) }
    : earlier?.client;
  let kind: ClientKind = given ? 'given' : (earlier?.kind ?? 'registered');
  let tokens: OAuthTokens | undefined;
  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return redirect;
    },
    get clientMetadata() {
      return {
        ...clientMetadata(redirect),
        ...(given?.secret !== undefined && { token_endpoint_auth_method: 'client_secret_post' }),
        ...(scope && { scope }),
      };
    },
    ...(io.clientMetadataUrl && !given && { clientMetadataUrl: io.clientMetadataUrl }),
    state: () => state,
    clientInformation: () => {
      halt();
      if (client && current === 'client')
        at('client', 'done', clientWords(client, kind, !given && earlier !== undefined));
      return client;
    },
    saveClientInformation: (saved) => {
      halt();
      const fresh = client?.client_id !== saved.client_id;
      client = saved;
      if (fresh)
        kind = saved.client_id === io.clientMetadataUrl ? 'metadata-document' : 'registered';
      if (current === 'client')
        at('client', 'done', `${notKept ? `${notKept}; ` : ''}${clientWords(saved, kind, false)}`);
    },
    // This sign-in starts over: the tokens kept stay until the new ones replace them.
    tokens: () => undefined,
    saveTokens: (saved) => {
      halt();
      tokens = saved;
      at('token', 'done', describeTokens(saved));
    },
    // Only what this sign-in made is set aside: what is kept is never touched before the end.
    invalidateCredentials: (scope) => {
      // A client the user gave cannot be registered again instead: the refusal is said as it is.
      if (given && (scope === 'all' || scope === 'client')) throw new Error('invalid_client');
      if (scope === 'all' || scope === 'client') client = undefined;
      if (scope === 'all' || scope === 'tokens') tokens = undefined;
    },
    redirectToAuthorization: (url) => {
      halt();
      shown = url;
      const scope = url.searchParams.get('scope');
      at(
        'authorize',
        'running',
        `asking for ${scope ? `the scopes ${scope}` : 'no particular scope'}: waiting for you to sign in in the browser`,
      );
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
  const limitMs = io.timeoutMs ?? SIGN_IN_TIMEOUT_MS;
  const timer = setTimeout(
    () => stop.abort(new Error(`no sign-in within ${Math.round(limitMs / 1000)} s: start again`)),
    limitMs,
  );
  const cancel = () => stop.abort(new Error('the sign-in was cancelled'));
  if (io.signal?.aborted) cancel();
  io.signal?.addEventListener('abort', cancel, { once: true });
  const stopped = new Promise<never>((_, reject) =>
    stop.signal.addEventListener('abort', () => reject(stop.signal.reason), { once: true }),
  );
  stopped.catch(() => {});
  const until = <T>(work: Promise<T>) => Promise.race([work, stopped]);
  try {
    const { challenged, ...found } = await until(discover(serverUrl, at, fetchFn));
    discovery = found;
    scope ??= challenged;
    // A client is offered only to the authorization server it is from (SEP-2352): after a move,
    // this sign-in registers anew, and says why (one kept from before either was recorded is not
    // offered either).
    issuer = issuerOf(found);
    notKept =
      before?.client && (earlier || keptIssuer(before) !== undefined)
        ? notOffered(before, issuer)
        : undefined;
    if (notKept) {
      earlier = undefined;
      client = undefined;
      kind = 'registered';
    }
    at(
      'client',
      'running',
      given
        ? 'the client id you gave'
        : io.clientMetadataUrl
          ? 'our client metadata document, or a registration'
          : 'registering this app (RFC 7591), or the client registered before',
    );
    const started = await until(auth(provider, { serverUrl, fetchFn, ...(scope && { scope }) }));
    if (started === 'AUTHORIZED' || !shown)
      throw new Error('the authorization server gave no address to sign in at');
    const returned = await until(back.returned);
    const error = returned.searchParams.get('error');
    if (error)
      throw new Error(
        `the authorization server refused: ${error}${returned.searchParams.get('error_description') ? ` (${returned.searchParams.get('error_description')})` : ''}`,
      );
    const code = returned.searchParams.get('code');
    if (!code) throw new Error('the sign-in came back without a code');
    at('authorize', 'done', 'the browser came back with a code, for this sign-in');
    at('token', 'running', 'exchanging the code for tokens, with the PKCE verifier');
    const iss = returned.searchParams.get('iss');
    await until(
      auth(provider, {
        serverUrl,
        fetchFn,
        authorizationCode: code,
        ...(iss && { iss }),
        ...(scope && { scope }),
      }),
    );
    halt();
    if (!client || !tokens) throw new Error('the authorization server gave no tokens');
    // Now, and only now, the sign-in replaces what was kept (a machine client's too).
    const made: SignIn = {
      client,
      clientKind: kind,
      tokens,
      savedAt: Date.now(),
      ...(scope && { scope }),
      ...(issuer && { issuer }),
    };
    unproven.delete(client.client_id);
    await store.update(serverUrl, () => made);
    back.finish({
      ok: true,
      words: `Signed in to ${new URL(serverUrl).host}. MCP Context Inspector connects with it now.`,
    });
    return made;
  } catch (error) {
    const said = failure(
      stop.signal.aborted ? stop.signal.reason : error,
      () => current,
      step,
      io.giveClient,
    );
    const reused = earlier;
    // Stopped while the user was in the browser with a client registered before: the next sign-in
    // does not count on it.
    if (
      reused?.kind === 'registered' &&
      shown &&
      client?.client_id === reused.client.client_id &&
      unproven.size < 1000
    )
      unproven.add(reused.client.client_id);
    // A client registered before that the authorization server no longer knows is forgotten, so the
    // next sign-in registers anew.
    if (
      reused?.kind === 'registered' &&
      /invalid_client(?!_)|unauthorized_client|refused this app's client/.test(said.message)
    )
      await store
        .update(serverUrl, (kept) =>
          kept.client?.client_id === reused.client.client_id
            ? { ...kept, client: undefined }
            : kept,
        )
        .catch(() => {});
    back.finish({
      ok: false,
      words: `The sign-in to ${new URL(serverUrl).host} did not complete: ${bounded(said.message)}`,
    });
    throw said;
  } finally {
    if (!stop.signal.aborted) stop.abort(new Error('the sign-in is over'));
    clearTimeout(timer);
    io.signal?.removeEventListener('abort', cancel);
    back.close();
  }
}
