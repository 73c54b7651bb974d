/**
 * A capture served again, offline: each captured server becomes a transport that answers the
 * host as the server did (its protocol version, what it declared, its catalog, the contents
 * it gave), so the host lists, shows and curates a capture with the code it runs for live
 * servers. Nothing is spawned and nothing leaves the process. The context reads the captured
 * contents as they were (an error as its message), so a replay assembles the same bytes.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { Capture, CapturedServer } from '../../../shared/capture/capture-format';
import type { ContentItem, ServerConfig } from '../../../shared/mcp-types';
import { HostError } from '../../../shared/host-error';
import { resourceKeyString } from '../../../shared/catalog/resource-key';
import type { ContextSession } from '../../../shared/context/context-view';
import type { Mark } from '../../../shared/context/policy';
import type { Timeline } from '../observe/timeline';
import type { TraceStore } from '../observe/trace-store';

/** Resources per page of a replayed listing. */
const PAGE_SIZE = 1000;
const MODERN = '2026-07-28';
const NOT_CAPTURED = 'it was not read when the capture was taken';

type Request = { id: string | number; method: string; params?: Record<string, unknown> };
type Answer = { result: Record<string, unknown> } | { error: { code: number; message: string } };

/** What one captured server's replay reads: its contents by URI. */
function contentsOf(capture: Capture, server: CapturedServer) {
  const byUri = new Map<string, { contents?: ContentItem[]; error?: string }>();
  for (const entry of capture.contents) if (entry.server === server.id) byUri.set(entry.uri, entry);
  return byUri;
}

/**
 * The answer a captured server gives a request; undefined for one it leaves open (a listen stream).
 */
function answer(
  server: CapturedServer,
  byUri: ReturnType<typeof contentsOf>,
  request: Request,
  notify: (message: JSONRPCMessage) => void,
): Answer | undefined {
  const modern = server.protocolVersion === MODERN;
  // 2026-07-28 results say how long they may be kept, and for whom: a capture, for ever as far as
  // it goes.
  const done = (result: Record<string, unknown>): Answer => ({
    result: modern
      ? { ...result, resultType: 'complete', ttlMs: 0, cacheScope: 'private' }
      : result,
  });
  const info = { ...(server.serverInfo ?? { name: server.name, version: 'captured' }) };
  const capabilities = server.capabilities ?? { resources: {} };
  switch (request.method) {
    case 'server/discover':
      if (!modern) return { error: { code: -32601, message: 'Method not found' } };
      return done({
        supportedVersions: [MODERN],
        capabilities,
        ...(server.instructions !== undefined && { instructions: server.instructions }),
        _meta: { 'io.modelcontextprotocol/serverInfo': info },
      });
    case 'initialize':
      return {
        result: {
          protocolVersion: server.protocolVersion ?? '2025-11-25',
          capabilities,
          serverInfo: info,
          ...(server.instructions !== undefined && { instructions: server.instructions }),
        },
      };
    case 'ping':
    case 'resources/subscribe':
    case 'resources/unsubscribe':
      return done({});
    case 'subscriptions/listen':
      // Acknowledged, then open for ever: a capture never changes.
      notify({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {
          notifications: request.params?.notifications ?? {},
          _meta: { 'io.modelcontextprotocol/subscriptionId': String(request.id) },
        },
      } as JSONRPCMessage);
      return undefined;
    case 'resources/list':
    case 'resources/templates/list': {
      // A listing that failed when captured gives what came before, then fails in the same words.
      const failed = server.catalog.status === 'failed';
      const all: readonly object[] =
        request.method === 'resources/list' ? server.catalog.resources : server.catalog.templates;
      const cursor = request.params?.cursor;
      const from = typeof cursor === 'string' ? Number(cursor) : 0;
      if (!Number.isSafeInteger(from) || from < 0 || from > all.length)
        return { error: { code: -32602, message: `invalid cursor ${JSON.stringify(cursor)}` } };
      if (failed && from === all.length && (all.length > 0 || request.method === 'resources/list'))
        return { error: capturedListingError(server.catalog.error) };
      const page = all.slice(from, from + PAGE_SIZE);
      const key = request.method === 'resources/list' ? 'resources' : 'resourceTemplates';
      const more = from + PAGE_SIZE < all.length || (failed && request.method === 'resources/list');
      return done({
        [key]: page,
        ...(more && { nextCursor: String(Math.min(all.length, from + PAGE_SIZE)) }),
      });
    }
    case 'resources/read': {
      const uri = request.params?.uri;
      const found = typeof uri === 'string' ? byUri.get(uri) : undefined;
      if (found?.contents)
        return done({ contents: found.contents.map(({ size: _size, ...item }) => item) });
      return { error: { code: -32603, message: found?.error ?? NOT_CAPTURED } };
    }
    default:
      return {
        error: {
          code: -32601,
          message: `${request.method}: a replayed capture answers listings and reads only`,
        },
      };
  }
}

