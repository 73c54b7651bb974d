/**
 * Takes a capture (shared/capture/capture-format.ts) of what the host holds now: the servers
 * with their transports redacted, what each declared, the catalogs as listed, the contents the
 * last curation read, the session's settings and marks, the curation's decisions and text,
 * the timeline and the trace. Every secret of every server's config is replaced in the whole
 * file as it is written, wherever a server echoed one.
 */
import { createHash } from 'node:crypto';
import {
  parseResourceKey,
  resourceKeyString,
  withoutServerId,
} from '../../../shared/catalog/resource-key';
import type { ReadState } from '../../../shared/context/curate';
import { contentsHashInput } from '../../../shared/capture/capture-hash';
import {
  CAPTURE_KIND,
  CAPTURE_VERSION,
  type Capture,
  type CapturedContent,
  type CapturedServer,
} from '../../../shared/capture/capture-format';
import type { ContextSession } from '../../../shared/context/context-view';
import { RANKING_VERSION } from '../../../shared/context/policy-types';
import type {
  CatalogSnapshot,
  ContentItem,
  ServerConfig,
  ServerSnapshot,
} from '../../../shared/mcp-types';
import type { TimelineEntry } from '../../../shared/timeline-wire';
import type { TraceRecord } from '../../../shared/trace-wire';
import type { RunResult } from '../context/context-run';
import { captureSecretsOf, redactedJson, redactString } from '../observe/redact';

/** node:crypto's, for speed: the same digest as shared/capture/sha256.ts, which checks it. */
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The hash of what a read gave, of what a reader checks it against (capture-hash.ts). */
const contentsHash = (items: readonly ContentItem[]) => sha256(contentsHashInput(items));

/** What a capture is taken from. */
export interface CaptureSources {
  servers: readonly { config: ServerConfig; snapshot: ServerSnapshot; catalog: CatalogSnapshot }[];
  session: ContextSession;
  /** The last curation, settled. */
  curated: (RunResult & { total: number }) | undefined;
  timeline: readonly TimelineEntry[];
  trace: readonly TraceRecord[];
  tool: { name: string; version: string };
  now?: () => number;
  /** Reads one resource, for those the curation did not read (see {@link readTheRest}). */
  read?(serverId: string, uri: string): Promise<readonly ContentItem[]>;
  /**
   * Whether {@link read} can read it at all (a replay: only what its capture holds); default all.
   */
  canRead?(serverId: string, uri: string): boolean;
}

/**
 * A capture reads what the curation did not, up to this many resources or characters, and for
 * this long at most, so a replay can try another policy; the rest is counted as not read.
 */
export const CAPTURE_READ_LIMITS = {
  reads: 1000,
  chars: 64 * 1024 * 1024,
  concurrency: 4,
  ms: 60_000,
};

function capturedServer({ snapshot, catalog }: CaptureSources['servers'][number]): CapturedServer {
  return {
    id: snapshot.id,
    name: snapshot.name,
    transport: snapshot.transport,
    status: snapshot.status,
    ...(snapshot.status !== 'connected' &&
      snapshot.disconnect && { disconnected: snapshot.disconnect.reason }),
    ...(snapshot.protocolVersion !== undefined && { protocolVersion: snapshot.protocolVersion }),
    ...(snapshot.era !== undefined && { era: snapshot.era }),
    ...(snapshot.serverInfo !== undefined && { serverInfo: snapshot.serverInfo }),
    ...(snapshot.capabilities !== undefined && { capabilities: snapshot.capabilities }),
    ...(snapshot.instructions !== undefined && { instructions: snapshot.instructions }),
    catalog: {
      status: catalog.status,
      resources: catalog.resources.map(withoutServerId),
      templates: catalog.templates.map(withoutServerId),
      warnings: catalog.warnings.slice(),
      ...(catalog.error !== undefined && { error: catalog.error }),
    },
  };
}

/**
 * Reads, for the capture, the resources of connected servers the curation did not read, in
 * catalog order, within {@link CAPTURE_READ_LIMITS}. A failed read is kept as its error.
 */
