/**
 * Opens an MCP client over the transport a config names, in either protocol era.
 * Streamable HTTP falls back to legacy SSE where the server refuses it.
 */
import {
  Client,
  OAuthError,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientProvider,
  type Transport,
} from '@modelcontextprotocol/client';
import { cliSignIn, SignInNeeded, signInNeededIn, type SignInHow } from '../auth/oauth-kept';
import { signedInFetch } from '../auth/refresh-once';
import { noticingRefusedStream } from './stream-refusal';
import type { ServerTransportConfig } from '../../../shared/mcp-types';
import { HttpCap, type MessageTooLarge } from './message-cap';
import { ProcessStdioTransport } from './stdio-transport';
import { tracedTransport, type TraceTap } from './traced-transport';

/** Who we say we are in `initialize` and `server/discover`. */
export const CLIENT_INFO = { name: 'mcp-context-inspector', version: '0.1.0' };

/** A connected client and the transport under it. */
export interface OpenedClient {
  client: Client;
  transport: Transport;
  /** Which wire transport was used in the end, e.g. "sse" after a fallback. */
  wire: 'stdio' | 'streamable-http' | 'sse' | 'in-process';
}

export interface OpenClientOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called with the stdio transport before it starts, so no stderr line is missed. */
  onStdioTransport?(transport: ProcessStdioTransport): void;
  /** A transport made by the embedding code (tests: an in-memory pair) instead of the config's. */
  transport?: Transport;
  /** Told every message, both ways (the protocol trace). */
  trace?: TraceTap;
  /**
   * The sign-in kept for an HTTP server (oauth-sign-in.ts): its tokens go with every request,
   * refreshed when they expire.
   */
  authProvider?: OAuthClientProvider;
  /** Told when a Streamable HTTP server refuses the standing GET (405): nothing comes unasked. */
  onStreamRefused?(): void;
  /**
   * How this face signs in, for the words of a 401 (default: the CLI's `mcp-context login URL`).
   */
  signInHow?: SignInHow;
  /** The largest message the server may send (default `MAX_MESSAGE_BYTES`, message-cap.ts). */
  maxMessageBytes?: number;
  /** Told when the server sent a message over it: the connection is closed for that reason. */
  onTooLarge?(error: MessageTooLarge): void;
  /**
   * Told, on each chunk, the bytes so far of a large message arriving, then (`whole`) that it has
   * all come (message-cap.ts).
   */
  onReceiving?(bytes: number, whole?: boolean): void;
  /**
   * The era to speak, for a server that speaks both (`mcp-context check --protocol`): 'legacy'
   * opens with `initialize` only; '2026-07-28' asks `server/discover` for exactly that revision,
   * with no fallback. Default: 2026-07-28 where the server speaks it, else `initialize`.
   */
  era?: 'legacy' | '2026-07-28';
}

function newClient(timeoutMs: number, era?: OpenClientOptions['era']): Client {
  return new Client(CLIENT_INFO, {
    capabilities: {},
    // 'auto' speaks 2026-07-28 where the server does, and falls back to initialize.
    versionNegotiation: {
      mode: era === 'legacy' ? 'legacy' : era ? { pin: era } : 'auto',
      probe: { timeoutMs: Math.min(timeoutMs, 10_000) },
    },
    // We page ourselves; this only guards the SDK's own aggregate helpers, which we never call.
    listMaxPages: 64,
  });
}

async function connectOver(transport: Transport, options: OpenClientOptions): Promise<Client> {
  const client = newClient(options.timeoutMs, options.era);
  // The SDK's version probe waits out its own timeout whatever the signal says: given up, the
  // transport is closed under it, so a stdio server ends now rather than when the probe gives up.
  const giveUp = () => void transport.close().catch(() => {});
  options.signal?.addEventListener('abort', giveUp, { once: true });
  try {
    await client.connect(options.trace ? tracedTransport(transport, options.trace) : transport, {
      timeout: options.timeoutMs,
      signal: options.signal,
    });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', giveUp);
  }
  return client;
}