/**
 * The error a failed listing got, as the server sent it: the host's words around it taken off, so
 * they are not said twice.
 */
function capturedListingError(said: string | undefined): { code: number; message: string } {
  const match = /^resources\/(?:templates\/)?list failed with error (-?\d+): ([\s\S]*)$/.exec(
    said ?? '',
  );
  return match
    ? { code: Number(match[1]), message: match[2] as string }
    : { code: -32603, message: said ?? 'the listing failed when captured' };
}

/** A transport to one captured server: requests are answered from the capture, on a later turn. */
export function replayTransport(
  server: CapturedServer,
  byUri: ReturnType<typeof contentsOf>,
): Transport {
  let open = false;
  const transport: Transport = {
    async start() {
      // A server that was not connected when captured is not connected in its replay either.
      if (server.status !== 'connected')
        throw new Error(`not connected when captured: ${server.disconnected ?? server.status}`);
      open = true;
    },
    async send(message) {
      if (!open || !('method' in message) || !('id' in message)) return;
      const request = message as unknown as Request;
      const deliver = (reply: JSONRPCMessage) =>
        setImmediate(() => open && transport.onmessage?.(reply));
      const reply = answer(server, byUri, request, deliver);
      if (reply) deliver({ jsonrpc: '2.0', id: request.id, ...reply } as JSONRPCMessage);
    },
    async close() {
      if (!open) return;
      open = false;
      transport.onclose?.();
    },
  };
  return transport;
}

/**
 * A replayed server's config: its captured one, which nothing ever starts (see replayHostParts).
 */
function replayConfig(server: CapturedServer): ServerConfig {
  return { name: server.name, transport: server.transport };
}

/**
 * What a host needs to replay a capture: the servers, a transport for each (the only way
 * they are reached), the curation's clock, and the captured reads for the context.
 */
export function replayHostParts(capture: Capture) {
  const servers = capture.servers.map(replayConfig);
  const transports = new Map(
    servers.map((config, at) => [config, capture.servers[at] as CapturedServer]),
  );
  const reads = new Map(capture.servers.map((server) => [server.id, contentsOf(capture, server)]));
  // The UI reads through the transport, the context here (an error as its message, exactly): both
  // from `reads`.
  return {
    servers,
    /** Every config is a captured one; anything else is refused rather than started. */
    transportFor(config: ServerConfig): Transport {
      const server = transports.get(config);
      if (!server)
        throw new HostError('internal', `${config.name} is not a server of this capture`);
      return replayTransport(server, reads.get(server.id) ?? new Map());
    },
    now: () => capture.now,
    /** Whether the capture holds a read of (captured server id, uri), contents or error. */
    has: (capturedId: string, uri: string) => reads.get(capturedId)?.has(uri) ?? false,
    /** The captured read of (captured server id, uri), exactly. */
    read(capturedId: string, uri: string): readonly ContentItem[] {
      const found = reads.get(capturedId)?.get(uri);
      if (found?.contents) return found.contents;
      throw new Error(found?.error ?? `resources/read ${uri}: ${NOT_CAPTURED}`);
    },
  };
}

/**
 * Puts a capture's own record into a replaying host: its trace and timeline (on our server
 * ids, `ours`: captured id to ours), and its curation (settings and marks) into the session.
 */
export function seedReplay(
  capture: Capture,
  ours: ReadonlyMap<string, string>,
  into: { trace: TraceStore; timeline: Timeline; session: ContextSession },
): void {
  into.trace.load(capture.trace, (captured) => ours.get(captured));
  into.timeline.load(capture.timeline, (captured) => ours.get(captured));
  // A half-life the capture did not set is cleared, not kept from the defaults.
  into.session.setSettings({ halfLifeDays: 0, ...capture.context.settings });
  const byMark = new Map<Mark, string[]>();
  for (const entry of capture.context.marks) {
    const id = ours.get(entry.server);
    if (id === undefined) continue;
    byMark.set(entry.mark, [
      ...(byMark.get(entry.mark) ?? []),
      resourceKeyString({ serverId: id, uri: entry.uri }),
    ]);
  }
  for (const [mark, keys] of byMark) into.session.setMarks(keys, mark);
}
