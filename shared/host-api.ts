/**
 * The HostApi contract: the one interface between the host core (which holds the MCP
 * connections) and every face that shows them (the Electron renderer over IPC, browser
 * mode over a WebSocket, the CLI in-process).
 *
 * Methods return Promises. The one member named `onX` is the event stream.
 * Everything here is plain data so that it crosses IPC and JSON unchanged.
 */
import type { ViewChange, ViewFrame, ViewPatch, ViewState } from './catalog/catalog-view';
import type { Profile } from './profile/profile';


/** A server's stable id inside one host run, assigned by the host. */
export type ServerId = string;

/** How to reach a server. */
export type ServerTransportConfig =
  | {
      kind: 'stdio';
      command: string;
      args: string[];
      env?: Record<string, string>;
      cwd?: string;
    }
  | {
      /** Streamable HTTP, falling back to legacy SSE where the server refuses it. */
      kind: 'http';
      url: string;
      headers?: Record<string, string>;
    }
  | {
      /** Legacy HTTP+SSE only. */
      kind: 'sse';
      url: string;
      headers?: Record<string, string>;
    };

/** A server as the user configured it. */
export interface ServerConfig {
  /** The name the user knows it by (a key of `mcpServers`, or one we derived). */
  name: string;
  transport: ServerTransportConfig;
}

/** Where a connection stands. */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/** Why a connection ended, as the user needs to read it. */
export interface DisconnectInfo {
  /** One line, e.g. "server exited with code 1" or "connection refused". */
  reason: string;
  exitCode?: number | null;
  signal?: string | null;
  /** The last lines the server wrote to stderr before it went away. */
  stderrTail: string[];
}

/** Protocol era: "legacy" starts with `initialize`, "modern" is 2026-07-28 and later. */
export type ProtocolEra = 'legacy' | 'modern';

/** A snapshot of one configured server. */
export interface ServerSnapshot {
  id: ServerId;
  name: string;
  /** The transport, with header and env values redacted. */
  transport: ServerTransportConfig;
  status: ConnectionStatus;
  protocolVersion?: string;
  era?: ProtocolEra;
  serverInfo?: { name: string; version: string; title?: string };
  /** The capabilities the server declared, as sent. */
  capabilities?: Record<string, unknown>;
  instructions?: string;
  disconnect?: DisconnectInfo;
  /** The last lines of the server's stderr (stdio servers only). */
  stderrTail: string[];
  /** True when this is the built-in demo server. */
  builtIn?: boolean;
}

/** The annotations a resource, template or content item may carry. */
export interface Annotations {
  audience?: ('user' | 'assistant')[];
  priority?: number;
  lastModified?: string;
}

/** An icon a server offered. `src` is untrusted: render only PNG, JPEG, GIF or WebP. */
export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** One resource of a catalog. Keyed by (serverId, uri), never by name. */
export interface ResourceEntry {
  serverId: ServerId;
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  icons?: Icon[];
  annotations?: Annotations;
  _meta?: Record<string, unknown>;
}

/** One resource template of a catalog. */
export interface TemplateEntry {
  serverId: ServerId;
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons?: Icon[];
  annotations?: Annotations;
  _meta?: Record<string, unknown>;
}

/** Something the host noticed a server doing wrong, or a limit it applied. */
export interface CatalogWarning {
  /** A stable machine-readable kind. */
  kind:
    | 'cursor-loop'
    | 'no-progress'
    | 'page-cap'
    | 'duplicate-uri'
    | 'invalid-item'
    | 'invalid-page'
    | 'list-failed';
  /** One line a person understands. */
  message: string;
  list: 'resources' | 'templates';
  /** The page the problem was seen on, counting from 1. */
  page?: number;
  uri?: string;
}

/** How far a catalog walk has got. */
export type CatalogStatus = 'idle' | 'listing' | 'complete' | 'cancelled' | 'failed' | 'unsupported';

