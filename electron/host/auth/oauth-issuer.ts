/**
 * Which authorization server a kept sign-in is from (SEP-2352): a client registered at one, and
 * its tokens, are never offered to another. A server that moves to another authorization server
 * (its protected resource metadata names a new one) gets a new registration there, and the user
 * is told in one line.
 */
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import type { SignIn } from './oauth-store';
import { bounded } from './oauth-words';

/** The issuer discovery found: its metadata's `issuer`, else its URL (as the SDK takes it). */
export function issuerOf(found: OAuthDiscoveryState): string {
  const issuer = (found.authorizationServerMetadata as { issuer?: unknown } | undefined)?.issuer;
  return typeof issuer === 'string' ? issuer : String(found.authorizationServerUrl);
}

/**
 * Where a kept sign-in's client is from: as kept with it, else the SDK's stamp on the client; none
 * for a file from before either was kept.
 */
export function keptIssuer(kept: SignIn | undefined): string | undefined {
  if (kept?.issuer) return kept.issuer;
  const stamp = (kept?.client as { issuer?: unknown } | undefined)?.issuer;
  return typeof stamp === 'string' ? stamp : undefined;
}

/** The same issuer, but for one trailing slash (as the SDK compares them). */
export function sameIssuer(a: string, b: string): boolean {
  return a === b || a.replace(/\/$/, '') === b.replace(/\/$/, '');
}

/**
 * Why a kept client is not offered to the authorization server `now`, in words; undefined where
 * it may be (it is from there).
 */
export function notOffered(kept: SignIn | undefined, now: string): string | undefined {
  const from = keptIssuer(kept);
  if (from !== undefined && sameIssuer(from, now)) return undefined;
  return from === undefined
    ? `the client kept from before names no authorization server, so it is not offered to ${bounded(now, 200)}`
    : `the authorization server is now ${bounded(now, 200)}, not ${bounded(from, 200)}: the client kept from that one is not offered to it`;
}
