/**
 * Every JSON-RPC message between the host and its servers, both ways, kept per server in a
 * ring of stated size: the last {@link TRACE_LIMITS}.messages messages, and at most
 * {@link TRACE_LIMITS}.bytes of their JSON, whichever is reached first. A message larger than
 * {@link TRACE_LIMITS}.messageBytes is kept cut, with its real size. Requests are paired with
 * their responses, so each carries its duration. The secrets of the server's config (its
 * header and credential values, redact.ts) are replaced inside the message's strings before
 * it is kept, so what is kept stays JSON.
 */
import type { TraceDirection, TraceRecord } from '../../../shared/trace-wire';
import { redactedJson, redactString } from './redact';

/**
 * 8 MB a server holds its last 20,000 small messages whole; a big listing's pages (about 130 KB
 * each) fill it long before that, and at 32 MB they were a quarter of the host's memory at
 * 100,000 resources.
 */
export const TRACE_LIMITS = { messages: 20_000, bytes: 8 * 1024 * 1024, messageBytes: 256 * 1024 };
/** Requests waiting for their response, per server, before the oldest is let go of. */
const OPEN_REQUESTS = 10_000;

/** A fixed-size ring of records, oldest first, bounded by count and by JSON length. */
class Ring {
  readonly #slots: (TraceRecord | undefined)[];
  #head = 0;
  #length = 0;
  bytes = 0;
  /** Requests sent and not yet answered, by direction and id. */
  readonly open = new Map<string, TraceRecord>();
  secrets: readonly string[] = [];

  constructor(
    readonly limit: number,
    readonly maxBytes: number,
  ) {
    this.#slots = new Array<TraceRecord | undefined>(limit);
  }

  get length(): number {
    return this.#length;
  }

