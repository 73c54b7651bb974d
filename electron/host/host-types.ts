/**
 * What a host is given and what it offers the process that owns it (host.ts makes one).
 */
import type { Transport } from '@modelcontextprotocol/client';
import type { Capture } from '../../shared/capture/capture-format';
import type { TokenEncoding } from '../../shared/context/encodings';
import type { ConfigSource, HostApi, ProfileLoaded } from '../../shared/host-api';
import type { ParsedConfigFile } from '../../shared/config/config-file';
import type { FoundConfig } from '../../shared/config/found-config';
import type { ServerConfig } from '../../shared/mcp-types';
import type { Profile } from '../../shared/profile/profile';
import type { ContextViews } from './context/context-views';
import type { SignInHow } from './auth/oauth-kept';
import type { OAuthStore } from './auth/oauth-store';
import type { SignInReturn } from './auth/sign-in-return';
import type { ProfileStore } from './store/profile-store';
import type { Timeline } from './observe/timeline';
import type { TRACE_LIMITS, TraceStore } from './observe/trace-store';

/** The clients' config files a host may read (electron/config gives the apps this machine's). */
export interface ConfigFiles {
  find(): Promise<FoundConfig[]>;
  /** Rejects with a ConfigError when the file as a whole cannot be used. */
  read(source: ConfigSource, inputs: Readonly<Record<string, string>>): Promise<ParsedConfigFile>;
}

/** How a host is set up. */
export interface HostOptions {
  /** Servers to connect to at once (the user configured them, so starting them is theirs). */
  servers?: ServerConfig[];
  /** Marks which of `servers` is the built-in demo server. */
  builtInIndex?: number;
  /** Timeout of every request, in milliseconds. Default 30,000. */
  requestTimeoutMs?: number;
  /**
   * Supplies a ready transport for a config instead of the one it names. A seam for
   * integration tests (an in-memory pair to a server in the same process); the apps never set it.
   */
  transportFor?(config: ServerConfig): Transport | undefined;
  /** Where profiles are kept. Default: the user's config folder (see profile-store.ts). */
  profiles?: ProfileStore;
  /**
   * The file the working session is kept in (session-store.ts): the apps set it, so a reload or
   * a restart brings the curation back. Without it (the CLI) nothing is read or written.
   */
  sessionFile?: string;
  /** Counts tokens; the apps count off the main thread (token-pool.ts). Default: in this thread. */
  countTokens?(text: string, encoding: TokenEncoding): number | Promise<number>;
  /**
   * Reconnects a server that went away by itself, with these delays between attempts
   * (reconnector.ts). The apps and `watch` do; a one-shot command does not. Default: off.
   */
  reconnect?: { delaysMs?: readonly number[] };
  /** How often an idle HTTP connection is pinged to notice a dead server (server-connection.ts). */
  heartbeatMs?: number;
  /**
   * The largest single message a server may send, on any transport; one over it closes the
   * connection. Default `MAX_MESSAGE_BYTES` (connection/message-cap.ts, 256 MiB).
   */
  maxMessageBytes?: number;
  /** The protocol trace's bounds (trace-store.ts); default {@link TRACE_LIMITS}. */
  traceLimits?: typeof TRACE_LIMITS;
  /**
   * Replays a capture instead (replay.ts): its servers answered from the file, its trace and
   * timeline shown, its clock for recency; `servers` and `transportFor` are not used. Read-only:
   * nothing is spawned or added.
   */
  replay?: Capture;
  /**
   * The clients' config files, for Import from… (the apps set it; without it those calls are
   * refused).
   */
  configFiles?: ConfigFiles;
  /**
   * Where the windows' preferences are kept (the apps: beside the session). Without it they last as
   * long as the host.
   */
  preferencesFile?: string;
  /**
   * The sign-ins to remote servers (oauth-store.ts): a server signed in to is reached with its
   * tokens.
   */
  signIns?: OAuthStore;
  /**
   * Where a sign-in's browser comes back (browser mode: its own origin); default a loopback
   * listener per sign-in.
   */
  signInReturn?: SignInReturn;
  /** Opens an authorization URL in the system's browser (the desktop app). */
  openBrowser?(url: URL): void;
  /**
   * How this face signs in, for the words of a refusal (the apps: on the card; default: the CLI's
   * login).
   */
  signInHow?: SignInHow;
}

/** The HostApi, plus what only the process owning the host may use. */
export interface Host extends HostApi {
  /** Disconnects every server, and writes the session if it is kept. */
  close(): Promise<void>;
  /**
   * Resolves when every server given at creation has connected or failed to, and the last session
   * is back.
   */
  ready: Promise<void>;
  /**
   * The context, for a face in the same process (the CLI's `assemble` is a context with no window).
   */
  readonly context: ContextViews;
  /** Puts a profile already read into the session, as `loadProfile` does with a saved one. */
  applyProfile(profile: Profile): ProfileLoaded;
  /**
   * Every JSON-RPC message with every server, both ways (a face in the same process writes it out).
   */
  readonly trace: TraceStore;
  /** What happened with each server, in order (`mcp-context watch` prints it). */
  readonly timeline: Timeline;
  /**
   * A capture's host, opened by {@link HostApi.openCapture}; undefined once closed or never opened.
   */
  captureHost(captureId: string): Host | undefined;
  /** Resolves once {@link close} is done (browser mode lets go of a closed capture's pages). */
  readonly closed: Promise<void>;
}
