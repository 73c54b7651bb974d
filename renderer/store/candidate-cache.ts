/**
 * What the context's policy reads of each resource (shared/context/curate.ts), fetched from
 * the host, which holds the catalogs. With auto-include on, the policy weighs every resource,
 * so every catalog is fetched, in large slices, and only what was listed since is fetched
 * again. With it off, only the marked resources matter, and only those are asked for.
 * A catalog that starts over (`catalog-reset`) is forgotten.
 */
import { parseResourceKey } from '../../shared/catalog/resource-key';
import type { CandidateEntry } from '../../shared/host-api';
import type { ServerId } from '../../shared/mcp-types';
import type { CatalogCandidate } from '../../shared/context/curate';
import type { WindowApi } from '../../shared/window-api';
import type { AppState } from './app-store';

/** Resources per call: about 2 MB of JSON. */
const SLICE = 10_000;
/** URIs per call, within the call size limit. */
const URIS_PER_CALL = 1000;

interface ServerCandidates {
  generation: number;
  /** The catalog's resources from the first on, as far as fetched. */
  listed: CandidateEntry[];
  /** Resources fetched by URI (null: the catalog does not hold it). */
  byUri: Map<string, CandidateEntry | null>;
}

export interface CandidateCache {
  /** The candidates of every catalog (`keys` null), or of the resources with those keys. */
  candidates(state: AppState, keys: readonly string[] | null, signal: AbortSignal): Promise<CatalogCandidate[]>;
  forget(serverId: ServerId): void;
}

export function createCandidateCache(api: Pick<WindowApi, 'listCandidates'>): CandidateCache {
  const servers = new Map<ServerId, ServerCandidates>();
  // The last whole list, kept while nothing in it changed: the same array lets the context
  // keep its focus index (curate.ts) instead of indexing the catalog again on every keystroke.
  let whole: { signature: string; list: CatalogCandidate[] } | undefined;

  function entry(serverId: ServerId, generation: number): ServerCandidates {
    let known = servers.get(serverId);
    if (!known || known.generation !== generation) {
      known = { generation, listed: [], byUri: new Map() };
      servers.set(serverId, known);
    }
    return known;
  }

  async function listAll(serverId: ServerId, generation: number, count: number, signal: AbortSignal): Promise<CandidateEntry[]> {
    let known = entry(serverId, generation);
    while (known.listed.length < count && !signal.aborted) {
      const page = await api.listCandidates(serverId, { from: known.listed.length, limit: SLICE });
      if (page.generation !== known.generation) {
        // The catalog started over: this slice came from the middle of the new one.
        known = entry(serverId, page.generation);
        continue;
      }
      if (page.candidates.length === 0) break;
      for (const candidate of page.candidates) known.listed.push(candidate);
    }
    return known.listed;
  }

  async function listSome(serverId: ServerId, generation: number, uris: readonly string[], listing: boolean, signal: AbortSignal): Promise<CandidateEntry[]> {
    let known = entry(serverId, generation);
    const missing = uris.filter((uri) => !known.byUri.has(uri));
    for (let at = 0; at < missing.length && !signal.aborted; at += URIS_PER_CALL) {
      const asked = missing.slice(at, at + URIS_PER_CALL);
      const page = await api.listCandidates(serverId, { uris: asked });
      if (page.generation !== known.generation) known = entry(serverId, page.generation);
      // Not there yet is not "not there": while a listing runs, a URI may still come.
      if (!listing) for (const uri of asked) known.byUri.set(uri, null);
      for (const candidate of page.candidates) known.byUri.set(candidate.uri, candidate);
    }
    const found: CandidateEntry[] = [];
    for (const uri of uris) {
      const candidate = known.byUri.get(uri);
      if (candidate) found.push(candidate);
    }
    return found;
  }

  return {
    async candidates(state, keys, signal) {
      const wanted = new Map<ServerId, string[]>();
      if (keys) {
        for (const key of keys) {
          const { serverId, uri } = parseResourceKey(key);
          let uris = wanted.get(serverId);
          if (!uris) wanted.set(serverId, (uris = []));
          uris.push(uri);
        }
      }
      const out: CatalogCandidate[] = [];
      const signature: string[] = [];
      for (const serverId of state.serverOrder) {
        const catalog = state.catalogs[serverId];
        if (!catalog) continue;
        if (keys && !wanted.has(serverId)) continue;
        const serverName = state.servers[serverId]?.name ?? serverId;
        const entries = keys
          ? await listSome(serverId, catalog.generation, wanted.get(serverId) ?? [], catalog.status === 'listing', signal)
          : await listAll(serverId, catalog.generation, catalog.resourceCount, signal);
        for (const candidate of entries) out.push({ ...candidate, serverId, serverName });
        signature.push(JSON.stringify([serverId, serverName, catalog.generation, entries.length]));
      }
      if (keys) return out;
      const joined = signature.join('\n');
      if (whole?.signature === joined) return whole.list;
      whole = { signature: joined, list: out };
      return out;
    },
    forget(serverId) {
      servers.delete(serverId);
      whole = undefined;
    },
  };
}
