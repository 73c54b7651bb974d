/**
 * The windows' Trace panels, kept by the host beside the trace itself: each window's filter
 * and the rows it shows, and a `trace` frame of those rows on each change. New messages reach
 * an open panel at most every {@link TRACE_INTERVAL_MS}; a panel that follows the newest rows
 * moves with them, one that was scrolled back stays where it is.
 */
import type { HostEventBody } from '../../../shared/host-api';
import type {
  TraceFilter,
  TraceFrame,
  TraceLine,
  TracePatch,
  TraceRecord,
  TraceRow,
} from '../../../shared/trace-wire';
import { TRACE_LIMITS, type TraceStore } from './trace-store';

export const TRACE_INTERVAL_MS = 250;
/** Rows a frame carries at most, whatever a window asks. */
const MAX_ROWS = 500;
const MAX_VIEWS = 8;

interface TraceView {
  filter: TraceFilter;
  first: number;
  count: number;
  follow: boolean;
  frames: number;
}

export interface TraceViews {
  update(viewId: string, patch: TracePatch): void;
  close(viewId: string): void;
  /** A message's JSON as kept (cut past 256 KB), or null when it is no longer kept. */
  message(seq: number): string | null;
  /** The records that match, as JSONL: the trace a user exports. */
  export(filter: TraceFilter): string;
  dispose(): void;
}

export function createTraceViews(deps: {
  trace: TraceStore;
  emit(body: HostEventBody): void;
  limits?: typeof TRACE_LIMITS;
}): TraceViews {
  const views = new Map<string, TraceView>();
  const limits = deps.limits ?? TRACE_LIMITS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Per filter, what matched so far and the last seq looked at: new messages are filtered as
  // they come, never every message kept again (a text filter reads up to 8 MB a server).
  const matches = new Map<string, { list: TraceRecord[]; scanned: number }>();
  const methods = new Set<string>();

  const stop = deps.trace.onRecord((record) => {
    if (record.method !== undefined && methods.size < 500) methods.add(record.method);
    if (views.size > 0) timer ??= setTimeout(flush, TRACE_INTERVAL_MS);
  });

  function matching(filter: TraceFilter): TraceRecord[] {
    const key = JSON.stringify([filter.serverId, filter.method, filter.text]);
    let found = matches.get(key);
    if (!found) {
      if (matches.size >= 16) matches.clear();
      matches.set(key, (found = { list: [], scanned: 0 }));
    }
    const words = (filter.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const fresh = deps.trace.since(found.scanned);
    if (fresh.length > 0) found.scanned = (fresh.at(-1) as TraceRecord).seq;
    for (const record of fresh) {
      if (filter.serverId !== undefined && record.serverId !== filter.serverId) continue;
      if (filter.method !== undefined && record.method !== filter.method) continue;
      if (words.length > 0) {
        const text = record.json.toLowerCase();
        if (!words.every((word) => text.includes(word))) continue;
      }
      found.list.push(record);
    }
    // What the rings let go of goes from the list too.
    const oldest = new Map<string, number>();
    const kept = (record: TraceRecord) => {
      let seq = oldest.get(record.serverId);
      if (seq === undefined)
        oldest.set(record.serverId, (seq = deps.trace.oldestKept(record.serverId)));
      return record.seq >= seq;
    };
    if (found.list.length > 0 && !found.list.every(kept)) found.list = found.list.filter(kept);
    return found.list;
  }

  function send(viewId: string, view: TraceView): void {
    const list = matching(view.filter);
    const count = Math.min(view.count, MAX_ROWS);
    const first = view.follow
      ? Math.max(0, list.length - count)
      : Math.min(view.first, Math.max(0, list.length - 1));
    view.first = first;
    view.frames += 1;
    const kept = deps.trace.size();
    const frame: TraceFrame = {
      viewId,
      frame: view.frames,
      total: list.length,
      first,
      rows: list.slice(first, first + count).map(row),
      methods: [...methods].sort(),
      kept: { ...kept, maxMessages: limits.messages, maxBytes: limits.bytes },
    };
    deps.emit({ type: 'trace', frame });
  }

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    for (const [viewId, view] of views) send(viewId, view);
  }

  return {
    update(viewId, patch) {
      if (patch.closed) {
        views.delete(viewId);
        return;
      }
      let view = views.get(viewId);
      if (!view) {
        if (views.size >= MAX_VIEWS) views.delete(views.keys().next().value as string);
        view = { filter: {}, first: 0, count: 100, follow: true, frames: 0 };
        views.set(viewId, view);
      }
      if (patch.filter !== undefined) view.filter = clean(patch.filter);
      if (patch.count !== undefined) view.count = patch.count;
      if (patch.first !== undefined) view.first = patch.first;
      if (patch.follow !== undefined) view.follow = patch.follow;
      send(viewId, view);
    },
    close(viewId) {
      views.delete(viewId);
    },
    message(seq) {
      return deps.trace.find(seq)?.json ?? null;
    },
    export(filter) {
      return matching(clean(filter))
        .map((record) => {
          const line: TraceLine & { cut?: { size: number } } = {
            time: new Date(record.time).toISOString(),
            server: deps.trace.nameOf(record.serverId),
            direction: record.direction,
            message: null,
          };
          if (record.cut) line.cut = { size: record.size };
          else line.message = JSON.parse(record.json) as unknown;
          return JSON.stringify(line);
        })
        .join('\n');
    },
    dispose() {
      clearTimeout(timer);
      views.clear();
      stop();
    },
  };
}

function clean(filter: TraceFilter): TraceFilter {
  const out: TraceFilter = {};
  if (filter.serverId) out.serverId = filter.serverId;
  if (filter.method) out.method = filter.method;
  if (filter.text?.trim()) out.text = filter.text.trim();
  return out;
}

function row(record: TraceRecord): TraceRow {
  const { json: _json, ...rest } = record;
  return rest;
}
