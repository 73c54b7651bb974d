/**
 * One refresh per refresh token at a time, in this process. Requests that meet a 401 together
 * (a listing's pages, a read, the heartbeat) each ask the SDK to refresh; with a rotating refresh
 * token only the first would succeed and the others would say "sign in again". Through this
 * fetch they share one request to the token endpoint and its answer. (Another process refreshing
 * at the same moment loses to it once; the SDK then retries with the tokens that process kept.)
 */
import { extractWWWAuthenticateParams } from '@modelcontextprotocol/client';

/** True when a request goes to the MCP server's own origin (not its metadata elsewhere). */
const sameOrigin = (input: Parameters<typeof fetch>[0], server: URL) =>
  new URL(input instanceof Request ? input.url : String(input)).origin === server.origin;

/** A fetch that stops when `signal` does: a cancelled or timed-out sign-in sends nothing more. */
export const stoppable =
  (signal: AbortSignal): typeof fetch =>
  (input, init) =>
    fetch(input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal,
    });

const inFlight = new Map<string, Promise<Response>>();
/** How long an answer is shared after it came: requests that met the 401 a moment later. */
const SHARED_MS = 2000;

export const refreshOnce: typeof fetch = async (input, init) => {
  const body = init?.body;
  if (
    init?.method !== 'POST' ||
    !(body instanceof URLSearchParams) ||
    body.get('grant_type') !== 'refresh_token'
  )
    return fetch(input, init);
  const endpoint = input instanceof Request ? input.url : String(input);
  const key = `${endpoint}\n${body.get('refresh_token') ?? ''}`;
  let shared = inFlight.get(key);
  if (!shared) {
    const started = fetch(input, init);
    shared = started;
    share(key, started);
    // A refresh with the token this one just issued (a request refused a moment before the new ones
    // were kept) gets the same answer: those tokens are new, and a second rotation could look like
    // reuse to the authorization server.
    void started.then(
      async (response) => {
        const issued = response.ok
          ? (
              (await response
                .clone()
                .json()
                .catch(() => undefined)) as { refresh_token?: unknown } | undefined
            )?.refresh_token
          : undefined;
        if (typeof issued === 'string') share(`${endpoint}\n${issued}`, started);
      },
      () => {},
    );
  }
  return (await shared).clone();
};

function share(key: string, answer: Promise<Response>): void {
  inFlight.set(key, answer);
  const forget = () =>
    setTimeout(() => inFlight.get(key) === answer && inFlight.delete(key), SHARED_MS).unref?.();
  answer.then(forget, forget);
}

/**
 * The fetch of a connection with a sign-in: refreshes through {@link refreshOnce}, and a request
 * refused (401) with a token that is no longer the one kept (another request, or another
 * process, refreshed it meanwhile) goes again once with the one kept, with no refresh of its own.
 * Only a request whose body can be sent again (JSON-RPC's text, or none). A 403
 * `insufficient_scope` from the server is told to `stepUp` with the scopes it names, before the
 * SDK asks for a token with more.
 */
export function signedInFetch(
  server: URL,
  kept: (() => Promise<string | undefined>) | undefined,
  stepUp?: (scope: string | undefined) => void,
): typeof fetch {
  return async (input, init) => {
    const response = await refreshOnce(input, init);
    if (stepUp && response.status === 403 && sameOrigin(input, server)) {
      const challenge = extractWWWAuthenticateParams(response);
      if (challenge.error === 'insufficient_scope') stepUp(challenge.scope);
    }
    if (
      !kept ||
      response.status !== 401 ||
      (init?.body !== undefined && init.body !== null && typeof init.body !== 'string')
    )
      return response;
    // Only the MCP server's own requests: the SDK's fetch also reaches metadata on other origins,
    // which never get a token.
    if (!sameOrigin(input, server)) return response;
    const headers = new Headers(init?.headers);
    const sent = /^Bearer (.+)$/i.exec(headers.get('authorization') ?? '')?.[1];
    const now = sent ? await kept().catch(() => undefined) : undefined;
    if (!now || now === sent) return response;
    await response.body?.cancel().catch(() => {});
    headers.set('authorization', `Bearer ${now}`);
    return refreshOnce(input, { ...init, headers });
  };
}
