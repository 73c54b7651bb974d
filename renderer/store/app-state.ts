/**
 * The store's shape: each slice's state and actions, and the whole they make (`AppState`). The
 * slices (`*-slice.ts`) make their part of it and app-store.ts puts them together; this file
 * imports no slice, so no file of the store imports one that imports it back, not even by type
 * (`import/no-cycle` in .oxlintrc.json). Types only: what a slice starts from (`EMPTY_VIEW`,
 * `EMPTY_CONTEXT`) stays in its file.
 */
import type { StateCreator, StoreApi } from 'zustand';
import type { CatalogNode, CatalogSort } from '../../shared/catalog/tree-types';
import type { ResourceKey } from '../../shared/catalog/resource-key';
import type { ViewFrame, ViewNode } from '../../shared/catalog/view-wire';
import type { CheckReport } from '../../shared/check/check-types';
import type {
  ContextFrame,
  ContextPatch,
  ContextSettings,
  FullContextFrame,
} from '../../shared/context/context-wire';
import type { Mark } from '../../shared/context/policy';
import type { CaptureTaken, Preferences, ReplayInfo, SignInRequest } from '../../shared/host-api';
import type {
  LogLevel,
  ReadResult,
  ServerConfig,
  ServerId,
  ServerSnapshot,
} from '../../shared/mcp-types';
import type { TimelineFilter, TimelineFrame } from '../../shared/timeline-wire';
import type { TraceFilter, TraceFrame, TracePatch } from '../../shared/trace-wire';
import type {
  CatalogSummary,
  WindowApi,
  WindowEvent,
  WindowSnapshot,
} from '../../shared/window-api';
import type { HostLinkStatus } from '../host-link';
import type { ColumnSizes } from './column-sizes';
import type { ErrorText } from './describe-error';

export type AppState = ServersSlice &
  CatalogSlice &
  SelectionSlice &
  UiSlice &
  HostSlice &
  TreeSlice &
  PicksSlice &
  ContextSlice &
  TraceSlice &
  ChecksSlice &
  CapturesSlice &
  PreferencesSlice &
  AuthSlice;
export type AppStore = StoreApi<AppState>;

/** What a slice's creator is: it sees the whole state, and makes its own part of it. */
export type SliceCreator<Slice> = StateCreator<AppState, [], [], Slice>;

// The servers slice (servers-slice.ts).

export type ServerAction = 'reconnect' | 'remove' | 'refresh' | 'cancel';

export interface ServersSlice {
  servers: Record<ServerId, ServerSnapshot>;
  serverOrder: ServerId[];
  /** The last failed action per server, shown beside it until the next action. */
  serverActionErrors: Record<ServerId, string>;
  runServerAction(serverId: ServerId, action: ServerAction): Promise<void>;
  /** Sets a server's log level; a failure shows on its card. */
  setLogLevel(serverId: ServerId, level: LogLevel): Promise<void>;
  /**
   * Spawns a process for stdio: only the connect form's submit may call it. Rejects with the
   * HostError.
   */
  addServer(config: ServerConfig): Promise<ServerId>;
  /**
   * Import from…: the config files found on the host's machine, one picked, and the servers added
   * from one (a user's action: it may spawn).
   */
  findConfigs: WindowApi['findConfigs'];
  readConfig: WindowApi['readConfig'];
  importServers: WindowApi['importServers'];
}

// The catalog slice (catalog-slice.ts).

export interface CatalogSlice {
  catalogs: Record<ServerId, CatalogSummary>;
}

// The selection slice (selection-slice.ts).

export type ReadState =
  | { status: 'idle' }
  /** `previous` keeps the last content on screen while an update is re-read. */
  | { status: 'loading'; requestId: string; previous?: ReadResult }
  /**
   * `at`: when it was read; `updated`: re-read because the server said it changed, and whether it
   * did.
   */
  | { status: 'loaded'; result: ReadResult; at?: number; updated?: { changed: boolean } }
  | { status: 'cancelled' }
  | { status: 'failed'; error: ErrorText };

export interface SelectionSlice {
  selected: ResourceKey | null;
  read: ReadState;
  select(key: ResourceKey | null): void;
  /** Reads the selected resource again (after `resource-updated`, or on the user's request). */
  reread(cause?: 'update'): void;
  cancelRead(): void;
}

// The ui slice (ui-slice.ts).

