/**
 * The host core: every configured server's connection, behind the HostApi contract.
 * Plain Node: the desktop app, browser mode and the CLI all run this same code.
 */
import type { HostEvent, HostEventBody, HostSnapshot } from '../../shared/host-api';
import type { Host, HostOptions } from './host-types';
import type { ServerConfig, ServerId } from '../../shared/mcp-types';
import { HostError } from '../../shared/host-error';
import type { TokenEncoding } from '../../shared/context/encodings';
import type { TokenCounter } from '../../shared/context/tokens';
import { createCatalogViews } from './catalog/catalog-views';
import { createContextViews, type ContextViews } from './context/context-views';
import { createHostSession } from './host-session';
import { createProfileStore } from './store/profile-store';
import { createHostChecks } from './host-checks';
import { createReconnector } from './connection/reconnector';
import { redactString } from './observe/redact';
import { ServerConnection } from './connection/server-connection';
import { createSessionStore } from './store/session-store';
import { createTraceStore } from './observe/trace-store';
import { createTraceViews } from './observe/trace-views';
import { createTimeline } from './observe/timeline';
import { createHostCaptures } from './host-captures';
import { createHostConfigs } from './host-configs';
import { createPreferencesStore } from './store/preferences-store';
import { keptProviderFor } from './auth/oauth-kept';
import { createHostAuthFor, signInCalls } from './host-auth';
import { CLIENT_INFO } from './connection/open-client';
import { replayHostParts, seedReplay } from './capture/replay';

export type { Host, HostOptions } from './host-types';

const READ_ONLY = 'this is a replayed capture: it is read-only';

