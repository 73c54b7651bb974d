/**
 * The HostApi contract: the one interface between the host core (which holds the MCP
 * connections) and every face that shows them (the Electron renderer over IPC, browser
 * mode over a WebSocket, the CLI in-process).
 *
 * Methods return Promises. The one member named `onX` is the event stream.
 * Everything here is plain data so that it crosses IPC and JSON unchanged. The data model is
 * below it, in mcp-types.ts, and the error every call rejects with in host-error.ts.
 */
import type { ViewChange, ViewFrame, ViewPatch, ViewState } from './catalog/view-wire';
import type {
  CatalogSnapshot,
  CatalogStatus,
  CatalogWarning,
  CompletionResult,
  ProfileSummary,
  ReadResult,
  ResourceEntry,
  ServerConfig,
  ServerId,
  ServerSnapshot,
  TemplateEntry,
} from './mcp-types';
import type { Profile } from './profile/profile';

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

/** What the context's policy reads of a resource (shared/context/curate.ts), without its server. */
export type CandidateEntry = Pick<ResourceEntry, 'uri' | 'name' | 'title' | 'description' | 'mimeType' | 'annotations' | 'size'>;

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
  /** Reads a resource. Rejects with a HostError (host-error.ts); `requestId` lets {@link cancelRequest} stop it. */
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
