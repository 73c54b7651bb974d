/**
 * One curation on the host, with what runs before it taught: the shared loop
 * (shared/context/curate.ts) over every connected catalog, reading through the host's
 * connections and counting off the main thread. Contents already read are kept, per format
 * and encoding with their counts, so a toggle re-assembles without reading anything again; a
 * resource the server says changed, or a catalog that starts over, is read afresh.
 */
import { HostError } from '../../../shared/host-error';
import { parseResourceKey, resourceKeyString } from '../../../shared/catalog/resource-key';
import { withServerNames, type CandidateList } from '../../../shared/context/candidates';
import {
  curateContext,
  warmFocusIndex,
  type CatalogCandidate,
  type Curated,
  type ReadState,
} from '../../../shared/context/curate';
import type { ContextSettings } from '../../../shared/context/context-wire';
import type { TokenEncoding } from '../../../shared/context/encodings';
import type { Mark } from '../../../shared/context/policy';
import type { CatalogSnapshot, ContentItem, ServerId } from '../../../shared/mcp-types';

/** A server as curation reads it. */
export interface CurationServer {
  id: ServerId;
  name: string;
  connected: boolean;
  /**
   * Connected as far as the context goes, but down while the host reconnects: what it holds from
   * there is the last read.
   */
  down?: boolean;
  catalog: CatalogSnapshot;
}

export interface ContextRunDeps {
  read(serverId: ServerId, uri: string, requestId: string): Promise<readonly ContentItem[]>;
  cancel(requestId: string): void;
  count(text: string, encoding: TokenEncoding): number | Promise<number>;
}

/** What a run needs besides its deps. */
export interface RunInput {
  servers: readonly CurationServer[];
  marks: ReadonlyMap<string, Mark>;
  settings: ContextSettings;
  signal: AbortSignal;
  now: number;
  onProgress(read: number, pending: number): void;
  /** What the focus reads before it ranks (CurateOptions.focusReads). */
  focusReads?: 'wait' | 'known';
}

/** A run's result. */
export interface RunResult extends Curated {
  /** Included keys whose contents changed since they were last curated. */
  changed: Set<string>;
  /** The clock it ranked recency by (a capture keeps it, so a replay ranks the same). */
  now: number;
}

export interface ContextRunner {
  run(input: RunInput): Promise<RunResult>;
  /**
   * The server said this resource changed: its contents are read again next time. True when some
   * were kept.
   */
  forgetResource(key: string): boolean;
  /**
   * The server's catalog started over, or it was renamed or removed: everything of it is read
   * again.
   */
  forgetServer(serverId: ServerId): void;
  /**
   * The user marked these again (the natural retry of a broken pick): a failed read of one is tried
   * again.
   */
  retry(keys: readonly string[]): void;
  /** Builds the focus index of these catalogs, in slices, before a focus needs it. */
  warmFocus(servers: readonly CurationServer[]): Promise<void>;
  /**
   * This run's context is the one shown: the next run tells what changed against it. A run a
   * newer one replaced before it was shown is never committed, so its changes are not lost.
   */
  commit(result: RunResult): void;
}

let nextRequest = 1;

/**
 * Contents read are kept this long after a run last used them, and never longer than
 * {@link MAX_CONTENT_AGE_MS} after they were read: a server that cannot say a resource changed
 * (no subscriptions, or past the ones we hold) must not have its old text served for ever, and
 * a context in use (toggled, typed at) must not read all it holds again every 30 s.
 */
export const CONTENT_TTL_MS = 30_000;
export const MAX_CONTENT_AGE_MS = 5 * 60_000;
/** A failed read is not tried again for this long. */
export const FAILED_READ_TTL_MS = 10_000;

const textOf = (items: readonly ContentItem[]) =>
  items.map((content) => content.text ?? '').join('\n');
/** And at most this much of them, the oldest going first: the host is Electron's main process. */
export const MAX_KEPT_BYTES = 256 * 1024 * 1024;

