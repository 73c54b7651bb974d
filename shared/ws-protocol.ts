/**
 * Browser mode's wire format. Calls and their replies are JSON text frames over one WebSocket
 * at `/ws?token=<token>`; host events come down one streamed GET at `/events?token=<token>`,
 * a JSON message per line. A browser takes a bulk stream over HTTP two to three times faster
 * than over a WebSocket (26 MB of catalog: about 0.2 s against 0.55 s in Chromium), and a
 * listing of 100,000 resources is 26 MB of events. The page opens the stream first: the host
 * subscribes it before answering, so no event between that and the page's snapshot is lost.
 * The page's own token comes from its URL (`/?token=<token>`).
 */
import type { CatalogSnapshot, HostEvent, HostMethod, HostSnapshot } from './host-api';
import type { RpcResponse } from './host-remote';

/** The path of the WebSocket endpoint. */
export const WS_PATH = '/ws';
/** The path of the event stream. */
export const EVENTS_PATH = '/events';
/** The event stream's media type: one JSON message per line. */
export const EVENTS_TYPE = 'application/x-ndjson; charset=utf-8';
/** The query parameter that carries the per-run token, on the page and on the socket. */
export const TOKEN_PARAM = 'token';

/** Browser → host: one HostApi call. `id` is the caller's, echoed in the reply. */
export interface WsCall {
  id: number;
  method: HostMethod;
  args: unknown[];
}

/**
 * Host → browser: a reply to a call (on the socket), or an event, or the event stream's first
 * line (on the stream): the host's snapshot as the stream began, so the page needs no
 * snapshot call (26 MB at 100,000 resources, slow over the socket) and every later line is
 * an event newer than it. A reply's `after` gives the seq of the last event sent before it,
 * which the page waits for before it resolves the call, so a reply never overtakes the events
 * it follows (a profile's servers are in the store when connectProfileServers returns).
 */
export type WsServerMessage = { id: number; response: RpcResponse; after?: number } | { event: HostEvent } | { snapshot: HostSnapshot };

/**
 * A list of records as one list of keys and one row of values per record: a catalog page
 * of 500 resources repeats the same ten keys 500 times, and at 100,000 resources those keys
 * are a third of every byte the host serializes, the browser relays and the page decodes.
 * `null` in a row means "absent"; a record holding a real null is never packed (see packRecords).
 */
export interface PackedRecords {
  keys: string[];
  rows: unknown[][];
}

/** Packs `records`, or returns undefined when one holds a null value (it would read back as absent). */
export function packRecords(records: readonly object[]): PackedRecords | undefined {
  const keys: string[] = [];
  const columns = new Map<string, number>();
  const rows: unknown[][] = [];
  // Records of one shape (the usual case) reuse the last record's key list and columns.
  let lastKeys: string[] = [];
  let lastColumns: number[] = [];
  for (const record of records) {
    const own = Object.keys(record);
    let sameShape = own.length === lastKeys.length;
    for (let k = 0; sameShape && k < own.length; k += 1) sameShape = own[k] === lastKeys[k];
    if (!sameShape) {
      lastKeys = own;
      lastColumns = own.map(() => -1);
    }
    // A key gets its column with its first value (a key whose value is undefined is absent).
    for (let k = 0; k < own.length; k += 1) {
      const key = own[k] as string;
      if (lastColumns[k] !== -1 || (record as Record<string, unknown>)[key] === undefined) continue;
      let column = columns.get(key);
      if (column === undefined) {
        column = keys.length;
        columns.set(key, column);
        keys.push(key);
      }
      lastColumns[k] = column;
    }
    const row: unknown[] = new Array<unknown>(keys.length).fill(null);
    for (let k = 0; k < own.length; k += 1) {
      const value: unknown = (record as Record<string, unknown>)[own[k] as string];
      if (value === null) return undefined;
      if (value !== undefined) row[lastColumns[k] as number] = value;
    }
    rows.push(row);
  }
  // Rows made before a later record brought a new key are one cell short: absent.
  for (const row of rows) while (row.length < keys.length) row.push(null);
  return { keys, rows };
}

/** The records of a {@link PackedRecords}, or undefined when it is not one. */
export function unpackRecords(packed: unknown): Record<string, unknown>[] | undefined {
  if (typeof packed !== 'object' || packed === null) return undefined;
  const { keys, rows } = packed as Partial<PackedRecords>;
  if (!Array.isArray(keys) || !Array.isArray(rows) || !keys.every((key) => typeof key === 'string' && key !== '__proto__')) return undefined;
  const records: Record<string, unknown>[] = new Array(rows.length);
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index];
    if (!Array.isArray(row)) return undefined;
    const record: Record<string, unknown> = {};
    for (let column = 0; column < keys.length; column += 1) {
      const value: unknown = row[column];
      if (value !== null && value !== undefined) record[keys[column] as string] = value;
    }
    records[index] = record;
  }
  return records;
}

/** A catalog's resources packed, when they can be (see packRecords); the catalog as it is otherwise. */
function packedCatalog<T extends { resources: readonly object[] }>(catalog: T): T | (Omit<T, 'resources'> & { packedResources: PackedRecords }) {
  const packed = catalog.resources.length > 0 ? packRecords(catalog.resources) : undefined;
  if (!packed) return catalog;
  const { resources: _sent, ...rest } = catalog;
  return { ...rest, packedResources: packed };
}

/** A host → browser message's text (a frame, or a line of the event stream); catalog resources travel packed. */
export function encodeServerMessage(message: WsServerMessage): string {
  if ('event' in message && message.event.type === 'catalog-page') return JSON.stringify({ event: packedCatalog(message.event) });
  if ('snapshot' in message) return JSON.stringify({ snapshot: { ...message.snapshot, catalogs: message.snapshot.catalogs.map((catalog: CatalogSnapshot) => packedCatalog(catalog)) } });
  return JSON.stringify(message);
}
