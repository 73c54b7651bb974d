/**
 * Why a connection ended, in words, never in the body a server sent. A stdio server that
 * exits closes its transport, and the SDK says so; an HTTP server that dies or restarts says
 * nothing until a request fails, so a failed request is read here for whether it means the
 * connection is over.
 */
import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { signInNeeded } from './open-client';
import { isSignInNeeded, type SignInHow } from '../auth/oauth-kept';
import type { ProcessExit } from './stdio-transport';

/** Network failures under a fetch that mean the server is not there. */
const GONE_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection broken',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENOTFOUND: 'host not found',
  UND_ERR_SOCKET: 'connection closed by the server',
};

/**
 * Why `error` means the connection is over, or undefined when the server only refused this
 * one request. `hadSession`: an HTTP session id was in use, so a 404 means it expired.
 */
export function connectionLost(error: unknown, hadSession: boolean): string | undefined {
  if (error instanceof SdkHttpError) {
    const method = 'POST';
    if (error.status === 404 && hadSession) return `HTTP session expired (404 on ${method})`;
    const body = (error.data as { text?: unknown } | undefined)?.text;
    const text = typeof body === 'string' ? body : '';
    // A restarted 1.x server that keeps sessions in a map answers 400 "No valid session ID".
    if (error.status === 400 && hadSession && /session/i.test(text))
      return `HTTP session expired (400 on ${method}: no valid session)`;
    return undefined;
  }
  if (
    error instanceof SdkError &&
    (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected)
  )
    return 'the connection closed';
  const code = rootCode(error);
  if (code && GONE_CODES[code]) return `the server stopped answering (${GONE_CODES[code]})`;
  return undefined;
}

/**
 * What a failed request over HTTP means for its connection: a sign-in the server refuses now
 * (said, and never reconnected by itself: only a new sign-in helps), a connection gone
 * (reconnected), or nothing (the request alone failed).
 */
export function httpFailure(
  error: unknown,
  at: { url: string; signedIn: boolean; hadSession: boolean; signInHow?: SignInHow },
): { reason: string; reconnect: boolean; signIn?: { scope?: string } } | undefined {
  const signIn = signInNeeded(error, new URL(at.url), at.signedIn, at.signInHow);
  if (signIn)
    return {
      reason: signIn.message,
      reconnect: false,
      signIn: { ...(signIn.scope && { scope: signIn.scope }) },
    };
  const lost = connectionLost(error, at.hadSession);
  return lost ? { reason: lost, reconnect: true } : undefined;
}

/**
 * The errno-style code at the bottom of a chain of `cause`s, e.g. ECONNREFUSED under "fetch
 * failed".
 */
export function rootCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/** How a server process ended, in words. */
export function describeExit(exit: ProcessExit): string {
  if (exit.spawnError) return exit.spawnError;
  if (exit.signal) return `the server was killed by ${exit.signal}`;
  return `the server exited with code ${exit.code}`;
}

/** Why connecting failed, in one line. */
/**
 * How much of an error's words is kept before the connection hides its secrets in them and cuts
 * them to a line (server-connection.ts): never cut first, where a secret could straddle the cut.
 */
export const MAX_REASON_READ = 65_536;

export function describeConnectFailure(error: unknown, exit: ProcessExit | undefined): string {
  if (exit) return `${describeExit(exit)} before the handshake finished`;
  // The status, never the body: a server's error page is HTML or JSON meant for someone else.
  if (error instanceof SdkHttpError)
    return `could not connect: HTTP ${error.status}${(error.data as { statusText?: string } | undefined)?.statusText ? ` ${(error.data as { statusText: string }).statusText}` : ''} on POST`;
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  // It answered, and said what it wants: a sign-in.
  if (isSignInNeeded(error)) return message.slice(0, MAX_REASON_READ);
  const cause = rootCode(error);
  const plain = cause && GONE_CODES[cause] ? ` (${GONE_CODES[cause]})` : '';
  return `could not connect: ${message.slice(0, MAX_REASON_READ)}${plain}`;
}