async function readTheRest(sources: CaptureSources, have: Map<string, ReadState>): Promise<number> {
  const read = sources.read;
  const listed = sources.servers
    .filter((server) => server.snapshot.status === 'connected')
    .flatMap((server) => server.catalog.resources);
  const unread = () => listed.filter((resource) => !have.has(resourceKeyString(resource))).length;
  const wanted = listed
    .filter(
      (resource) =>
        !have.has(resourceKeyString(resource)) &&
        (sources.canRead?.(resource.serverId, resource.uri) ?? true),
    )
    .map((resource) => resourceKeyString(resource));
  if (!read) return unread();
  let chars = 0;
  let next = 0;
  const limit = Math.min(wanted.length, CAPTURE_READ_LIMITS.reads);
  const deadline = Date.now() + CAPTURE_READ_LIMITS.ms;
  const worker = async () => {
    while (next < limit && chars < CAPTURE_READ_LIMITS.chars && Date.now() < deadline) {
      const key = wanted[next++] as string;
      const { serverId, uri } = parseResourceKey(key);
      try {
        // Never past the deadline, whatever the server does: a read still out is left, not read.
        const contents = await Promise.race([
          read(serverId, uri),
          new Promise<never>((_, reject) =>
            setTimeout(
              () => reject(new Error('past the deadline')),
              Math.max(0, deadline - Date.now()),
            ).unref(),
          ),
        ]);
        chars += contents.reduce(
          (sum, item) => sum + (item.text?.length ?? 0) + (item.blob?.length ?? 0),
          0,
        );
        have.set(key, { contents, tokens: 0, counted: 0, section: '' });
      } catch (error) {
        if (Date.now() >= deadline) return;
        have.set(key, { error: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: CAPTURE_READ_LIMITS.concurrency }, worker));
  return unread();
}

/** The capture, and its file's text with every secret replaced. */
export async function takeCapture(
  sources: CaptureSources,
): Promise<{ capture: Capture; json: string }> {
  const ids = new Set(sources.servers.map((server) => server.snapshot.id));
  const curated = sources.curated;
  const read = new Map(curated?.known ?? []);
  const notRead = await readTheRest(sources, read);
  // Replaced before anything is hashed: a hash of the original would let a short secret be guessed.
  const secrets = [
    ...new Set(sources.servers.flatMap((server) => captureSecretsOf(server.config))),
  ].sort((a, b) => b.length - a.length);
  // Always: a URL's password is replaced in the file with no secret configured too, and the
  // hash must be of what the file holds.
  const hide = (text: string) => redactString(text, secrets);
  // Every string of an item, as the file will hold it (the hash is of what is written, and a
  // reader checks it): a blob too, since the file is written with every string's secrets replaced.
  const hideItem = (item: ContentItem): ContentItem => ({
    ...item,
    uri: hide(item.uri),
    ...(item.mimeType !== undefined && { mimeType: hide(item.mimeType) }),
    ...(item.text !== undefined && { text: hide(item.text) }),
    ...(item.blob !== undefined && { blob: hide(item.blob) }),
  });
  const contents: CapturedContent[] = [];
  for (const [key, state] of read) {
    const { serverId, uri } = parseResourceKey(key);
    if (!ids.has(serverId)) continue;
    if ('error' in state)
      contents.push({
        server: serverId,
        uri,
        sha256: sha256(hide(state.error)),
        error: hide(state.error),
      });
    else {
      const items = state.contents.map(hideItem);
      contents.push({ server: serverId, uri, sha256: contentsHash(items), contents: items });
    }
  }
  contents.sort((a, b) =>
    a.server === b.server
      ? a.uri < b.uri
        ? -1
        : a.uri > b.uri
          ? 1
          : 0
      : a.server < b.server
        ? -1
        : 1,
  );
  const marks = [...sources.session.marks].flatMap(([key, mark]) => {
    const { serverId, uri } = parseResourceKey(key);
    return ids.has(serverId) ? [{ server: serverId, uri, mark }] : [];
  });
  const text = hide(curated?.text ?? '');
  const now = sources.now?.() ?? Date.now();
  const capture: Capture = {
    kind: CAPTURE_KIND,
    version: CAPTURE_VERSION,
    capturedAt: new Date(now).toISOString(),
    now: curated?.now || now,
    tool: sources.tool,
    ranking: RANKING_VERSION,
    servers: sources.servers.map(capturedServer),
    contents,
    notRead,
    context: {
      settings: { ...sources.session.settings },
      marks,
      decisions: (curated?.result.decisions ?? []).map((decision) => ({
        server: decision.serverId,
        uri: decision.uri,
        kind: decision.kind,
        included: decision.included,
        tokens: decision.tokens,
        estimated: decision.estimated,
        ...(decision.rank !== undefined && { rank: decision.rank }),
        reason: decision.reason,
        ...(decision.warnings.length > 0 && { warnings: decision.warnings.slice() }),
      })),
      text,
      sha256: sha256(text),
      tokens: curated?.total ?? 0,
      used: curated?.result.used ?? 0,
      overBudget: curated?.result.overBudget ?? 0,
      warnings: (curated?.result.warnings ?? []).slice(),
    },
    timeline: sources.timeline.filter((entry) => ids.has(entry.serverId)),
    trace: sources.trace.filter((record) => ids.has(record.serverId)),
  };
  const json = `${redactedJson(capture, secrets)}\n`;
  return { capture, json };
}
