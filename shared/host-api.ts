/**
 * The HostApi contract: the one interface between the host core (which holds the MCP
 * connections) and every face that shows them (the Electron renderer over IPC, browser
 * mode over a WebSocket, the CLI in-process).
 *
 * Methods return Promises. The one member named `onX` is the event stream.
 * Everything here is plain data so that it crosses IPC and JSON unchanged. The data model is
 * below it, in mcp-types.ts, and the error every call rejects with in host-error.ts.
 */
import type { FoundConfig } from './config/found-config';
import type { ViewChange, ViewFrame, ViewPatch, ViewState } from './catalog/view-wire';
import type { ContextFrame, ContextPatch } from './context/context-wire';
import type { CheckReport } from './check/check-types';
import type { TimelineFilter, TimelineFrame } from './timeline-wire';
import type { TraceFilter, TraceFrame, TracePatch } from './trace-wire';
import type { CatalogDiff } from './catalog/catalog-diff';
import type {
  CatalogChange,
  CatalogSnapshot,
  CatalogStatus,
  CatalogWarning,
  CompletionResult,
  LogLevel,
  PageProgress,
  ProfileSummary,
  ReadResult,
  ResourceEntry,
  ServerConfig,
  ServerId,
  ServerSnapshot,
  TemplateEntry,
} from './mcp-types';

/** Everything the host knows, at one point of its event sequence. */
export interface HostSnapshot {
  /** The sequence number of the last event folded into this snapshot. */
  seq: number;
  servers: ServerSnapshot[];
  catalogs: CatalogSnapshot[];
  /** Set when this host replays a capture (read-only): when it was taken, and by what. */
  replay?: ReplayInfo;
}

/** What a replayed capture says of itself. */
export interface ReplayInfo {
  capturedAt: string;
  tool: string;
}

/** A capture just taken: the file's text (secrets replaced), and what a Save dialog needs. */
export interface CaptureTaken {
  json: string;
  fileName: string;
  servers: number;
  contents: number;
  bytes: number;
}

/** Captures open at once in one host (HostApi.openCapture); opening another closes the oldest. */
export const MAX_OPEN_CAPTURES = 4;

/**
 * Most bytes of a capture a window may send to be opened, escaped as JSON (browser mode's whole
 * call may be 8 MB).
 */
export const MAX_CAPTURE_UPLOAD = 7_000_000;

/** Entries of one listing of a catalog: a page of it, or (listed again) all of it. */
export interface CatalogListing {
  serverId: ServerId;
  generation: number;
  resources: ResourceEntry[];
  templates: TemplateEntry[];
  warnings: CatalogWarning[];
  /** Pages received so far, both lists together. */
  pages: number;
}

/** What an event says, before the host stamps it with a sequence number. */
export type HostEventBody =
  | { type: 'server'; server: ServerSnapshot }
  | { type: 'server-removed'; serverId: ServerId }
  | { type: 'catalog-reset'; serverId: ServerId; generation: number }
  | ({ type: 'catalog-page' } & CatalogListing)
  | {
      type: 'catalog-status';
      serverId: ServerId;
      generation: number;
      status: CatalogStatus;
      error?: string;
      /** While a listing again runs behind the list shown: its pages so far. */
      relisting?: { pages: number };
    }
  /**
   * A large page of a first listing is arriving or being checked; without `progress`, that page
   * is done. Said at most every 100 ms while it arrives, and once per slice checked.
   */
  | { type: 'catalog-progress'; serverId: ServerId; generation: number; progress?: PageProgress }
  /**
   * A listing again ended: its whole list replaces the one shown (a new generation), and
   * `diff` says what changed. The window hears only the counts and `change`.
   */
  | ({
      type: 'catalog-relisted';
      diff: CatalogDiff;
      /** What this listing changed. */
      change: CatalogChange;
      /**
       * What the server card sums up: this change, or the one before when this one changed nothing
       * after a list_changed.
       */
      lastChange: CatalogChange;
    } & CatalogListing)
  | { type: 'stderr'; serverId: ServerId; lines: string[] }
  | { type: 'resource-updated'; serverId: ServerId; uri: string }
  /** A window's view of the catalogs changed (see {@link HostApi.openView}). */
  | { type: 'view'; frame: ViewFrame }
  /** The context as one window sees it changed (see {@link HostApi.updateContext}). */
  | { type: 'context'; frame: ContextFrame }
  /** One window's Trace panel changed, or new messages came (see {@link HostApi.updateTrace}). */
  | { type: 'trace'; frame: TraceFrame }
  /**
   * One window's Timeline panel changed, or new entries came (see {@link HostApi.updateTimeline}).
   */
  | { type: 'timeline'; frame: TimelineFrame };

/** Events the host pushes. Each carries the sequence number it was emitted with. */
export type HostEvent = { seq: number } & HostEventBody;