export function createContextRunner(deps: ContextRunDeps & { now?(): number }): ContextRunner {
  const clock = deps.now ?? Date.now;
  // Oldest first (a Map keeps insertion order; a read again is put last).
  const contents = new Map<
    string,
    { items: readonly ContentItem[]; at: number; used: number; bytes: number }
  >();
  let keptBytes = 0;
  // Per "format encoding": what curation learned (contents and counts).
  const learned = new Map<string, Map<string, ReadState>>();
  // Bumped when a resource (or its server) is forgotten: a read that started before must not bring
  // the old contents back.
  const versions = new Map<string, number>();
  const serverVersions = new Map<string, number>();
  const version = (key: string) =>
    `${versions.get(key) ?? 0}:${serverVersions.get(parseResourceKey(key).serverId) ?? 0}`;
  // The contents each included key had in the context last shown, to tell what an update changed.
  let lastContents = new Map<string, readonly ContentItem[]>();
  const heldBy = new WeakMap<RunResult, Map<string, readonly ContentItem[]>>();
  // Reads that failed lately, so a broken resource among the picks is not asked for again on
  // every toggle (a server round trip each); tried again once this is old, as a new run would.
  const failed = new Map<string, { message: string; at: number }>();
  // The candidate list, kept while the catalogs are the same so the focus index is kept too.
  let candidates: { signature: string; list: CandidateList<CatalogCandidate> } | undefined;

  const forget = (key: string) => {
    failed.delete(key);
    const kept = contents.get(key);
    if (kept) keptBytes -= kept.bytes;
    contents.delete(key);
    for (const known of learned.values()) known.delete(key);
  };
  const drop = (test: (key: string) => boolean) => {
    for (const key of [...contents.keys()]) if (test(key)) forget(key);
    for (const known of learned.values())
      for (const key of [...known.keys()]) if (test(key)) known.delete(key);
    for (const key of [...failed.keys()]) if (test(key)) failed.delete(key);
  };
  /** Lets go of what is too old, or too much. */
  const sweep = () => {
    const now = clock();
    // Least recently used first; a few thousand entries at most, each looked at.
    for (const [key, kept] of contents) {
      if (
        now - kept.used >= CONTENT_TTL_MS ||
        now - kept.at >= MAX_CONTENT_AGE_MS ||
        keptBytes > MAX_KEPT_BYTES
      )
        forget(key);
    }
    for (const [key, failure] of failed)
      if (now - failure.at >= FAILED_READ_TTL_MS) failed.delete(key);
  };

  /**
   * The catalogs' own entries, one list: an entry has what curation reads, and the servers'
   * names go with the list (a copy of each entry with its server's name was 260 bytes a resource).
   */
  function candidatesOf(servers: readonly CurationServer[]): CandidateList<CatalogCandidate> {
    const live = servers.filter((server) => server.connected);
    const signature = live
      .map(
        (server) =>
          `${server.id}\u0000${server.name}\u0000${server.catalog.generation}\u0000${server.catalog.resources.length}`,
      )
      .join('\n');
    if (candidates?.signature === signature) return candidates.list;
    const entries: CatalogCandidate[] =
      live.length === 1 ? [...(live[0] as CurationServer).catalog.resources] : [];
    if (live.length > 1)
      for (const server of live) for (const entry of server.catalog.resources) entries.push(entry);
    const list = withServerNames(entries, new Map(live.map((server) => [server.id, server.name])));
    candidates = { signature, list };
    return list;
  }

  return {
    async run({ servers, marks, settings, signal, now, onProgress, focusReads }) {
      sweep();
      const config = `${settings.format} ${settings.encoding}`;
      let kept = learned.get(config);
      if (!kept) learned.set(config, (kept = new Map()));
      // This run's own copy: what it learns is kept only if nothing changed under it meanwhile.
      const known = new Map(kept);
      const readAt = new Map<string, string>();
      const curated = await curateContext({
        candidates: candidatesOf(servers),
        known,
        marks,
        settings,
        format: settings.format,
        signal,
        now,
        pause: () => new Promise((resolve) => setImmediate(resolve)),
        ...(focusReads && { focusReads }),
        cached: (serverId, uri) => {
          const key = resourceKeyString({ serverId, uri });
          return contents.has(key) || failed.has(key);
        },
        count: (text) => deps.count(text, settings.encoding),
        read: async (serverId, uri) => {
          const key = resourceKeyString({ serverId, uri });
          const at = version(key);
          readAt.set(key, at);
          const cached = contents.get(key);
          if (cached) {
            // Used again: it goes last, as the most recently used.
            contents.delete(key);
            cached.used = clock();
            contents.set(key, cached);
            return cached.items;
          }
          const failure = failed.get(key);
          if (failure) throw new Error(failure.message);
          // A cancelled run cancels its reads too, so the server is never sent more.
          const requestId = `context-${nextRequest++}`;
          const cancel = () => deps.cancel(requestId);
          signal.addEventListener('abort', cancel, { once: true });
          try {
            const result = await deps.read(serverId, uri, requestId);
            if (version(key) === at) {
              forget(key);
              const bytes = result.reduce(
                (sum, item) => sum + (item.text?.length ?? 0) * 2 + (item.blob?.length ?? 0),
                0,
              );
              contents.set(key, { items: result, at: clock(), used: clock(), bytes });
              keptBytes += bytes;
            }
            return result;
          } catch (error) {
            // Its server went away (an update had made us read it again): what the context last
            // showed of it stays, marked stale by the frame, until the server is back.
            const shown = lastContents.get(key);
            if (shown !== undefined && error instanceof HostError && error.code === 'disconnected')
              return shown;
            // A read the run cancelled did not fail.
            if (!signal.aborted && version(key) === at)
              failed.set(key, {
                message: error instanceof Error ? error.message : String(error),
                at: clock(),
              });
            throw error;
          } finally {
            signal.removeEventListener('abort', cancel);
          }
        },
        onProgress,
      });
      for (const [key, state] of known) {
        // Kept only while its contents are (see sweep): what was let go of is read again.
        if (
          'contents' in state &&
          !kept.has(key) &&
          readAt.get(key) === version(key) &&
          contents.has(key)
        )
          kept.set(key, state);
      }
      // What the context holds was used: it stays while the context is in use. And what an
      // update changed: the same contents read are the same text, so only a new read is compared.
      const usedAt = clock();
      const changed = new Set<string>();
      const held = new Map<string, readonly ContentItem[]>();
      curated.items.forEach((item, at) => {
        const key = curated.keys[at] as string;
        const kept = contents.get(key);
        if (kept) {
          contents.delete(key);
          kept.used = usedAt;
          contents.set(key, kept);
        }
        const before = lastContents.get(key);
        if (
          before !== undefined &&
          before !== item.contents &&
          textOf(before) !== textOf(item.contents)
        )
          changed.add(key);
        held.set(key, item.contents);
      });
      // Not spread: reading `text` would join the whole text (curate.ts).
      const result = Object.assign(curated, { changed, now });
      heldBy.set(result, held);
      return result;
    },
    retry(keys) {
      for (const key of keys) failed.delete(key);
    },
    warmFocus(servers) {
      return warmFocusIndex(
        candidatesOf(servers),
        () => new Promise((resolve) => setImmediate(resolve)),
      );
    },
    commit(result) {
      lastContents = heldBy.get(result) ?? lastContents;
    },
    forgetResource(key) {
      versions.set(key, (versions.get(key) ?? 0) + 1);
      const had = contents.has(key);
      forget(key);
      return had;
    },
    forgetServer(serverId) {
      serverVersions.set(serverId, (serverVersions.get(serverId) ?? 0) + 1);
      drop((key) => parseResourceKey(key).serverId === serverId);
      candidates = undefined;
    },
  };
}
