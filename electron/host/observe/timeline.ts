/**
 * The host's timeline (shared/timeline-wire.ts), kept in a ring of {@link TIMELINE_LIMIT}
 * entries: each notification a server sends (its resource updates as its update gate lets them
 * on), and what the host's events say happened. Windows'
 * Timeline panels get `timeline` frames (the newest {@link FRAME_ENTRIES} that match), at most
 * every {@link TIMELINE_INTERVAL_MS}; `mcp-context watch` follows the entries as they come.
 */
import type { HostEventBody } from '../../../shared/host-api';
import { describeCounts } from '../../../shared/catalog/catalog-diff';
import type { TimelineEntry, TimelineFilter, TimelineKind } from '../../../shared/timeline-wire';

export const TIMELINE_LIMIT = 5000;
export const TIMELINE_INTERVAL_MS = 250;
const FRAME_ENTRIES = 500;
const MAX_VIEWS = 8;

type Note = Omit<TimelineEntry, 'seq' | 'time' | 'server'>;

export interface Timeline {
  /** A notification a server sent. */
  notified(serverId: string, method: string, params: unknown): void;
  /** Every host event: connections, listings again, problems. */
  observe(event: HostEventBody): void;
  update(viewId: string, filter: TimelineFilter): void;
  close(viewId: string): void;
  onEntry(listener: (entry: TimelineEntry) => void): () => void;
  entries(): TimelineEntry[];
  /**
   * Entries recorded elsewhere (a capture's), put first with their times; `serverId` maps their
   * servers to ours.
   */
  load(entries: readonly TimelineEntry[], serverId: (captured: string) => string | undefined): void;
  dispose(): void;
}