export interface UiSlice {
  hostLink: HostLinkStatus;
  setHostLink(status: HostLinkStatus): void;
  /** Why the last snapshot could not be fetched, if it could not. */
  syncError: string | null;
  columns: ColumnSizes;
  setColumns(sizes: ColumnSizes): void;
  /** What the right column shows: the open resource, or the assembled context. */
  rightTab: 'resource' | 'context';
  setRightTab(tab: 'resource' | 'context'): void;
  /** Per server, the time (`CatalogChange.at`) of the last list change the user dismissed. */
  seenChanges: Record<string, string>;
  markChangeSeen(serverId: string, at: string): void;
}

// The host slice (host-slice.ts).

export interface HostSlice {
  /** Set when this window shows a replayed capture: read-only. */
  replay: ReplayInfo | null;
  applySnapshot(snapshot: WindowSnapshot): void;
  applyEvent(event: WindowEvent): void;
}

// The tree slice (tree-slice.ts).

/** What the tree shows: the last frame applied. */
export type CatalogView = Omit<ViewFrame, 'viewId'>;

export interface TreeSlice {
  /** This window's view on the host; new per page load. */
  viewId: string;
  view: CatalogView;
  /** Takes a frame the host sent for this view. */
  applyFrame(frame: ViewFrame): void;
  /** Why the host refused the last change to the view, until a change goes through. */
  viewError: string | null;
  sort: CatalogSort;
  setSort(sort: CatalogSort): void;
  /** The search field's text, as typed; the view follows it a moment later. */
  searchText: string;
  setSearchText(text: string): void;
  /** The rows the tree has open (react-arborist keeps the state; this mirrors it for the host). */
  openIds: ReadonlySet<string>;
  setOpen(id: string, open: boolean): void;
  /**
   * Calls in flight that bring the rows of a folder just opened: until they land, the tree
   * holds its navigation keys, so Right then Down reaches the first child, not the next folder.
   */
  rowsPending: number;
  awaitRows(call: Promise<unknown>): void;
  /** The node shown in the detail pane (any kind). `selected` follows it for resources. */
  selectedNodeId: string | null;
  /**
   * That node as last seen: in the row clicked, then in each frame. Null when it left the catalogs.
   */
  selectedNode: ViewNode | null;
  /**
   * Opens a node in the detail pane; a resource is also read. A `more` row instead shows the
   * rows of its folder it stands for, and moves the tree's focus to the first of them.
   */
  openNode(node: CatalogNode): void;
  /** Asks the tree to move its keyboard focus to a row (and scroll to it). */
  focusRequest: { nodeId: string; nonce: number } | null;
  /** Asks the tree to open the rows above a node, select it and scroll to it. */
  reveal: { nodeId: string; path: string[]; nonce: number } | null;
  /** Reveals a node by id, wherever it is; false when no catalog holds it. */
  revealId(nodeId: string): Promise<boolean>;
  /** Reveals a resource by server and URI (a click in the context pane or the token map). */
  revealResource(serverId: string, uri: string): Promise<boolean>;
}

// The picks slice (picks-slice.ts).

export interface PicksSlice {
  /** The checkbox of a shown node was toggled: a folder acts on the resources shown under it. */
  togglePick(node: ViewNode): void;
  /** Picks or unpicks one resource by key (the detail pane's button). */
  setPicked(key: string, on: boolean): void;
  clearPicks(): void;
}

// The context slice (context-slice.ts).

export interface ContextSlice {
  /** The latest frame for this window's view, with what it left out taken from the one before. */
  context: FullContextFrame;
  /** Frames numbered at or below this are older than the one shown. */
  contextFloor: number;
  /** Takes a frame the host sent: only this window's, and only a newer one. */
  applyContextFrame(frame: ContextFrame): void;
  /** The view is opened again: a host that restarted numbers its frames from 1. */
  restartContextFrames(): void;
  /** Settings sent and not answered yet; shown over the frame's (see `shownSettings` in context-slice.ts). */
  settingsSent: Partial<ContextSettings>;
  setContextSettings(change: Partial<ContextSettings>): void;
  /** Marks sent and not answered yet, by resource key (null: cleared); see `shownMark` in context-slice.ts. */
  marksSent: ReadonlyMap<string, Mark | null>;
  /** Sets (or clears, with null) one resource's mark. */
  setMark(key: string, mark: Mark | null): void;
  /**
   * Sets a pin or an exclusion, or clears it when the resource has it already (`hostMark` is what
   * the host last said).
   */
  toggleMark(key: string, hostMark: Mark | undefined, mark: 'pin' | 'exclude'): void;
  /** Characters of the text the preview asks for. */
  previewChars: number;
  /** "Show more": asks the host for more of the text. */
  showMorePreview(): void;
  /** Whether the included list is open: the host sends it only then. */
  showIncluded: boolean;
  setShowIncluded(open: boolean): void;
  /** Whether the Context tab is shown: the host builds the focus index ahead only then. */
  contextShown: boolean;
  setContextShown(shown: boolean): void;
  /** Forgets gone marks: these keys, or every one with []. */
  dropGone(keys: string[]): void;
  /** Sends a change of the context; a failure is said in the banner, one line. */
  sendContext(patch: ContextPatch): Promise<void>;
  /** Why the host refused the last change of the context, until one goes through. */
  contextError: string | null;
  /** Bumped when the host no longer knows this window's view: view-sync opens it again. */
  viewLost: number;
}

