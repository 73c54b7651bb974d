/**
 * The data model every face and the host share: servers, catalogs, reads. Plain data only, so
 * it crosses IPC and JSON unchanged. It sits at the bottom of shared/: it imports nothing, and
 * the contract (host-api.ts) and everything else build on it.
 */

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
  /**
   * Values to hide wherever the config's traffic shows (a trace, stderr, a capture): what the user
   * typed for a config's secret inputs.
   */
  secrets?: string[];
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
  /** It asks for a sign-in (OAuth) the host does not have, or no longer takes the one kept. */
  signIn?: true;
  /** A step-up: the scopes a new sign-in must ask for (a 403 named them). */
  signInScope?: string;
}

/** Protocol era: "legacy" starts with `initialize`, "modern" is 2026-07-28 and later. */
export type ProtocolEra = 'legacy' | 'modern';

/** Something a server did against the spec, seen while connected; counted, newest message kept. */
export interface ServerProblem {
  kind:
    | 'list-changed-undeclared'
    | 'subscribe-failed'
    | 'listen-failed'
    | 'update-unsubscribed'
    | 'update-flood'
    /** Out of the protocol: a stray stdout line, an answer to no request it was sent. */
    | 'not-protocol';
  /** One line, about the latest time. */
  message: string;
  count: number;
  /** When it was first and last seen (ISO 8601). */
  first: string;
  last: string;
}

/** A snapshot of one configured server. */
export interface ServerSnapshot {
  id: ServerId;
  name: string;
  /** The transport, with header and env values redacted. */
  transport: ServerTransportConfig;
  /**
   * How a remote server is reached while connected: 'sse' where a Streamable HTTP URL refused it
   * and the SSE fallback answered.
   */
  wire?: 'streamable-http' | 'sse';
  /**
   * A Streamable HTTP server that answered the standing GET with 405 (as servers without sessions
   * do): list changes, updates and log lines can come only inside an answer, never on their own.
   */
  streamRefused?: true;
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
  /** The server's process id, while one runs (stdio servers only). */
  pid?: number;
  /** True when this is the built-in demo server. */
  builtIn?: boolean;
  /** Where it broke the spec, by kind, since it connected. */
  problems?: ServerProblem[];
  /** Set while the host reconnects by itself after the server went away, or once it gave up. */
  retry?: ReconnectState;
  /** The log level the user asked of it (`logging/setLevel`), where it declares logging. */
  logLevel?: LogLevel;
  /**
   * A remote server's sign-in: what is kept, and the steps of the last sign-in (HTTP servers, where
   * the host keeps sign-ins).
   */
  auth?: AuthState;
}

/** A remote server's OAuth sign-in as a window shows it: never a token or a secret. */
export interface AuthState {
  /** What is kept for the server now; absent when nothing is. */
  kept?: KeptSignIn;
  /** The sign-in running, or the last one of this run. */
  flow?: AuthFlow;
  /**
   * Where the sign-ins are kept, in words ("the system keychain", or a file only the user may
   * read).
   */
  keptIn: string;
  /** Why the kept sign-ins cannot be used (their file cannot be read), in words. */
  problem?: string;
}

export interface KeptSignIn {
  /** A person's sign-in (authorization code), or a machine client's (client credentials). */
  grant: 'authorization-code' | 'client-credentials';
  /**
   * The client id (public): registered for us, given by the user, or the URL of our client metadata
   * document.
   */
  clientId: string;
  client: 'registered' | 'given' | 'metadata-document';
  /** The scopes the authorization server granted. */
  scopes: string[];
  /** When the access token expires (ISO 8601); absent when it did not say. */
  expiresAt?: string;
  /** A refresh token is kept: an expired access token is renewed without the user. */
  refreshable: boolean;
}

export interface AuthFlow {
  state: 'running' | 'done' | 'failed' | 'cancelled';
  /** A machine client's (client credentials): no browser, no authorization step. */
  machine?: true;
  startedAt: string;
  steps: AuthStep[];
  /** Why it failed or stopped, in words (the failed step says it too). */
  error?: string;
  /** While it waits for the user: the address to sign in at, for a browser that did not open. */
  authorizeUrl?: string;
  /**
   * Browser mode: the attempt id the page named. From the moment the flow shows it, the host lets
   * that attempt's tab in (`signInStartUrl`), once.
   */
  attempt?: string;
}

/** One step of a sign-in, in the order they happen. */
export interface AuthStep {
  kind: AuthStepKind;
  state: 'running' | 'done' | 'failed';
  /** What was found or done, or what went wrong, in words. */
  detail: string;
}

export const AUTH_STEP_KINDS = [
  'resource-metadata',
  'server-metadata',
  'client',
  'authorize',
  'token',
  'connect',
] as const;
export type AuthStepKind = (typeof AUTH_STEP_KINDS)[number];

/** The syslog levels of `logging/setLevel` and `notifications/message`, least severe first. */
export const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The host's own reconnecting, with backoff and a bound. */
export interface ReconnectState {
  /** The attempt coming next (or the last one, once given up), counting from 1. */
  attempt: number;
  of: number;
  /** When the next attempt starts (ISO 8601); absent once given up. */
  at?: string;
  /** Every attempt failed: only the user's Reconnect tries again. */
  gaveUp?: true;
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
export type CatalogStatus =
  'idle' | 'listing' | 'complete' | 'cancelled' | 'failed' | 'unsupported';

/** Why a catalog was listed again: a `list_changed`, the user's Refresh, or a reconnect. */
export type RelistCause = 'list-changed' | 'refresh' | 'reconnect';

/** What one listing changed against the one before it, as a server card sums it up. */
export interface CatalogChange {
  /** When the new listing was taken in (ISO 8601). */
  at: string;
  cause: RelistCause;
  /** Resources and templates together. */
  added: number;
  removed: number;
  changed: number;
  /** The first few URIs (URI templates for templates) of each, for the summary's details. */
  sample: { added: string[]; removed: string[]; changed: string[] };
}

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
  /**
   * Set while the catalog is listed again with the list shown kept (pages so far): the new
   * listing replaces it whole when it ends, with the difference in `lastChange`.
   */
  relisting?: { pages: number };
  /** While a large page of the first listing arrives, then is checked (catalog-progress). */
  progress?: PageProgress;
  /** What the last listing again changed. */
  lastChange?: CatalogChange;
}

/**
 * How far a listing has got inside one large page, which may take seconds: the bytes of the
 * answer received so far, then all of them being read (parsed), then how many of its items are
 * checked and shown.
 */
export type PageProgress =
  | { phase: 'receiving' | 'reading'; bytes: number }
  | { phase: 'indexing'; done: number; total: number };

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

/** A saved profile, as a list shows it. */
export interface ProfileSummary {
  name: string;
  file: string;
  savedAt?: string;
  /** Why it cannot be loaded, if it cannot. */
  problem?: string;
}