  push(record: TraceRecord): void {
    if (this.#length === this.limit) this.#dropOldest();
    this.#slots[(this.#head + this.#length) % this.limit] = record;
    this.#length += 1;
    this.bytes += record.json.length;
    while (this.bytes > this.maxBytes && this.#length > 1) this.#dropOldest();
  }

  at(index: number): TraceRecord {
    return this.#slots[(this.#head + index) % this.limit] as TraceRecord;
  }

  /** The seq of the oldest record kept, or Infinity when none is. */
  get oldestSeq(): number {
    return this.#length === 0 ? Infinity : this.at(0).seq;
  }

  /** The records newer than `seq`, oldest first. */
  since(seq: number): TraceRecord[] {
    let from = this.#length;
    while (from > 0 && this.at(from - 1).seq > seq) from -= 1;
    const out: TraceRecord[] = [];
    for (let index = from; index < this.#length; index += 1) out.push(this.at(index));
    return out;
  }

  find(seq: number): TraceRecord | undefined {
    let low = 0;
    let high = this.#length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const record = this.at(middle);
      if (record.seq === seq) return record;
      if (record.seq < seq) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  #dropOldest(): void {
    const oldest = this.at(0);
    this.#slots[this.#head] = undefined;
    this.#head = (this.#head + 1) % this.limit;
    this.#length -= 1;
    this.bytes -= oldest.json.length;
  }
}

/**
 * The first `length` characters of `text` as a string of their own. A plain slice points into
 * its parent, so a cut 32 MB listing would keep all 32 MB alive for the 256 KB it shows; the
 * slice of a concatenation copies them first.
 */
function ownCopy(text: string, length: number): string {
  return (' ' + text.slice(0, length)).slice(1);
}

export interface TraceStore {
  /** Records one message; `message` is the JSON-RPC object as sent or received. */
  record(serverId: string, direction: TraceDirection, message: unknown): TraceRecord | undefined;
  /** Names a server, with the values that must never be kept for it (redact.ts, `secretsOf`). */
  describe(serverId: string, name: string, secrets: readonly string[]): void;
  /** The name a server was described with. */
  nameOf(serverId: string): string;
  /** Every record kept, oldest first, across servers. */
  all(): TraceRecord[];
  /** The records newer than `seq`, across servers, oldest first. */
  since(seq: number): TraceRecord[];
  /** Per server, the seq of the oldest record still kept: anything older is gone. */
  oldestKept(serverId: string): number;
  find(seq: number): TraceRecord | undefined;
  /** How many are kept, and how many bytes. */
  size(): { messages: number; bytes: number };
  /** A removed server's messages go with it. */
  forget(serverId: string): void;
  /**
   * Records kept elsewhere (a capture's), as they were, renumbered in their order; `serverId` maps
   * their servers to ours.
   */
  load(records: readonly TraceRecord[], serverId: (captured: string) => string | undefined): void;
  /**
   * Called with each record as it is kept, and its whole JSON (the CLI's --trace file, the trace
   * views).
   */
  onRecord(listener: (record: TraceRecord, json: string) => void): () => void;
}

export function createTraceStore(limits = TRACE_LIMITS, now: () => number = Date.now): TraceStore {
  const rings = new Map<string, Ring>();
  const listeners = new Set<(record: TraceRecord, json: string) => void>();
  const names = new Map<string, string>();
  let seq = 0;

  const merged = (lists: TraceRecord[][]) =>
    lists.length === 1 ? (lists[0] as TraceRecord[]) : lists.flat().sort((a, b) => a.seq - b.seq);

  return {
    record(serverId, direction, message) {
      // A server never described (or forgotten: removed while it still talked) keeps nothing.
      const target = rings.get(serverId);
      if (typeof message !== 'object' || message === null || !target) return undefined;
      const fields = message as { method?: unknown; id?: unknown; error?: unknown };
      let json: string;
      try {
        json = redactedJson(message, target.secrets);
      } catch {
        json = '"[a message that cannot be written as JSON]"';
      }
      const size = json.length;
      const cut = size > limits.messageBytes;
      const record: TraceRecord = {
        seq: ++seq,
        time: now(),
        serverId,
        direction,
        size,
        json: cut ? ownCopy(json, limits.messageBytes) : json,
        ...(cut && { cut: true as const }),
      };
      if (typeof fields.method === 'string')
        record.method = redactString(fields.method, target.secrets).slice(0, 200);
      const id =
        typeof fields.id === 'string'
          ? redactString(fields.id, target.secrets)
          : typeof fields.id === 'number'
            ? fields.id
            : undefined;
      if (id !== undefined) record.id = typeof id === 'string' ? id.slice(0, 200) : id;
      if (id !== undefined && record.method !== undefined) {
        // A request: its response comes the other way with the same id.
        target.open.set(`${direction}\u0000${id}`, record);
        if (target.open.size > OPEN_REQUESTS)
          target.open.delete(target.open.keys().next().value as string);
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
      target.push(record);
      for (const listener of listeners) listener(record, json);
      return record;
    },
    describe(serverId, name, secrets) {
      names.set(serverId, name);
      let target = rings.get(serverId);
      if (!target) rings.set(serverId, (target = new Ring(limits.messages, limits.bytes)));
      target.secrets = secrets;
    },
    nameOf(serverId) {
      return names.get(serverId) ?? serverId;
    },
    all() {
      return merged([...rings.values()].map((target) => target.since(-1)));
    },
    since(after) {
      return merged([...rings.values()].map((target) => target.since(after)));
    },
    oldestKept(serverId) {
      return rings.get(serverId)?.oldestSeq ?? Infinity;
    },
    find(wanted) {
      for (const target of rings.values()) {
        const found = target.find(wanted);
        if (found) return found;
      }
      return undefined;
    },
    size() {
      let messages = 0;
      let bytes = 0;
      for (const target of rings.values()) {
        messages += target.length;
        bytes += target.bytes;
      }
      return { messages, bytes };
    },
    forget(serverId) {
      rings.delete(serverId);
      names.delete(serverId);
    },
    load(records, serverId) {
      const renumbered = new Map<number, number>();
      for (const record of [...records].sort((a, b) => a.seq - b.seq)) {
        const id = serverId(record.serverId);
        const target = id === undefined ? undefined : rings.get(id);
        if (!target || id === undefined) continue;
        const loaded: TraceRecord = { ...record, serverId: id, seq: ++seq };
        renumbered.set(record.seq, loaded.seq);
        if (loaded.answeredBy !== undefined) delete loaded.answeredBy;
        target.push(loaded);
      }
      // A request names its response by seq: renumbered with it (one kept before its response is
      // pushed).
      for (const record of records) {
        if (record.answeredBy === undefined) continue;
        const mine = renumbered.get(record.seq);
        const answer = renumbered.get(record.answeredBy);
        const kept = mine === undefined ? undefined : this.find(mine);
        if (kept && answer !== undefined) kept.answeredBy = answer;
      }
    },
    onRecord(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
