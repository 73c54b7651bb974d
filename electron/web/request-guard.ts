/**
 * Who may talk to browser mode. It listens on loopback only, but any web page the user
 * visits can still aim requests at 127.0.0.1: a foreign Origin (CSRF) or a foreign Host
 * (DNS rebinding) is refused, and nothing works without the per-run token.
 * CVE-2025-49596 was exactly this gap in the official Inspector's proxy.
 */
import { timingSafeEqual } from 'node:crypto';

/** What the guard looks at in one request. */
export interface GuardedRequest {
  host: string | undefined;
  origin: string | undefined;
  /** The token offered in the query string or a cookie, if any. */
  token: string | undefined;
}

/** The verdict, with the status and one line for the refused. */
export type GuardVerdict = { ok: true } | { ok: false; status: number; reason: string };

/** The Host values this server answers to on `port`. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** Compares tokens in constant time, so the token cannot be guessed byte by byte. */
export function sameToken(offered: string | undefined, expected: string): boolean {
  if (offered === undefined) return false;
  const a = Buffer.from(offered);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Decides one request.
 * @param requireOrigin true for the WebSocket, where every browser sends Origin
 */
export function guardRequest(
  request: GuardedRequest,
  port: number,
  token: string,
  requireOrigin: boolean,
): GuardVerdict {
  const hosts = allowedHosts(port);
  if (!request.host || !hosts.includes(request.host.toLowerCase())) {
    return {
      ok: false,
      status: 421,
      reason: `refused: Host ${JSON.stringify(request.host ?? '')} is not ${hosts.join(' or ')}`,
    };
  }
  if (request.origin !== undefined || requireOrigin) {
    const origins = hosts.map((host) => `http://${host}`);
    if (!request.origin || !origins.includes(request.origin.toLowerCase())) {
      return {
        ok: false,
        status: 403,
        reason: `refused: Origin ${JSON.stringify(request.origin ?? '')} is not this server's`,
      };
    }
  }
  if (!sameToken(request.token, token)) {
    return {
      ok: false,
      status: 401,
      reason: request.token
        ? 'refused: wrong token'
        : 'refused: this address needs the token printed by "mcp-context serve"',
    };
  }
  return { ok: true };
}

/** Reads one cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