// The trace slice (trace-slice.ts).

export type ProtocolTab = 'trace' | 'timeline' | 'checks' | 'auth';

export interface TraceSlice {
  protocolOpen: boolean;
  setProtocolOpen(open: boolean): void;
  trace: TraceFrame | null;
  traceFilter: TraceFilter;
  traceFollow: boolean;
  traceError: string | null;
  applyTraceFrame(frame: TraceFrame): void;
  /** Tells the host what the panel shows now; the filter and follow are kept here too. */
  sendTrace(patch: TracePatch): void;
  protocolTab: ProtocolTab;
  setProtocolTab(tab: ProtocolTab): void;
  timeline: TimelineFrame | null;
  timelineFilter: TimelineFilter;
  applyTimelineFrame(frame: TimelineFrame): void;
  sendTimeline(filter: TimelineFilter): void;
  /** A panel closed: the host stops keeping it, and sends it no more frames. */
  closeProtocolPanel(panel: 'trace' | 'timeline'): void;
}

// The checks slice (checks-slice.ts).

export type CheckState =
  | { state: 'running'; requestId: string }
  | { state: 'done'; report: CheckReport; at: number }
  | { state: 'failed'; error: string };

export interface ChecksSlice {
  checks: Record<ServerId, CheckState>;
  /**
   * Runs the checks of one server (its process is started again for stdio: a user's action only).
   */
  runChecks(serverId: ServerId): Promise<void>;
  /**
   * Stops a server's checks in progress (their connections close); the panel says it was cancelled.
   */
  cancelChecks(serverId: ServerId): void;
}

// The captures slice (captures-slice.ts).

export type CaptureStatus =
  | { state: 'idle' }
  | { state: 'working'; text: string }
  | { state: 'done'; text: string; openUrl?: string }
  | { state: 'failed'; text: string };

export interface CapturesSlice {
  captureStatus: CaptureStatus;
  diffOpen: boolean;
  setDiffOpen(open: boolean): void;
  /**
   * Takes a capture; resolves with the file to save, or undefined when it failed (the status says
   * why).
   */
  takeCapture(): Promise<CaptureTaken | undefined>;
  /**
   * Has the host open a capture file's text; resolves with the capture's id, or undefined when it
   * failed.
   */
  openCapture(name: string, text: string): Promise<string | undefined>;
  /** The capture opened, in a tab the browser did not let us open: the status offers its link. */
  offerCapture(name: string, url: string): void;
  /** Lets the capture status line go (its ×, or its time up). */
  dismissCaptureStatus(): void;
}

// The preferences slice (preferences-slice.ts).

export interface PreferencesSlice {
  theme: Preferences['theme'];
  preferencesProblem: string | null;
  /** Reads them from the host, once at start. */
  loadPreferences(): Promise<void>;
  setTheme(theme: Preferences['theme']): Promise<void>;
}

// The auth slice (auth-slice.ts).

/**
 * Opens the tab browser mode signs in through, blank, in the user's click (`opened`: false when
 * the browser blocked it). `go` sends it to the sign-in's start once the host expects the attempt;
 * `drop` closes it if it was never sent (the sign-in ended first).
 */
export type SignInTab = (attempt: string) => { opened: boolean; go(): void; drop(): void };

export interface AuthSlice {
  /** The server the Auth panel shows (undefined: the first remote one). */
  authServer: ServerId | undefined;
  setAuthServer(serverId: ServerId | undefined): void;
  /** Opens the Protocol drawer at the Auth panel, on this server. */
  showAuth(serverId: ServerId): void;
  /** What the last sign-in or sign-out said, per server (an error, or what happened). */
  authSaid: Record<ServerId, { error: boolean; text: string; attempt?: string; busy?: true }>;
  /**
   * Browser mode: a sign-in goes through a tab this page opens (a sign-in another page started
   * cannot be finished here).
   */
  signInTabs: boolean;
  /** Signs in on the user's click (browser mode opens the tab first, in the click). */
  signIn(serverId: ServerId, request?: Omit<SignInRequest, 'attempt'>): void;
  cancelSignIn(serverId: ServerId): void;
  signOut(serverId: ServerId): Promise<void>;
}