/** The whole catalog of one server, as far as it has been listed. */
export interface CatalogSnapshot {
  serverId: ServerId;
  /** Bumped every time listing starts over (connect, list_changed, refresh). */
  generation: number;
  status: CatalogStatus;
  resources: ResourceEntry[];
  templates: TemplateEntry[];
  /** Pages received so far, both lists together. */
  pages: number;
  warnings: CatalogWarning[];
  error?: string;
}

/** One item of a `resources/read` result. */
export interface ContentItem {
  uri: string;
  mimeType?: string;
  /** Exactly one of `text` and `blob` is set. `blob` is base64, as the server sent it. */
  text?: string;
  blob?: string;
  /** Decoded size in bytes (UTF-8 for text). */
  size: number;
  annotations?: Annotations;
  _meta?: Record<string, unknown>;
}

/** A successful read. */
export interface ReadResult {
  serverId: ServerId;
  uri: string;
  contents: ContentItem[];
  /** Problems with the result that did not stop us showing it. */
  warnings: string[];
}

/** Suggestions for one template variable, from `completion/complete`. */
export interface CompletionResult {
  /** At most 100, as the spec allows; strings only. */
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/** Error codes a HostApi call can fail with. */
export type HostErrorCode =
  | 'invalid-input'
  | 'unknown-server'
  | 'unknown-resource'
  | 'spec-violation'
  | 'timeout'
  | 'cancelled'
  | 'disconnected'
  | 'not-supported'
  | 'server-error'
  | 'internal';

/** The shape every failed HostApi call rejects with, on every face. */
export interface HostErrorData {
  code: HostErrorCode;
  message: string;
  /** The JSON-RPC error code, where the server sent one. */
  rpcCode?: number;
}

/** An Error that carries a {@link HostErrorCode}; what every HostApi method rejects with. */
export class HostError extends Error implements HostErrorData {
  readonly code: HostErrorCode;
  readonly rpcCode?: number;
  constructor(code: HostErrorCode, message: string, rpcCode?: number) {
    super(message);
    this.name = 'HostError';
    this.code = code;
    if (rpcCode !== undefined) this.rpcCode = rpcCode;
  }
  toJSON(): HostErrorData {
    return this.rpcCode === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, rpcCode: this.rpcCode };
  }
}

/** Everything the host knows, at one point of its event sequence. */
export interface HostSnapshot {
  /** The sequence number of the last event folded into this snapshot. */
  seq: number;
  servers: ServerSnapshot[];
  catalogs: CatalogSnapshot[];
}

/** What an event says, before the host stamps it with a sequence number. */
export type HostEventBody =
  | { type: 'server'; server: ServerSnapshot }
  | { type: 'server-removed'; serverId: ServerId }
  | { type: 'catalog-reset'; serverId: ServerId; generation: number }
  | {
      type: 'catalog-page';
      serverId: ServerId;
      generation: number;
      resources: ResourceEntry[];
      templates: TemplateEntry[];
      warnings: CatalogWarning[];
      pages: number;
    }
  | {
      type: 'catalog-status';
      serverId: ServerId;
      generation: number;
      status: CatalogStatus;
      error?: string;
    }
  | { type: 'stderr'; serverId: ServerId; lines: string[] }
  | { type: 'resource-updated'; serverId: ServerId; uri: string }
  /** A window's view of the catalogs changed (see {@link HostApi.openView}). */
  | { type: 'view'; frame: ViewFrame };

/** Events the host pushes. Each carries the sequence number it was emitted with. */
export type HostEvent = { seq: number } & HostEventBody;

/** A saved profile, as a list shows it. */
export interface ProfileSummary {
  name: string;
  file: string;
  savedAt?: string;
  /** Why it cannot be loaded, if it cannot. */
  problem?: string;
}

/** What the context's policy reads of a resource (shared/context/curate.ts), without its server. */
export type CandidateEntry = Pick<ResourceEntry, 'uri' | 'name' | 'title' | 'annotations' | 'size'>;

/** Part of one server's catalog, for the context's policy. */
export interface CandidatePage {
  /** The catalog's generation: a window that holds another one starts over. */
  generation: number;
  /** Resources in the catalog now. */
  total: number;
  candidates: CandidateEntry[];
}

/** Removes the listener it was returned for. */
export type Unsubscribe = () => void;