export function createTimeline(deps: {
  emit(body: HostEventBody): void;
  nameOf(serverId: string): string;
  /** Hides a server's secrets in what it said (a log line may echo one). */
  redact?(serverId: string, text: string): string;
  limit?: number;
}): Timeline {
  const limit = deps.limit ?? TIMELINE_LIMIT;
  let ring: TimelineEntry[] = [];
  let seq = 0;
  const listeners = new Set<(entry: TimelineEntry) => void>();
  const views = new Map<string, { filter: TimelineFilter; frames: number }>();
  const status = new Map<
    string,
    { status: string; retry: string; problems: Map<string, number> }
  >();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function add(note: Note): void {
    const entry: TimelineEntry = {
      seq: ++seq,
      time: Date.now(),
      server: deps.nameOf(note.serverId),
      ...note,
    };
    const redact = deps.redact ?? ((_serverId: string, text: string) => text);
    if (entry.detail !== undefined) entry.detail = oneLine(redact(note.serverId, entry.detail));
    if (entry.uri !== undefined) entry.uri = redact(note.serverId, entry.uri).slice(0, 2000);
    ring.push(entry);
    if (ring.length > limit * 1.25) ring = ring.slice(-limit);
    for (const listener of listeners) listener(entry);
    if (views.size > 0) timer ??= setTimeout(flush, TIMELINE_INTERVAL_MS);
  }

  function send(viewId: string, view: { filter: TimelineFilter; frames: number }): void {
    const kinds = view.filter.kinds && new Set(view.filter.kinds);
    const matching = kept().filter(
      (entry) =>
        (view.filter.serverId === undefined || entry.serverId === view.filter.serverId) &&
        (!kinds || kinds.has(entry.kind)),
    );
    view.frames += 1;
    deps.emit({
      type: 'timeline',
      frame: {
        viewId,
        frame: view.frames,
        total: matching.length,
        entries: matching.slice(-FRAME_ENTRIES),
        limit,
      },
    });
  }

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    for (const [viewId, view] of views) send(viewId, view);
  }

  const kept = () => (ring.length > limit ? ring.slice(-limit) : ring);

  return {
    notified(serverId, method, params) {
      // Updates are recorded as the server's update gate lets them on (observe): joined, and
      // only for URIs subscribed to; a flood or an unasked one is told as a problem instead.
      if (method === 'notifications/resources/updated') return;
      const fields = (typeof params === 'object' && params !== null ? params : {}) as Record<
        string,
        unknown
      >;
      const uri = typeof fields.uri === 'string' ? fields.uri : undefined;
      const kind: TimelineKind =
        method === 'notifications/resources/list_changed'
          ? 'list-changed'
          : method === 'notifications/resources/updated'
            ? 'updated'
            : method === 'notifications/message'
              ? 'log'
              : 'notification';
      const note: Note = { serverId, kind, ...(uri !== undefined && { uri }) };
      if (kind === 'log') {
        if (typeof fields.level === 'string') note.level = fields.level.slice(0, 20);
        const data =
          typeof fields.data === 'string' ? fields.data : JSON.stringify(fields.data ?? null);
        note.detail = `${typeof fields.logger === 'string' ? `${fields.logger}: ` : ''}${data ?? ''}`;
      } else if (kind === 'notification') note.detail = method;
      add(note);
    },
    observe(event) {
      if (event.type === 'resource-updated') {
        add({ serverId: event.serverId, kind: 'updated', uri: event.uri });
        return;
      }
      if (event.type === 'catalog-relisted') {
        const change = event.change;
        add({
          serverId: event.serverId,
          kind: 'listed-again',
          detail: `${describeCounts(change)} (${change.cause})`,
        });
        return;
      }
      if (event.type === 'server-removed') {
        status.delete(event.serverId);
        return;
      }
      if (event.type !== 'server') return;
      const server = event.server;
      const known = status.get(server.id) ?? {
        status: 'connecting',
        retry: '',
        problems: new Map<string, number>(),
      };
      status.set(server.id, known);
      if (server.status !== known.status) {
        if (server.status === 'connected')
          add({
            serverId: server.id,
            kind: 'connected',
            ...(server.protocolVersion && { detail: `protocol ${server.protocolVersion}` }),
          });
        if (server.status === 'disconnected')
          add({
            serverId: server.id,
            kind: 'disconnected',
            detail: server.disconnect?.reason ?? 'disconnected',
          });
        known.status = server.status;
      }
      const retry = server.retry
        ? `${server.retry.attempt}/${server.retry.of}/${server.retry.gaveUp ? 'x' : ''}`
        : '';
      if (retry !== known.retry && server.retry) {
        if (server.retry.gaveUp)
          add({
            serverId: server.id,
            kind: 'gave-up',
            detail: `gave up reconnecting after ${server.retry.of} attempts`,
          });
        else
          add({
            serverId: server.id,
            kind: 'reconnecting',
            detail: `attempt ${server.retry.attempt} of ${server.retry.of}${server.retry.at ? ` at ${server.retry.at.slice(11, 19)}` : ''}`,
          });
      }
      known.retry = retry;
      for (const problem of server.problems ?? []) {
        if (known.problems.get(problem.kind) === problem.count) continue;
        known.problems.set(problem.kind, problem.count);
        add({
          serverId: server.id,
          kind: 'problem',
          detail: problem.message.includes(' times ')
            ? problem.message
            : `${problem.message} (${problem.count}×)`,
        });
      }
    },
    update(viewId, filter) {
      if (filter.closed) {
        views.delete(viewId);
        return;
      }
      let view = views.get(viewId);
      if (!view) {
        if (views.size >= MAX_VIEWS) views.delete(views.keys().next().value as string);
        views.set(viewId, (view = { filter: {}, frames: 0 }));
      }
      view.filter = filter;
      send(viewId, view);
    },
    close(viewId) {
      views.delete(viewId);
    },
    onEntry(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    entries: () => kept().slice(),
    load(entries, serverId) {
      const loaded = entries.flatMap((entry) => {
        const id = serverId(entry.serverId);
        return id === undefined ? [] : [{ ...entry, serverId: id, seq: ++seq }];
      });
      ring = [...loaded, ...ring].slice(-limit);
    },
    dispose() {
      clearTimeout(timer);
      views.clear();
      listeners.clear();
    },
  };
}

/** Server text on one line, without control characters, cut to 500 characters. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').slice(0, 500);
}