/** Connects; rejects with the SDK's or the transport's error. */
export async function openClient(
  config: ServerTransportConfig,
  options: OpenClientOptions,
): Promise<OpenedClient> {
  if (options.transport)
    return {
      client: await connectOver(options.transport, options),
      transport: options.transport,
      wire: 'in-process',
    };
  if (config.kind === 'stdio') {
    const launch = {
      command: config.command,
      args: config.args,
      ...(config.env && { env: config.env }),
      ...(config.cwd && { cwd: config.cwd }),
      ...(options.maxMessageBytes !== undefined && { maxMessageBytes: options.maxMessageBytes }),
    };
    const transport = new ProcessStdioTransport(launch);
    if (options.onTooLarge) transport.ontoolarge = options.onTooLarge;
    if (options.onReceiving) transport.onreceiving = options.onReceiving;
    options.onStdioTransport?.(transport);
    return { client: await connectOver(transport, options), transport, wire: 'stdio' };
  }
  const url = new URL(config.url);
  const requestInit = { headers: { ...config.headers } };
  // With a sign-in: requests refused together refresh once, and one refused after another refreshed
  // goes again with the new token.
  const provider = options.authProvider as
    | (OAuthClientProvider & {
        keptAccessToken?: () => Promise<string | undefined>;
        stepUp?: (scope: string | undefined) => void;
      })
    | undefined;
  const signedIn = provider && signedInFetch(url, provider.keptAccessToken, provider.stepUp);
  // Every answer is capped as a stdio message is (an event stream: each event). One over it (an
  // error page too) closes the transport: that is why connecting failed, and nothing falls back.
  const { maxMessageBytes: limit, onTooLarge, onReceiving } = options;
  const cap = new HttpCap({ limit, onTooLarge, base: signedIn, onReceiving });
  const connect = (transport: Transport) =>
    connectOver(transport, options).catch((error: unknown) => {
      throw cap.tooLarge ?? error;
    });
  const auth = provider ? { authProvider: provider } : {};
  if (config.kind === 'sse') {
    const transport = cap.transport(
      (fetch) => new SSEClientTransport(url, { requestInit, ...auth, fetch }),
    );
    try {
      return { client: await connect(transport), transport, wire: 'sse' };
    } catch (error) {
      throw (
        signInNeeded(error, url, options.authProvider !== undefined, options.signInHow) ?? error
      );
    }
  }
  const streamable = cap.transport(
    (capped) =>
      new StreamableHTTPClientTransport(url, {
        requestInit,
        ...auth,
        fetch: options.onStreamRefused
          ? noticingRefusedStream(capped, options.onStreamRefused)
          : capped,
      }),
  );
  try {
    return {
      client: await connect(streamable),
      transport: streamable,
      wire: 'streamable-http',
    };
  } catch (streamableError) {
    const signIn = signInNeeded(
      streamableError,
      url,
      options.authProvider !== undefined,
      options.signInHow,
    );
    if (signIn) throw signIn;
    if (options.signal?.aborted || !refusedByServer(streamableError)) throw streamableError;
    // The 2024-11-05 HTTP+SSE transport: servers that predate Streamable HTTP answer 4xx to its
    // POST.
    const sse = cap.transport(
      (fetch) => new SSEClientTransport(url, { requestInit, ...auth, fetch }),
    );
    try {
      return { client: await connect(sse), transport: sse, wire: 'sse' };
    } catch (sseError) {
      const sseSignIn = signInNeeded(
        sseError,
        url,
        options.authProvider !== undefined,
        options.signInHow,
      );
      if (sseSignIn) throw sseSignIn;
      if (sseError === cap.tooLarge) throw sseError;
      // Neither answered as MCP: both statuses in one line, and where to look.
      const status = httpStatusOf(streamableError);
      // The SSE transport's error carries its status as `code` ("Non-200 status code (404)").
      const sseCode = (sseError as { code?: unknown } | undefined)?.code;
      const sseStatus =
        typeof sseCode === 'number' && sseCode >= 100 && sseCode < 600
          ? sseCode
          : httpStatusOf(sseError);
      const post = status !== undefined ? `HTTP ${status}` : 'no MCP answer';
      const get = sseStatus !== undefined ? `HTTP ${sseStatus}` : 'no event stream';
      const hint =
        sseStatus === 401 || sseStatus === 403
          ? 'it wants credentials: --header "Authorization: …"'
          : `is ${url.pathname} the server's MCP endpoint? (often /mcp, or /sse for SSE)`;
      throw new Error(`${post} to the Streamable HTTP POST, and ${get} to the SSE GET: ${hint}`, {
        cause: sseError,
      });
    }
  }
}

/**
 * A refusal that a sign-in answers, in words: a 401 with no sign-in kept ("sign in first"), or
 * a sign-in the server or its authorization server no longer takes (an expired refresh token).
 */
export function signInNeeded(
  error: unknown,
  url: URL,
  signedIn: boolean,
  signInHow: SignInHow = cliSignIn,
): SignInNeeded | undefined {
  const said = signInNeededIn(error);
  if (said) return said;
  const expired =
    error instanceof OAuthError &&
    /invalid_grant|invalid_token/.test(`${error.code ?? ''} ${error.message}`);
  if (!expired && !(error instanceof UnauthorizedError) && httpStatusOf(error) !== 401)
    return undefined;
  const how = signInHow(url.href);
  // A 401 with no sign-in kept: OAuth, or a key in a header; both are said.
  const status = httpStatusOf(error) === 401 ? ' (HTTP 401)' : '';
  return new SignInNeeded(
    signedIn
      ? `the sign-in to ${url.host} has expired or was refused${status}: sign in again (${how})`
      : `${url.host} asks you to sign in first${status}: ${how} (or, if it takes a key, ${signInHow === cliSignIn ? '--header "Authorization: …"' : 'an Authorization header'})`,
    { cause: error },
  );
}

/**
 * The HTTP status the server answered with, from the SDK's error or one it wrapped (the version
 * probe's).
 */
export function httpStatusOf(error: unknown): number | undefined {
  for (
    let at: unknown = error, depth = 0;
    at !== undefined && at !== null && depth < 5;
    at = (at as { cause?: unknown }).cause, depth += 1
  ) {
    if (at instanceof SdkHttpError) return at.status;
    const said = /\(HTTP (\d{3})\)/.exec(at instanceof Error ? at.message : '');
    if (said) return Number(said[1]);
  }
  return undefined;
}

/**
 * True when the server answered, but not as a Streamable HTTP endpoint: a 404, 405, 400, 406
 * or 415 to the first POST, the status read from the error, never its body (an HTML page
 * that says "Cannot POST /sse" names no status in its words). 401 and 403 are credentials.
 */
function refusedByServer(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== undefined) return [400, 404, 405, 406, 415].includes(status);
  const message = error instanceof Error ? error.message : String(error);
  return /unexpected content type/i.test(message);
}