/** Removes the listener it was returned for. */
export type Unsubscribe = () => void;

/** Resource keys one `updateContext` call may mark; windows send more in parts. */
export const MAX_PICKS_PER_CALL = 20_000;

/** What loading a profile did to the session. */
export interface ProfileLoaded {
  name: string;
  /**
   * Its servers that are not connected now: kept, dormant, with their marks (see
   * ContextFrame.dormant).
   */
  dormant: string[];
  /** Marks it held, and how many of them are on servers that are connected. */
  marks: number;
  applied: number;
}

/** The host, as every face sees it. */
export interface HostApi {
  /**
   * Everything known now; pair with {@link HostApi.onEvent} and drop events with `seq <=
   * snapshot.seq`.
   */
  getSnapshot(): Promise<HostSnapshot>;
  /** Adds a server and connects to it. Spawns a process for stdio: call only on a user's action. */
  addServer(config: ServerConfig): Promise<ServerId>;
  /** Disconnects and forgets a server. */
  removeServer(serverId: ServerId): Promise<void>;
  /** Drops the connection and connects again with the same config. */
  reconnect(serverId: ServerId): Promise<void>;
  /**
   * Asks a server that declares `logging` to send log messages at `level` and above
   * (`logging/setLevel`); they show in the timeline. Kept across reconnects.
   */
  setLogLevel(serverId: ServerId, level: LogLevel): Promise<void>;
  /** Lists the whole catalog again, from the first page. */
  refreshCatalog(serverId: ServerId): Promise<void>;
  /** Stops a catalog walk in progress; what arrived so far stays. */
  cancelCatalog(serverId: ServerId): Promise<void>;
  /**
   * Reads a resource. Rejects with a HostError (host-error.ts); `requestId` lets {@link
   * cancelRequest} stop it.
   */
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
  /**
   * Saves the session's curation as a profile under `name`, atomically: its servers (with the
   * configs the host holds, secrets included, which never cross to a page), its dormant
   * servers, every mark and the settings. Never replaces a file it cannot read.
   */
  saveProfile(name: string): Promise<ProfileSummary>;
  /**
   * Loads a profile into the session: its settings and marks replace the session's. Its
   * servers that are not connected stay dormant, with their marks, until connected or dropped.
   * A file it cannot read is kept as it is, beside a backup, and the error says where.
   */
  loadProfile(name: string): Promise<ProfileLoaded>;
  /**
   * Connects dormant servers (of a loaded profile, or of the last session) with the configs the
   * host holds for them; their marks come back to life. Spawns processes: only on a user's action.
   */
  connectDormantServers(serverNames: string[]): Promise<ServerId[]>;
  /** Forgets dormant servers and their marks. */
  dropDormantServers(serverNames: string[]): Promise<void>;
  /**
   * Opens a window's view of every catalog, or replaces its state. The host keeps the tree
   * and the search, and sends the window what it shows as `view` events for `viewId`, and the
   * context as `context` events for the same id.
   */
  openView(viewId: string, state: Partial<ViewState>): Promise<void>;
  /** Changes a view; its next frame is sent before this resolves. Rejects for an unknown view. */
  updateView(viewId: string, patch: ViewPatch): Promise<ViewChange>;
  /** Forgets a view. Unknown ids are ignored. */
  closeView(viewId: string): Promise<void>;
  /**
   * Changes the context: its settings and marks (one session for every window, kept by the
   * host across reloads and restarts), or what this window shows of it. The host curates
   * again; the window's next `context` frame is sent before this resolves.
   */
  updateContext(viewId: string, patch: ContextPatch): Promise<void>;
  /** The whole assembled text, for Copy and Save (a frame carries only what the window shows). */
  getContextText(): Promise<string>;
  /**
   * Opens or changes a window's Trace panel (its filter, the rows it shows, whether it follows
   * the newest): the host sends `trace` frames for `viewId`, the first before this resolves.
   * `closeView` closes it.
   */
  updateTrace(viewId: string, patch: TracePatch): Promise<void>;
  /** One message's JSON, as the host keeps it (cut past 256 KB), or null when no longer kept. */
  getTraceMessage(seq: number): Promise<string | null>;
  /** The messages a filter matches, as JSONL (`{"time","server","direction","message"}` a line). */
  exportTrace(filter: TraceFilter): Promise<string>;
  /**
   * Checks a server against the resources rules (mcp-context check), over a connection of its
   * own: spawns the server again for stdio, so only on a user's action. Resolves with the
   * report; rejects when the server cannot be reached, or when {@link cancelRequest} is given
   * `requestId` (its connections close).
   */
  checkServer(serverId: ServerId, requestId?: string): Promise<CheckReport>;
  /**
   * Opens or changes a window's Timeline panel (which servers and kinds it shows): the host
   * sends `timeline` frames for `viewId`, the first before this resolves. `closeView` closes it.
   */
  updateTimeline(viewId: string, filter: TimelineFilter): Promise<void>;
  /**
   * Captures what shaped the context (shared/capture/capture-format.ts), once the curation in
   * progress is done: the file's text, with every secret of every config replaced.
   */
  takeCapture(): Promise<CaptureTaken>;
  /**
   * Opens a capture read-only: a host of its own replays it (nothing is spawned, nothing is
   * sent to a server). Browser mode serves it on the same origin with `?capture=<captureId>`.
   * Rejects with the reason for a file that is not a capture.
   */
  openCapture(text: string): Promise<{ captureId: string; servers: number }>;
  /**
   * The MCP config files of the clients on the host's machine (Claude Desktop, Claude Code,
   * Cursor, VS Code, Cline, Windsurf), each with its servers as it can be shown: no env or
   * header value. Reading them starts nothing. Rejects `not-supported` where the host has no
   * files to look at (a capture's).
   */
  findConfigs(): Promise<FoundConfig[]>;
  /**
   * A config file the user picked in the page, read as its client would (as if it sat in the folder
   * the host runs in).
   */
  readConfig(source: ConfigSource): Promise<FoundConfig>;
  /**
   * Adds servers from config files: for each, the `names` of a file {@link findConfigs} found
   * (by its path: no other path is read) or one picked (by its text), with `inputs`, the values
   * of its `${input:id}`, used for this connection and never written to the file. Every server
   * is checked before any is added, so an import adds all or none. Spawns stdio servers, so only
   * on a user's action. Rejects `invalid-input` with the reason when a server cannot be used.
   */
  importServers(items: ImportItem[]): Promise<ServerId[]>;
  /**
   * Signs in to a remote server (OAuth), on the user's click: the browser is sent to its
   * authorization server (the desktop: the system browser; browser mode: the tab the page sends
   * to `signInStartUrl` with `request.attempt` once the flow names it), and the server is connected
   * again with the sign-in. Its steps show in the server's `auth` as they happen. Rejects with the
   * reason in words; {@link cancelRequest} with `requestId` stops it.
   */
  signIn(serverId: ServerId, request: SignInRequest, requestId?: string): Promise<void>;
  /**
   * Forgets a server's sign-in (its tokens revoked where the authorization server offers that) and
   * connects it again; resolves with what happened, in words.
   */
  signOut(serverId: ServerId): Promise<string>;
  /**
   * The window's preferences, kept by the host across runs (browser mode's port changes every run).
   */
  getPreferences(): Promise<PreferencesState>;
  /** Changes them; resolves with them as kept. */
  setPreferences(patch: Partial<Preferences>): Promise<PreferencesState>;
  /** The event stream. */
  onEvent(listener: (event: HostEvent) => void): Unsubscribe;
}

