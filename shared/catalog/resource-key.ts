/**
 * A resource is identified by (serverId, uri) everywhere: names are not unique, URIs only per
 * server.
 */
import type { ServerId } from '../mcp-types';

/** What names one resource: its server and its URI. */
export interface ResourceKey {
  serverId: ServerId;
  uri: string;
}

/** One string for maps and React keys; JSON keeps any character of either part unambiguous. */
export function resourceKeyString(key: ResourceKey): string {
  return JSON.stringify([key.serverId, key.uri]);
}

/**
 * The one decoder of `resourceKeyString`. A key crosses windows, workers and profile files as a
 * string, so it is checked here rather than trusted: anything else is a bug worth a clear error.
 */
export function parseResourceKey(key: string): ResourceKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(key);
  } catch {
    throw new Error(`Not a resource key: ${JSON.stringify(key)}`);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string'
  ) {
    throw new Error(`Not a resource key: ${JSON.stringify(key)}`);
  }
  return { serverId: parsed[0], uri: parsed[1] };
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

/**
 * An entry without its server id, which lives for one run only (what a file or the CLI's JSON keeps
 * of it).
 */
export function withoutServerId<T extends { serverId: string }>(entry: T): Omit<T, 'serverId'> {
  const { serverId: _serverId, ...rest } = entry;
  return rest;
}
