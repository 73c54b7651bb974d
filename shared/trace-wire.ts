/**
 * The protocol trace as a window and the CLI see it: one record per JSON-RPC message, both
 * ways, and what a window's Trace panel asks for and is sent. Data only.
 */

/** `send`: from the host to the server; `receive`: from the server. */
export type TraceDirection = 'send' | 'receive';

/** One JSON-RPC message, as kept by the host (electron/host/observe/trace-store.ts). */
export interface TraceRecord {
  /** Counts up across every server of one host run. */
  seq: number;
  /** Milliseconds since the epoch. */
  time: number;
  serverId: string;
  direction: TraceDirection;
  /** A request's or notification's method; a response carries its request's. */
  method?: string;
  id?: string | number;
  /** The message's JSON length, in characters, as it was (before any cut). */
  size: number;
  /** The JSON, with the server's secrets replaced; cut when `cut` is set. */
  json: string;
  cut?: true;
  /** Requests and their responses, once answered: milliseconds between the two. */
  duration?: number;
  /** A request's: the seq of its response. */
  answeredBy?: number;
  /** A response that is an error. */
  error?: true;
}

/** Which records a Trace panel shows. Every field narrows; empty shows all. */
export interface TraceFilter {
  serverId?: string;
  /** A method, exactly. */
  method?: string;
  /** Words found in the JSON, case-insensitive. */
  text?: string;
}

/** A row of the panel: a record without its JSON (opened on request). */
export type TraceRow = Omit<TraceRecord, 'json'>;

/** What a window sends about its Trace panel. */
export interface TracePatch {
  filter?: TraceFilter;
  /** The first row shown, and how many fit. */
  first?: number;
  count?: number;
  /** Keep the newest rows in view as they come. */
  follow?: boolean;
  /** The panel closed: the host forgets it (and stops sending it frames). */
  closed?: true;
}

/** What a Trace panel shows, as of one change. */
export interface TraceFrame {
  viewId: string;
  frame: number;
  /** Rows that match the filter. */
  total: number;
  first: number;
  rows: TraceRow[];
  /** The methods seen, for the filter's choices. */
  methods: string[];
  /** What the host keeps, and its bounds. */
  kept: { messages: number; bytes: number; maxMessages: number; maxBytes: number };
}

/** One line of `--trace FILE` and of a Trace export (JSONL). */
export interface TraceLine {
  time: string;
  server: string;
  direction: TraceDirection;
  message: unknown;
}