/** How to sign in: by default a person's sign-in with a client registered for us. */
export interface SignInRequest {
  /** Names the tab a browser-mode page sends for this sign-in (`signInStartUrl`). */
  attempt?: string;
  /** The scopes to ask for; default: what the server offers. */
  scope?: string;
  /** A client registered by hand at the authorization server. */
  clientId?: string;
  clientSecret?: string;
  /**
   * A machine client (the client credentials grant): no browser; needs `clientId` and
   * `clientSecret`.
   */
  clientCredentials?: boolean;
  /**
   * The https URL of our client metadata document, the client id where the authorization server
   * takes one.
   */
  clientMetadataUrl?: string;
}

/** What a user chose for every window: the theme (the OS's, or always light or dark). */
export interface Preferences {
  theme: 'system' | 'light' | 'dark';
}
/** The preferences as kept, and why they are the defaults when their file could not be read. */
export interface PreferencesState extends Preferences {
  problem?: string;
  /** The file was not ours (copied aside): the next change may write a new one. */
  unreadable?: boolean;
}
export const DEFAULT_PREFERENCES: Preferences = { theme: 'system' };

/**
 * A config file by the path {@link HostApi.findConfigs} gave, or one the user picked, by its name
 * and text.
 */
export type ConfigSource = { path: string } | { name: string; text: string };
/** The servers to add from one config file, and the values of the inputs they ask for. */
export interface ImportItem {
  source: ConfigSource;
  names: string[];
  inputs: Record<string, string>;
}
/**
 * The largest config file a page may send: ~/.claude.json keeps history and can run to megabytes.
 */
export const MAX_CONFIG_UPLOAD = 8 * 1024 * 1024;

/** The calls every face makes the same way (what differs is the snapshot and the events). */
export type HostCalls = Omit<HostApi, 'getSnapshot' | 'onEvent'>;

/** The HostApi methods that can be called remotely, i.e. every member except the event stream. */
export type HostMethod = Exclude<keyof HostApi, 'onEvent'>;
