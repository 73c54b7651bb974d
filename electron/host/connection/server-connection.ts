/**
 * One configured server: its connection, its catalog and its stderr. It never throws out
 * of band: a server that exits, crashes or misbehaves becomes state the user can see.
 */
import type { Client, OAuthClientProvider, Transport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { HostEventBody } from '../../../shared/host-api';
import type {
  CatalogSnapshot,
  CompletionResult,
  LogLevel,
  ReadResult,
  ReconnectState,
  ServerConfig,
  ServerSnapshot,
} from '../../../shared/mcp-types';
import { HostError } from '../../../shared/host-error';
import { CatalogLister } from './catalog-lister';
import { toHostError } from './errors';
import { describeConnectFailure, describeExit, httpFailure } from './liveness';
import { signInNeededIn, type SignInHow } from '../auth/oauth-kept';
import { openClient, type OpenedClient } from './open-client';
import { checkCompletion, checkReadResult } from './read-result';
import { redactString, redactTransport, secretsOf } from '../observe/redact';
import { ServerProblems } from '../observe/server-problems';
import { StderrTail } from './stderr-tail';
import { Subscriptions, type WatchPurpose } from './subscriptions';
import type { TraceStore } from '../observe/trace-store';
import { UpdateGate } from './update-gate';
import { LateAnswers, notProtocol } from './late-answers';
import { ProcessStdioTransport, type ProcessExit } from './stdio-transport';
import type { MessageTooLarge } from './message-cap';

export type { WatchPurpose } from './subscriptions';

/** What the host hands a connection; events get their sequence number from the host. */
export interface ConnectionDeps {
  emit(event: HostEventBody): void;
  timeoutMs: number;
  /**
   * A connection that was up went away (the process exited, the HTTP server stopped or lost the
   * session).
   */
  onLost?(connection: ServerConnection): void;
  /**
   * How often an idle HTTP connection is pinged to notice a dead server. Default 10 s; 0: never.
   */
  heartbeatMs?: number;
  /** Keeps every message, both ways (the protocol trace). */
  trace?: TraceStore;
  /** Told every notification the server sends (the timeline). */
  notified?(serverId: string, method: string, params: unknown): void;
  /** See {@link HostOptions.transportFor}. */
  transportFor?(config: ServerConfig): Transport | undefined;
  /** The sign-in kept for an HTTP server, if any (HostOptions.signIns). */
  authProviderFor?(url: string): Promise<OAuthClientProvider | undefined>;
  /** How this face signs in, for the words of a refusal. */
  signInHow?: SignInHow;
  /** The largest message a server may send (HostOptions.maxMessageBytes). */
  maxMessageBytes?: number;
}

// We validate results ourselves (shared/catalog), so the SDK must pass them through as sent.
const anyResult = z.looseObject({});
/** A reason a server is down is said in at most this many characters, its secrets hidden first. */
const MAX_REASON = 500;

export class ServerConnection {
  readonly id: string;
  readonly config: ServerConfig;
  readonly builtIn: boolean;
  #deps: ConnectionDeps;
  #client?: Client;
  #stderr: StderrTail;
  #exit?: ProcessExit;
  #closing = false;
  /** Which answers come after their request was cancelled (late-answers.ts). */
  readonly #lateAnswers = new LateAnswers();
  /** The server refused the standing GET (Streamable HTTP, 405). */
  #streamRefused = false;
  /** The connection being opened, and how to give it up: close() ends it, and its process. */
  #opening?: { controller: AbortController; opened: Promise<unknown> };
  /** The client is being let go of after the connection was lost: its close is not news. */
  #dropping = false;
  /** It replaces a connection (a reconnect), whose catalog it carries. */
  readonly #replaces: boolean;
  #opened?: OpenedClient;
  #heartbeat?: NodeJS.Timeout;
  #signedIn = false; // with a kept sign-in: a refusal means "sign in again", not "sign in first"
  /** The server sent a message over the cap: why the connection closed. */
  #tooLarge?: MessageTooLarge;
  /** When the connection came up, if it did. */
  upSince?: number;
  readonly #lister: CatalogLister;
  readonly #problems = new ServerProblems(
    () => this.#update({ problems: this.#problems.list() }),
    (text) => redactString(text, this.secrets),
  );
  /**
   * The values of its config never shown (redact.ts): hidden in its stderr, problems and reasons
   * here, and by the host in its trace, its timeline and the texts a context reads.
   */
  readonly secrets: readonly string[];
  readonly #updates: UpdateGate;
  #requests = new Map<string, AbortController>();
  readonly #subscriptions: Subscriptions;
  snapshot: ServerSnapshot;

  /**
   * `previous`: the connection this one replaces (a reconnect): its catalog stays shown until
   * listed again, and what it watched is watched here. `attempt`: one of the host's own tries.
   */
  constructor(
    id: string,
    config: ServerConfig,
    deps: ConnectionDeps,
    builtIn = false,
    previous?: ServerConnection,
    attempt = false,
  ) {
    this.id = id;
    this.config = config;
    // What the server prints is shown and kept: never with a secret of its config in it.
    const secrets = secretsOf(config);
    this.secrets = secrets;
    this.#stderr = new StderrTail((line) => redactString(line, secrets));
    this.builtIn = builtIn;
    this.#deps = deps;
    this.snapshot = {
      id,
      name: config.name,
      transport: redactTransport(config.transport),
      status: 'connecting',
      stderrTail: [],
      ...(builtIn && { builtIn }),
    };
    this.#replaces = previous !== undefined;
    // An attempt of the host's own: the card keeps saying which one it is.
    if (attempt && previous?.snapshot.retry && !previous.snapshot.retry.gaveUp) {
      const { at: _at, ...attempt } = previous.snapshot.retry;
      this.snapshot.retry = attempt;
    }
    this.#lister = new CatalogLister(
      {
        serverId: id,
        emit: deps.emit,
        timeoutMs: deps.timeoutMs,
        hasResources: () => Boolean(this.#client?.getServerCapabilities()?.resources),
        request: (method, cursor, signal) => {
          const client = this.#client;
          if (!client)
            return Promise.reject(
              new HostError('disconnected', `${this.config.name} is not connected`),
            );
          return this.#watchFailure(
            client.request({ method, params: cursor === undefined ? {} : { cursor } }, anyResult, {
              timeout: deps.timeoutMs,
              signal,
            }),
          );
        },
      },
      previous && { catalog: previous.catalog, whole: previous.#lister.whole },
    );
    this.#subscriptions = new Subscriptions({
      client: () => this.#client,
      timeoutMs: deps.timeoutMs,
      live: () => !this.#closing && !this.#dropping && this.snapshot.status === 'connected',
      problem: (kind, message) => this.#problems.note(kind, message),
    });
    if (previous) this.#subscriptions.seed(previous.watched);
    this.#updates = new UpdateGate({
      emit: (uri) => deps.emit({ type: 'resource-updated', serverId: id, uri }),
      watched: () => this.#subscriptions.current,
      problem: (kind, message, times) => this.#problems.note(kind, message, times),
    });
  }

  /**
   * Down, but held: the host is connecting it again (by itself, or the user's Reconnect), so
   * its catalog stays shown and what the context holds from it stays, marked stale.
   */
  get holding(): boolean {
    if (this.snapshot.status === 'connected') return false;
    if (this.snapshot.retry) return !this.snapshot.retry.gaveUp;
    return this.snapshot.status === 'connecting' && this.#replaces;
  }

  /** The catalog as listed so far (the one before, while a listing again runs behind it). */
  get catalog(): CatalogSnapshot {
    return this.#lister.catalog;
  }

  /** Connects, then lists the catalog. Resolves when connected or visibly failed. */
  async start(): Promise<void> {
    const timeoutMs = this.#deps.timeoutMs;
    try {
      const transport = this.#deps.transportFor?.(this.config);
      const { trace, notified } = this.#deps;
      const authProvider =
        !transport && this.config.transport.kind !== 'stdio'
          ? await this.#deps.authProviderFor?.(this.config.transport.url)
          : undefined;
      // Closed while the sign-in was looked up: nothing is started after close.
      if (this.#closing) return;
      this.#signedIn = authProvider !== undefined;
      const controller = new AbortController();
      const opening = openClient(this.config.transport, {
        timeoutMs,
        signal: controller.signal,
        ...(transport && { transport }),
        ...(authProvider && { authProvider }),
        ...(this.#deps.signInHow && { signInHow: this.#deps.signInHow }),
        onStreamRefused: () => {
          // Said once; the SDK asks again only after a stream it had ends.
          if (this.#streamRefused) return;
          this.#streamRefused = true;
          if (this.snapshot.status === 'connected') this.#update({ streamRefused: true });
        },
        ...(this.#deps.maxMessageBytes !== undefined && {
          maxMessageBytes: this.#deps.maxMessageBytes,
        }),
        onReceiving: (bytes, whole) => this.#lister.receiving(bytes, whole),
        onTooLarge: (error) => {
          this.#tooLarge ??= error;
        },
        trace: (direction, message) => {
          trace?.record(this.id, direction, message);
          if (direction === 'receive' && 'method' in message && !('id' in message))
            notified?.(this.id, message.method, message.params);
          this.#lateAnswers.see(direction, message);
        },
        onStdioTransport: (transport) => {
          this.#stderr.attach(transport.stderr, (lines) => this.#onStderr(lines));
          transport.onexit = (exit) => {
            this.#exit = exit;
          };
        },
      });
      this.#opening = { controller, opened: opening };
      const opened = await opening;
      if (this.#closing) {
        await opened.client.close().catch(() => {});
        return;
      }
      const client = opened.client;
      this.#client = client;
      this.#opened = opened;
      client.onclose = () => this.#onClosed();
      // Out-of-band protocol noise (a stray stdout line, an answer to no request) is the server's
      // bug: one of its problems, never an unhandled rejection, and never mixed into its stderr.
      // An answer to a request we cancelled is not one (the spec: ignore it). After a message
      // over the cap, what is said of it is the reason the connection closed, said once.
      client.onerror = (error) => {
        if (this.#tooLarge || this.#lateAnswers.explains(error)) return;
        this.#problems.note('not-protocol', notProtocol(error));
      };
      const info = client.getServerVersion();
      const pid = opened.transport instanceof ProcessStdioTransport ? opened.transport.pid : null;
      // Connected, it is no longer an attempt of the host's: the card says connected, in the same
      // event.
      if (this.snapshot.retry) {
        const { retry: _retry, ...rest } = this.snapshot;
        this.snapshot = rest;
      }
      const wire =
        opened.wire === 'streamable-http' || opened.wire === 'sse' ? opened.wire : undefined;
      this.#update({
        status: 'connected',
        ...(wire && { wire }),
        ...(this.#streamRefused && { streamRefused: true as const }),
        ...(pid !== null && { pid }),
        protocolVersion: client.getNegotiatedProtocolVersion(),
        era: client.getProtocolEra(),
        capabilities: (client.getServerCapabilities() ?? {}) as Record<string, unknown>,
        ...(info && {
          serverInfo: {
            name: String(info.name),
            version: String(info.version),
            ...(typeof info.title === 'string' && { title: info.title }),
          },
        }),
        ...(client.getInstructions() && { instructions: client.getInstructions() }),
      });
      this.upSince = Date.now();
      this.#startHeartbeat(client);
      await this.#watchChanges(client);
      void this.#lister.list(this.#lister.whole ? 'reconnect' : 'connect').catch(() => {});
    } catch (error) {
      // Given up by close(): not a failure to reach it, and nothing more to say.
      if (this.#closing) return;
      const reason =
        this.#exit?.spawnError ??
        this.#tooLarge?.message ??
        describeConnectFailure(error, this.#exit);
      this.#markDisconnected(reason, signInNeededIn(error));
    }
  }

  /** Lists both lists from the first page; a walk already running is stopped first. */
  async listCatalog(): Promise<void> {
    if (!this.#client || this.snapshot.status !== 'connected')
      throw new HostError('disconnected', `${this.config.name} is not connected`);
    await this.#lister.list('refresh');
  }

  /** Stops the walk in progress; what arrived stays. */
  cancelCatalog(): void {
    this.#lister.cancel();
  }

  /** Reads one resource; rejects with a {@link HostError}. */
  async read(uri: string, requestId?: string): Promise<ReadResult> {
    const client = this.#client;
    const what = `resources/read ${uri}`;
    if (!client || this.snapshot.status !== 'connected') {
      throw new HostError(
        'disconnected',
        `${what}: ${this.config.name} is not connected${this.snapshot.disconnect ? ` (${this.snapshot.disconnect.reason})` : ''}`,
      );
    }
    const raw = await this.#cancellable(what, requestId, uri, (options) =>
      client.request({ method: 'resources/read', params: { uri } }, anyResult, options),
    );
    return checkReadResult(this.id, uri, raw);
  }

  /** Completes one template variable; no values when the server does not declare completions. */
  async complete(
    uriTemplate: string,
    argument: { name: string; value: string },
    context: Record<string, string>,
    requestId?: string,
  ): Promise<CompletionResult> {
    const client = this.#client;
    const what = `completion/complete ${argument.name}`;
    if (!client || this.snapshot.status !== 'connected')
      throw new HostError('disconnected', `${what}: ${this.config.name} is not connected`);
    // Only act on what is declared: no completion/complete unless `completions` is.
    if (!client.getServerCapabilities()?.completions) return { values: [] };
    const params = {
      ref: { type: 'ref/resource', uri: uriTemplate },
      argument,
      ...(Object.keys(context).length > 0 && { context: { arguments: context } }),
    };
    const raw = await this.#cancellable(what, requestId, undefined, (options) =>
      client.request({ method: 'completion/complete', params }, anyResult, options),
    );
    return checkCompletion(raw);
  }

  /**
   * One request the user may cancel by `requestId` (cancelRequest), within the host's timeout; its
   * failure in a HostError's words.
   */
  async #cancellable<T>(
    what: string,
    requestId: string | undefined,
    uri: string | undefined,
    send: (options: { timeout: number; signal: AbortSignal }) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    if (requestId) this.#requests.set(requestId, controller);
    const timeout = this.#deps.timeoutMs;
    try {
      return await this.#watchFailure(send({ timeout, signal: controller.signal }));
    } catch (error) {
      if (controller.signal.aborted) throw new HostError('cancelled', `${what} was cancelled`);
      throw toHostError(error, what, timeout, uri);
    } finally {
      if (requestId) this.#requests.delete(requestId);
    }
  }

  /** Cancels a read started with `requestId`; true if it was ours. */
  cancelRequest(requestId: string): boolean {
    const controller = this.#requests.get(requestId);
    controller?.abort();
    return controller !== undefined;
  }

  /**
   * The URIs watched on this server, by who watches them: what the user looks at, and what is in
   * the context.
   */
  get watched(): Record<WatchPurpose, string[]> {
    return this.#subscriptions.watched;
  }

  /**
   * Subscribes to `uris` for one purpose (where the server supports subscriptions; see
   * HostApi.watchResources). The server is subscribed to what either purpose watches.
   */
  watch(uris: string[], purpose: WatchPurpose = 'window'): Promise<void> {
    return this.#subscriptions.watch(uris, purpose);
  }

  /** `logging/setLevel`; the level is kept for the connection that replaces this one. */
  async setLogLevel(level: LogLevel): Promise<void> {
    const client = this.#client;
    const what = `logging/setLevel ${level}`;
    if (!client || this.snapshot.status !== 'connected')
      throw new HostError('disconnected', `${what}: ${this.config.name} is not connected`);
    if (!client.getServerCapabilities()?.logging)
      throw new HostError('not-supported', `${what}: ${this.config.name} does not declare logging`);
    try {
      await this.#watchFailure(client.setLoggingLevel(level, { timeout: this.#deps.timeoutMs }));
    } catch (error) {
      throw toHostError(error, what, this.#deps.timeoutMs);
    }
    this.#update({ logLevel: level });
  }

  /** The host's reconnecting, shown on the card. */
  setRetry(retry: ReconnectState | undefined): void {
    if (retry) this.#update({ retry });
    else if (this.snapshot.retry) {
      const { retry: _retry, ...rest } = this.snapshot;
      this.snapshot = rest;
      this.#update({});
    }
  }

  /** Disconnects for good; safe to call twice. */
  async close(): Promise<void> {
    this.#closing = true;
    clearInterval(this.#heartbeat);
    this.#lister.stop();
    this.#updates.dispose();
    this.#problems.dispose();
    for (const controller of this.#requests.values()) controller.abort();
    // Still connecting: given up, and waited for, so its process has ended when this returns.
    // (Connected, the client below closes it; giving up a finished attempt does nothing.)
    if (this.#opening) {
      this.#opening.controller.abort();
      await this.#opening.opened.catch(() => {});
    }
    await this.#subscriptions.close();
    await this.#client?.close().catch(() => {});
  }

  async #watchChanges(client: Client): Promise<void> {
    const resources = client.getServerCapabilities()?.resources as
      { listChanged?: unknown } | undefined;
    client.setNotificationHandler('notifications/resources/list_changed', () => {
      if (resources?.listChanged !== true) {
        const times = this.#problems.count('list-changed-undeclared') + 1;
        this.#problems.note(
          'list-changed-undeclared',
          `it sent notifications/resources/list_changed ${times === 1 ? 'once' : `${times} times`} without declaring resources.listChanged`,
        );
      }
      // Bursts are coalesced there: one listing in flight and one waiting.
      this.#lister.relist('list-changed');
    });
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      const uri = notification.params?.uri;
      if (typeof uri === 'string') this.#updates.push(uri.slice(0, 65_536));
    });
    // 2026-07-28 delivers list_changed only on a subscriptions/listen stream; legacy sends it
    // unsolicited. In the queue of watch changes, so a watch made meanwhile opens no second stream.
    // What is watched, told from nothing (a new session has no subscriptions); in 2026-07-28 the
    // listen stream, which brings list changes too.
    await this.#subscriptions.resync(client);
  }

  #onStderr(lines: string[]): void {
    this.snapshot = { ...this.snapshot, stderrTail: this.#stderr.tail() };
    this.#deps.emit({ type: 'stderr', serverId: this.id, lines });
  }

  /**
   * A request's failure that says the connection is over ends it; the failure still goes to its
   * caller.
   */
  #watchFailure<T>(request: Promise<T>): Promise<T> {
    return request.catch((error: unknown) => {
      const wire = this.#opened?.wire;
      if (wire === 'streamable-http' || wire === 'sse') {
        const transport = this.#opened?.transport as { sessionId?: string } | undefined;
        const failed = httpFailure(error, {
          url: (this.config.transport as { url: string }).url,
          signedIn: this.#signedIn,
          hadSession: wire === 'sse' || transport?.sessionId !== undefined,
          ...(this.#deps.signInHow && { signInHow: this.#deps.signInHow }),
        });
        if (failed) this.#lost(failed.reason, failed.reconnect, failed.signIn);
      }
      throw error;
    });
  }

  /** An HTTP connection is asked something now and then: a dead server says nothing until asked. */
  #startHeartbeat(client: Client): void {
    const every = this.#deps.heartbeatMs ?? 10_000;
    const wire = this.#opened?.wire;
    if (every <= 0 || (wire !== 'streamable-http' && wire !== 'sse')) return;
    this.#heartbeat = setInterval(() => {
      if (this.snapshot.status !== 'connected') return;
      const options = { timeout: Math.min(this.#deps.timeoutMs, 5000) };
      // 2026-07-28 has no ping; server/discover is the cheap request it answers any time.
      const probe =
        client.getProtocolEra() === 'modern'
          ? client.request({ method: 'server/discover' }, anyResult, options)
          : client.ping(options);
      void this.#watchFailure(probe).catch(() => {});
    }, every);
    this.#heartbeat.unref?.();
  }

  /**
   * Over though the client does not know it: say why, let it go, and tell the host, which
   * reconnects (unless a sign-in is over).
   */
  #lost(reason: string, reconnect = true, signIn?: { scope?: string }): void {
    if (this.#closing || this.#dropping || this.snapshot.status !== 'connected') return;
    this.#dropping = true;
    clearInterval(this.#heartbeat);
    this.#markDisconnected(reason, signIn);
    void this.#subscriptions.close();
    void this.#client?.close().catch(() => {});
    if (reconnect) this.#deps.onLost?.(this);
  }

  #onClosed(): void {
    if (this.#closing || this.#dropping) return;
    clearInterval(this.#heartbeat);
    const exit = this.#exit;
    const reason = this.#tooLarge?.message ?? (exit ? describeExit(exit) : 'the connection closed');
    const wasUp = this.snapshot.status === 'connected';
    this.#markDisconnected(reason);
    if (wasUp) this.#deps.onLost?.(this);
  }

  #markDisconnected(said: string, signIn?: { scope?: string }): void {
    // The server's or the SDK's words may repeat a secret of the config: hidden, then cut.
    const hidden = redactString(said, this.secrets);
    const reason = hidden.length > MAX_REASON ? `${hidden.slice(0, MAX_REASON - 1)}…` : hidden;
    this.#lister.fail(reason);
    const exit = this.#exit;
    const { pid: _pid, ...rest } = this.snapshot;
    this.snapshot = rest;
    this.#update({
      status: 'disconnected',
      disconnect: {
        reason,
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        stderrTail: this.#stderr.tail(20),
        ...(signIn && { signIn: true as const }),
        ...(signIn?.scope && { signInScope: signIn.scope }),
      },
    });
  }

  #update(patch: Partial<ServerSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch, stderrTail: this.#stderr.tail() };
    this.#deps.emit({ type: 'server', server: this.snapshot });
  }
}