/** Pick keys one `updateView` or `openView` call may carry; windows send more in parts. */
export const MAX_PICKS_PER_CALL = 20_000;

/** The host, as every face sees it. */
export interface HostApi {
  /** Everything known now; pair with {@link HostApi.onEvent} and drop events with `seq <= snapshot.seq`. */
  getSnapshot(): Promise<HostSnapshot>;
  /** Adds a server and connects to it. Spawns a process for stdio: call only on a user's action. */
  addServer(config: ServerConfig): Promise<ServerId>;
  /** Disconnects and forgets a server. */
  removeServer(serverId: ServerId): Promise<void>;
  /** Drops the connection and connects again with the same config. */
  reconnect(serverId: ServerId): Promise<void>;
  /** Lists the whole catalog again, from the first page. */
  refreshCatalog(serverId: ServerId): Promise<void>;
  /** Stops a catalog walk in progress; what arrived so far stays. */
  cancelCatalog(serverId: ServerId): Promise<void>;
  /** Reads a resource. Rejects with a {@link HostError}; `requestId` lets {@link cancelRequest} stop it. */
  readResource(serverId: ServerId, uri: string, requestId?: string): Promise<ReadResult>;
  /** Cancels a request started with that `requestId`. Unknown ids are ignored. */
  cancelRequest(requestId: string): Promise<void>;
  /**
   * The resources of one server the user is looking at: the host subscribes to them where
   * the server supports it (legacy `resources/subscribe`, or 2026-07-28 `subscriptions/listen`)
   * and emits `resource-updated` when they change. Replaces the previous set for that server.
   */
  watchResources(serverId: ServerId, uris: string[]): Promise<void>;
  /**
   * Asks the server to complete one variable of a resource template (`completion/complete`
   * with `ref/resource`). `context` holds the values already chosen for the other variables.
   * Resolves with no values when the server does not declare `completions`.
   * `requestId` lets {@link cancelRequest} drop a stale request.
   */
  completeArgument(
    serverId: ServerId,
    uriTemplate: string,
    argument: { name: string; value: string },
    context: Record<string, string>,
    requestId?: string,
  ): Promise<CompletionResult>;
  /** The saved profiles, newest first; one that cannot be loaded says why. */
  listProfiles(): Promise<ProfileSummary[]>;
  /** Saves a profile under its name, atomically. Never replaces a file it cannot read. */
  saveProfile(profile: Profile): Promise<ProfileSummary>;
  /**
   * Loads a profile; a file it cannot read is kept as it is, beside a backup, and the error
   * says where. Its servers' header and env values come back redacted.
   */
  loadProfile(name: string): Promise<Profile>;
  /**
   * Connects servers a profile names, with the configs the profile file holds (secrets
   * included, which never cross to the page). Spawns processes: call only on a user's action.
   */
  connectProfileServers(name: string, serverNames: string[]): Promise<ServerId[]>;
  /**
   * Opens a window's view of every catalog, or replaces its state. The host keeps the tree
   * and the search, and sends the window what it shows as `view` events for `viewId`.
   */
  openView(viewId: string, state: Partial<ViewState>): Promise<void>;
  /** Changes a view; its next frame is sent before this resolves. Rejects for an unknown view. */
  updateView(viewId: string, patch: ViewPatch): Promise<ViewChange>;
  /** Forgets a view. Unknown ids are ignored. */
  closeView(viewId: string): Promise<void>;
  /**
   * One server's resources as the context's policy reads them: from position `from` of its
   * list, at most `limit`; or the ones with the given URIs.
   */
  listCandidates(serverId: ServerId, request: { from: number; limit: number } | { uris: string[] }): Promise<CandidatePage>;
  /** The event stream. */
  onEvent(listener: (event: HostEvent) => void): Unsubscribe;
}

/** The calls every face makes the same way (what differs is the snapshot and the events). */
export type HostCalls = Omit<HostApi, 'getSnapshot' | 'onEvent'>;

/** The HostApi methods that can be called remotely, i.e. every member except the event stream. */
export type HostMethod = Exclude<keyof HostApi, 'onEvent'>;
