/**
 * Every JSON-RPC message between the host and its servers, both ways, kept per server in a
 * ring of stated size: the last {@link TRACE_LIMITS}.messages messages, and at most
 * {@link TRACE_LIMITS}.bytes of their JSON, whichever is reached first. A message larger than
 * {@link TRACE_LIMITS}.messageBytes is kept cut, with its real size. Requests are paired with
 * their responses, so each carries its duration. Secrets of the server's config (header and
 * env values) are replaced before a message is kept.
 */
import type { TraceDirection, TraceRecord } from '../../shared/trace-wire';

export const TRACE_LIMITS = { messages: 20_000, bytes: 32 * 1024 * 1024, messageBytes: 256 * 1024 };
/** Requests waiting for their response, per server, before the oldest is let go of. */
const OPEN_REQUESTS = 10_000;
const REDACTED = '[redacted]';

interface Ring {
  records: TraceRecord[];
  /** Index of the oldest record in `records` (a ring once full). */
  head: number;
  bytes: number;
  /** Requests sent and not yet answered, by direction and id. */
  open: Map<string, TraceRecord>;
  secrets: readonly string[];
}

export interface TraceStore {
  /** Records one message; `message` is the JSON-RPC object as sent or received. */
  record(serverId: string, direction: TraceDirection, message: unknown): TraceRecord | undefined;
  /** Names a server, with the values that must never be kept for it (its header and env values). */
  describe(serverId: string, name: string, secrets: readonly string[]): void;
  /** The name a server was described with. */
  nameOf(serverId: string): string;
  /** Every record kept, oldest first, across servers. */
  all(): TraceRecord[];
  /** How many are kept, and how many bytes. */
  size(): { messages: number; bytes: number };
  forget(serverId: string): void;
  /** Called with each record as it is kept, and its whole JSON (the CLI's --trace file, the trace views). */
  onRecord(listener: (record: TraceRecord, json: string) => void): () => void;
}

export function createTraceStore(limits = TRACE_LIMITS, now: () => number = Date.now): TraceStore {
  const rings = new Map<string, Ring>();
  const listeners = new Set<(record: TraceRecord, json: string) => void>();
  const names = new Map<string, string>();
  let seq = 0;

  const ring = (serverId: string): Ring => {
    let found = rings.get(serverId);
    if (!found) rings.set(serverId, (found = { records: [], head: 0, bytes: 0, open: new Map(), secrets: [] }));
    return found;
  };

  function keep(target: Ring, record: TraceRecord): void {
    const cost = record.json.length;
    if (target.records.length < limits.messages && target.head === 0) target.records.push(record);
    else {
      const oldest = target.records[target.head] as TraceRecord;
      target.bytes -= oldest.json.length;
      target.records[target.head] = record;
      target.head = (target.head + 1) % target.records.length;
    }
    target.bytes += cost;
    // Over the byte bound: the oldest go until it holds (a ring cut back to an array).
    if (target.bytes > limits.bytes) {
      const ordered = inOrder(target);
      let drop = 0;
      while (target.bytes > limits.bytes && drop < ordered.length - 1) target.bytes -= (ordered[drop++] as TraceRecord).json.length;
      target.records = ordered.slice(drop);
      target.head = 0;
    }
  }

  return {
    record(serverId, direction, message) {
      if (typeof message !== 'object' || message === null) return undefined;
      const target = ring(serverId);
      const fields = message as { method?: unknown; id?: unknown; error?: unknown };
      let json: string;
      try {
        json = JSON.stringify(message);
      } catch {
        json = '"[a message that cannot be written as JSON]"';
      }
      for (const secret of target.secrets) if (json.includes(secret)) json = json.split(secret).join(REDACTED);
      const size = json.length;
      const cut = size > limits.messageBytes;
      const record: TraceRecord = {
        seq: ++seq,
        time: now(),
        serverId,
        direction,
        size,
        json: cut ? json.slice(0, limits.messageBytes) : json,
        ...(cut && { cut: true as const }),
      };
      if (typeof fields.method === 'string') record.method = fields.method.slice(0, 200);
      const id = typeof fields.id === 'string' || typeof fields.id === 'number' ? fields.id : undefined;
      if (id !== undefined) record.id = typeof id === 'string' ? id.slice(0, 200) : id;
      if (id !== undefined && record.method !== undefined) {
        // A request: its response comes the other way with the same id.
        target.open.set(`${direction}\u0000${id}`, record);
        if (target.open.size > OPEN_REQUESTS) target.open.delete(target.open.keys().next().value as string);
      } else if (id !== undefined) {
        const key = `${direction === 'send' ? 'receive' : 'send'}\u0000${id}`;
        const request = target.open.get(key);
        if (request) {
          target.open.delete(key);
          record.method = request.method as string;
          record.duration = record.time - request.time;
          request.duration = record.duration;
          request.answeredBy = record.seq;
        }
        if (fields.error !== undefined) record.error = true;
      }
      keep(target, record);
      for (const listener of listeners) listener(record, json);
      return record;
    },
    describe(serverId, name, secrets) {
      names.set(serverId, name);
      // Longest first, so a secret inside another is not half replaced.
      ring(serverId).secrets = [...new Set(secrets.filter((secret) => secret.length >= 4))].sort((a, b) => b.length - a.length);
    },
    nameOf(serverId) {
      return names.get(serverId) ?? serverId;
    },
    all() {
      const lists = [...rings.values()].map(inOrder);
      return lists.length === 1 ? (lists[0] as TraceRecord[]) : lists.flat().sort((a, b) => a.seq - b.seq);
    },
    size() {
      let messages = 0;
      let bytes = 0;
      for (const target of rings.values()) {
        messages += target.records.length;
        bytes += target.bytes;
      }
      return { messages, bytes };
    },
    forget(serverId) {
      rings.delete(serverId);
    },
    onRecord(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function inOrder(target: Ring): TraceRecord[] {
  return target.head === 0 ? target.records : [...target.records.slice(target.head), ...target.records.slice(0, target.head)];
}
