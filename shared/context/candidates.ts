/**
 * The list a curation weighs, as the host gives it: its catalogs' own entries, never copies,
 * with each server's name kept once per server rather than once per resource; and each
 * candidate's key, made once per list. The policy, the focus index and the curation loop all
 * index this list by position, so a catalog of 100,000 holds one key string per resource.
 */
import { resourceKeyString } from '../catalog/resource-key';
import type { ServerId } from '../mcp-types';

/** What a candidate names itself by. */
export interface Named {
  serverId: ServerId;
  uri: string;
  /** The server's name, when the candidate carries it (tests, the CLI's own lists). */
  serverName?: string;
}

/** A list of candidates, with the servers' names when the entries do not carry them. */
export type CandidateList<T extends Named = Named> = readonly T[] & {
  readonly serverNames?: ReadonlyMap<ServerId, string>;
};

/** `entries` as a candidate list whose servers are named by `names`. */
export function withServerNames<T extends Named>(
  entries: T[],
  names: ReadonlyMap<ServerId, string>,
): CandidateList<T> {
  return Object.assign(entries, { serverNames: names });
}

/**
 * What the user calls a candidate's server; its id when nothing names it (ties and the "uri"
 * order sort on it, since ids differ from run to run).
 */
export function serverNameOf(list: CandidateList, candidate: Named): string {
  return candidate.serverName ?? list.serverNames?.get(candidate.serverId) ?? candidate.serverId;
}

/** A candidate list's keys: each made once, and where each key is first listed. */
export interface KeyedList<T extends Named = Named> {
  /** Each candidate's key (catalog/resource-key.ts), by its place in the list. */
  readonly keys: readonly string[];
  /** The place of each key's first listing: a server may list a URI twice, the first stands. */
  readonly first: ReadonlyMap<string, number>;
  /** How many keys. */
  readonly size: number;
  /** The candidate first listed with `key`. */
  get(key: string): T | undefined;
  has(key: string): boolean;
  /** The keys, in the order first listed. */
  keysInOrder(): IterableIterator<string>;
}

const keyedLists = new WeakMap<CandidateList, KeyedList>();

/** The keys of a list, made once while the list lives. */
export function keyedList<T extends Named>(list: CandidateList<T>): KeyedList<T> {
  let keyed = keyedLists.get(list) as KeyedList<T> | undefined;
  if (!keyed) {
    const keys = list.map((candidate) => resourceKeyString(candidate));
    const first = new Map<string, number>();
    keys.forEach((key, at) => {
      if (!first.has(key)) first.set(key, at);
    });
    keyed = {
      keys,
      first,
      size: first.size,
      get(key) {
        const at = first.get(key);
        return at === undefined ? undefined : list[at];
      },
      has: (key) => first.has(key),
      keysInOrder: () => first.keys(),
    };
    keyedLists.set(list, keyed as KeyedList);
  }
  return keyed;
}
