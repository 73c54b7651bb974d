/** A resource is identified by (serverId, uri) everywhere: names are not unique, URIs only per server. */
import type { ServerId } from '../../shared/host-api';

export interface ResourceKey {
  serverId: ServerId;
  uri: string;
}

/** One string for maps and React keys; JSON keeps any character of either part unambiguous. */
export function resourceKeyString(key: ResourceKey): string {
  return JSON.stringify([key.serverId, key.uri]);
}

export function sameResource(a: ResourceKey | null, b: ResourceKey | null): boolean {
  return a !== null && b !== null && a.serverId === b.serverId && a.uri === b.uri;
}