/** Creates the host and starts connecting the given servers. */
export function createHost(options: HostOptions = {}): Host {
  const replay = options.replay && replayHostParts(options.replay);
  // Ours to the capture's (replayed servers are added in the capture's order).
  const capturedIds = new Map<ServerId, string>();
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  const checks = createHostChecks(
    timeoutMs,
    !options.replay && options.signIns
      ? keptProviderFor(options.signIns, options.signInHow)
      : undefined,
  );
  const captures = createHostCaptures<Host>({
    sources: async () => {
      const all = [...connections.values()];
      return {
        servers: all.map((c) => ({ config: c.config, snapshot: c.snapshot, catalog: c.catalog })),
        session: context.session,
        curated: await context.settled(),
        timeline: timeline.entries(),
        trace: trace.all(),
        tool: CLIENT_INFO,
        read: (serverId: ServerId, uri: string) => readContents(serverId, uri),
        // A replay reads only what its capture holds: the rest stays not read.
        ...(replay && {
          canRead: (serverId: ServerId, uri: string) =>
            replay.has(capturedIds.get(serverId) ?? '', uri),
        }),
      };
    },
    replay: (capture) =>
      createHost({
        replay: capture,
        requestTimeoutMs: timeoutMs,
        ...(options.countTokens && { countTokens: options.countTokens }),
        ...(options.traceLimits && { traceLimits: options.traceLimits }),
        ...(options.preferencesFile && { preferencesFile: options.preferencesFile }),
      }),
  });
  let markClosed = () => {};
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const readOnly = () => {
    if (replay) throw new HostError('not-supported', READ_ONLY);
  };
  const configs = createHostConfigs(
    options.configFiles,
    async (config) => {
      const { id, started } = add(config);
      await started;
      return id;
    },
    readOnly,
  );
  // The apps' sign-ins to remote servers (never a replay's).
  const auth = createHostAuthFor(replay ? {} : options, {
    config: (serverId) => connections.get(serverId)?.config,
    changed: (serverId) =>
      void (
        connections.has(serverId) && emit({ type: 'server', server: connection(serverId).snapshot })
      ),
    reconnect: async (serverId) => (
      reconnector?.cancel(serverId),
      (await replace(serverId))?.snapshot
    ),
  });
  // A replay's preferences are the user's own still: a capture's window looks the same.
  const preferences = createPreferencesStore(options.preferencesFile);
  // Made on first use: a host that never touches profiles never looks for their folder.
  let profileStore = options.profiles;
  const profiles = () => (profileStore ??= createProfileStore());
  const connections = new Map<ServerId, ServerConnection>();
  const listeners = new Set<(event: HostEvent) => void>();
  let seq = 0;
  let nextId = 1;

  const emit = (body: HostEventBody) => {
    seq += 1;
    // A remote server's card carries its sign-in.
    const event =
      auth && body.type === 'server'
        ? (auth.observe(body.server), { ...body, server: auth.decorate(body.server) })
        : body;
    const stamped: HostEvent = { ...event, seq };
    for (const listener of listeners) {
      try {
        listener(stamped);
      } catch {
        // One face's broken listener must not stop the others from hearing the event.
      }
    }
    views.observe(event);
    context.observe(event);
    // A replay's timeline is the capture's, not what its own connections did.
    if (!replay) timeline.observe(event);
  };
  /** What a resource holds, for the context and a capture: a replay's as captured, exactly. */
  /**
   * What the context and a capture read: a server's text never carries a secret of its config (an
   * env value it echoes) into what a model receives.
   */
  const readContents = async (serverId: ServerId, uri: string, requestId?: string) => {
    if (replay) return replay.read(capturedIds.get(serverId) ?? '', uri);
    const { contents } = await connection(serverId).read(uri, requestId);
    const secrets = connections.get(serverId)?.secrets ?? [];
    return contents.map((item) =>
      item.text === undefined ? item : { ...item, text: redactString(item.text, secrets) },
    );
  };
  const counters = new Map<TokenEncoding, TokenCounter>();
  // Loaded on the first count: the tokenizer's tables cost a command that never counts 0.2 s and 70
  // MB.
  const countHere = async (text: string, encoding: TokenEncoding) => {
    let counter = counters.get(encoding);
    if (!counter) {
      const { createTokenCounter } = await import('../../shared/context/tokens');
      counter = counters.get(encoding) ?? createTokenCounter(encoding);
      counters.set(encoding, counter);
    }
    return counter.count(text);
  };
  const sessionStore =
    options.sessionFile === undefined
      ? undefined
      : createSessionStore(options.sessionFile, () => context.changed());
  const context: ContextViews = createContextViews({
    emit: (body) => emit(body),
    // A server the host is reconnecting keeps its place: its resources stay in the context, stale.
    servers: () =>
      [...connections.values()].map((c) => {
        const holding = c.holding;
        return {
          id: c.id,
          name: c.config.name,
          connected: c.snapshot.status === 'connected' || holding,
          ...(holding && { down: true }),
          catalog: c.catalog,
        };
      }),
    read: (serverId, uri, requestId) => readContents(serverId, uri, requestId),
    cancel: (requestId) => {
      for (const c of connections.values()) if (c.cancelRequest(requestId)) return;
    },
    count: options.countTokens ?? countHere,
    rowsChanged: (now) => views.refresh(now),
    watch: (serverId, uris) =>
      void connections
        .get(serverId)
        ?.watch(uris, 'context')
        .catch(() => {}),
    dormant: () => session.dormant(),
    sessionProblem: () => sessionStore?.problem(),
    sessionChanged: () => session.persist(),
    ...(replay && { now: replay.now }),
  });
  const views = createCatalogViews({
    emit,
    servers: () =>
      [...connections.values()].map((c) => ({ id: c.id, name: c.config.name, catalog: c.catalog })),
    marks: () => context.rowMarks(),
    toggle: (keys, on) => context.mark(keys, on ? 'include' : null),
  });

  const reconnector =
    options.reconnect &&
    createReconnector({
      ...(options.reconnect.delaysMs && { delaysMs: options.reconnect.delaysMs }),
      current: (serverId) => connections.get(serverId),
      replace: (serverId) => replace(serverId, true),
    });
  const trace = createTraceStore(options.traceLimits);
  const timeline = createTimeline({
    emit: (body) => emit(body),
    nameOf: (serverId) => connections.get(serverId)?.config.name ?? trace.nameOf(serverId),
    // Each server's secrets, as its connection holds them: hidden in its trace and timeline alike.
    redact: (serverId, text) => redactString(text, connections.get(serverId)?.secrets ?? []),
  });
  const traceViews = createTraceViews({
    trace,
    emit: (body) => emit(body),
    ...(options.traceLimits && { limits: options.traceLimits }),
  });
  const deps = {
    emit,
    timeoutMs,
    // A replay's own traffic is not the trace: the capture's is.
    ...(!replay && { trace }),
    notified: (serverId: string, method: string, params: unknown) =>
      replay ? undefined : timeline.notified(serverId, method, params),
    ...(replay
      ? { transportFor: replay.transportFor }
      : options.transportFor && { transportFor: options.transportFor }),
    // A remote server signed in to: its kept tokens go with it (never for a replay).
    ...(auth && { authProviderFor: auth.providerFor }),
    ...(options.signInHow && { signInHow: options.signInHow }),
    ...(reconnector && { onLost: (lost: ServerConnection) => reconnector.lost(lost) }),
    ...(options.heartbeatMs !== undefined && { heartbeatMs: options.heartbeatMs }),
    ...(options.maxMessageBytes !== undefined && { maxMessageBytes: options.maxMessageBytes }),
  };

  /**
   * Connects a server again with the same config; the catalog shown stays until listed again,
   * and what was watched is watched again. `attempt`: one of the reconnector's, which the card
   * names.
   */
  const replace = async (
    serverId: ServerId,
    attempt = false,
  ): Promise<ServerConnection | undefined> => {
    const old = connections.get(serverId);
    if (!old) return undefined;
    await old.close();
    if (connections.get(serverId) !== old) return undefined;
    // It subscribes, once up, to what the user and the context were watching (and watch now).
    const fresh = new ServerConnection(serverId, old.config, deps, old.builtIn, old, attempt);
    connections.set(serverId, fresh);
    emit({ type: 'server', server: fresh.snapshot });
    await fresh.start();
    if (old.snapshot.logLevel && fresh.snapshot.status === 'connected')
      await fresh.setLogLevel(old.snapshot.logLevel).catch(() => {});
    return fresh;
  };

  const connection = (serverId: ServerId) => {
    const found = connections.get(serverId);
    if (!found) throw new HostError('unknown-server', `no server with id ${serverId}`);
    return found;
  };

  const add = (config: ServerConfig, builtIn = false) => {
    const id = `s${nextId++}`;
    const created = new ServerConnection(id, config, deps, builtIn);
    trace.describe(id, config.name, created.secrets);
    connections.set(id, created);
    emit({ type: 'server', server: created.snapshot });
    return { id, started: created.start() };
  };

  const session = createHostSession({
    context,
    connections: () => [...connections.values()],
    add: async (config) => {
      const { id, started } = add(config);
      await started;
      return id;
    },
    profiles,
    ...(sessionStore && { store: sessionStore }),
  });

  const initial = (replay?.servers ?? options.servers ?? []).map((config, index) => {
    const added = add(config, !replay && index === options.builtInIndex);
    if (options.replay) capturedIds.set(added.id, options.replay.servers[index]?.id ?? '');
    return added.started;
  });
  if (options.replay)
    seedReplay(options.replay, new Map([...capturedIds].map(([id, captured]) => [captured, id])), {
      trace,
      timeline,
      session: context.session,
    });
  // The last session's marks and settings, matched to these servers by name.
  const restored = session.restore();

  /**
   * Disconnects everything: the session first, while the servers it names are still here (it is
   * kept by their names).
   */
  const closeAll = async () => {
    await sessionStore?.flush();
    const all = [...connections.values()];
    connections.clear();
    checks.closeAll();
    auth?.closeAll();
    reconnector?.dispose();
    traceViews.dispose();
    timeline.dispose();
    views.dispose();
    context.dispose();
    await Promise.all([...all.map((c) => c.close()), captures.close()]);
    listeners.clear();
  };

  return {
    ready: Promise.all([...initial, restored]).then(() => undefined),
    context,
    trace,
    timeline,
    applyProfile: (profile) => session.apply(profile),
    captureHost: (captureId) => captures.host(captureId),
    closed,
    ...configs,
    ...signInCalls(auth),
    getPreferences: () => preferences.get(),
    setPreferences: (patch) => preferences.set(patch),

    listProfiles: () => profiles().list(),
    saveProfile: async (name) => (readOnly(), session.saveProfile(name)),
    loadProfile: async (name) => (readOnly(), session.loadProfile(name)),
    connectDormantServers: async (names) => (readOnly(), session.connectDormant(names)),
    async dropDormantServers(names) {
      session.dropDormant(names);
    },

    async getSnapshot(): Promise<HostSnapshot> {
      const all = [...connections.values()];
      // Entries are never mutated once listed, so copying the arrays is enough to freeze this view;
      // a deep clone of 100,000 entries would cost more than listing them.
      const catalogs = all.map((c) => ({
        ...c.catalog,
        resources: c.catalog.resources.slice(),
        templates: c.catalog.templates.slice(),
        warnings: c.catalog.warnings.slice(),
      }));
      return {
        seq,
        servers: all.map((c) => (auth ? auth.decorate(c.snapshot) : c.snapshot)),
        catalogs,
        ...(options.replay && {
          replay: {
            capturedAt: options.replay.capturedAt,
            tool: `${options.replay.tool.name} ${options.replay.tool.version}`,
          },
        }),
      };
    },

    async takeCapture() {
      return captures.take();
    },

    async openCapture(text) {
      readOnly();
      return captures.open(text);
    },

    async addServer(config) {
      readOnly();
      const { id, started } = add(config);
      await started;
      return id;
    },

    async removeServer(serverId) {
      readOnly();
      const found = connection(serverId);
      reconnector?.cancel(serverId);
      connections.delete(serverId);
      await found.close();
      trace.forget(serverId);
      auth?.forget(serverId);
      emit({ type: 'server-removed', serverId });
      session.removed(found.config);
    },

    async reconnect(serverId) {
      connection(serverId);
      reconnector?.cancel(serverId);
      await replace(serverId);
    },

    async setLogLevel(serverId, level) {
      await connection(serverId).setLogLevel(level);
    },

    async refreshCatalog(serverId) {
      await connection(serverId).listCatalog();
    },

    async cancelCatalog(serverId) {
      connection(serverId).cancelCatalog();
    },

    async readResource(serverId, uri, requestId) {
      return connection(serverId).read(uri, requestId);
    },

    async cancelRequest(requestId) {
      if (checks.cancel(requestId) || auth?.cancel(requestId)) return;
      for (const c of connections.values()) if (c.cancelRequest(requestId)) return;
    },

    async completeArgument(serverId, uriTemplate, argument, context, requestId) {
      return connection(serverId).complete(uriTemplate, argument, context, requestId);
    },

    async watchResources(serverId, uris) {
      await connection(serverId).watch(uris);
    },

    async openView(viewId, state) {
      views.open(viewId, state);
      context.open(viewId);
    },

    async updateView(viewId, patch) {
      return views.update(viewId, patch);
    },

    async closeView(viewId) {
      views.close(viewId);
      context.close(viewId);
      traceViews.close(viewId);
      timeline.close(viewId);
    },

    async checkServer(serverId, requestId) {
      readOnly();
      return checks.run(connection(serverId).config, requestId);
    },

    async updateTimeline(viewId, filter) {
      timeline.update(viewId, filter);
    },

    async updateTrace(viewId, patch) {
      traceViews.update(viewId, patch);
    },

    async getTraceMessage(seq) {
      return traceViews.message(seq);
    },

    async exportTrace(filter) {
      return traceViews.export(filter);
    },

    async updateContext(viewId, patch) {
      context.update(viewId, patch);
    },

    async getContextText() {
      return context.text();
    },

    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      try {
        await closeAll();
      } finally {
        // Whatever failed on the way, what waits for the close (browser mode's pages) is let go.
        markClosed();
      }
    },
  };
}
