/** A resource is identified by (serverId, uri) everywhere: names are not unique, URIs only per server. */
import type { ServerId } from '../host-api';

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

// Entries are immutable; a key is built once per resource, not once per recount.
const keys = new WeakMap<ResourceKey, string>();

/** The key of a resource entry, remembered per entry object. */
export function entryKey(entry: ResourceKey): string {
  let key = keys.get(entry);
  if (key === undefined) {
    key = resourceKeyString(entry);
    keys.set(entry, key);
  }
  return key;
}
