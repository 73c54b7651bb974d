/**
 * The host core: every configured server's connection, behind the HostApi contract.
 * Plain Node: the desktop app, browser mode and the CLI all run this same code.
 */
import { isDeepStrictEqual } from 'node:util';
import type { HostApi, HostEvent, HostEventBody, HostSnapshot } from '../../shared/host-api';
import type { ServerConfig, ServerId, ServerTransportConfig } from '../../shared/mcp-types';
import { HostError } from '../../shared/host-error';
import type { Transport } from '@modelcontextprotocol/client';
import { createCatalogViews } from './catalog-views';
import { createProfileStore, type ProfileStore } from './profile-store';
import { redactTransport } from './redact';
import { ServerConnection } from './server-connection';

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
}

/** The HostApi, plus the lifecycle that only the process owning the host may call. */
export interface Host extends HostApi {
  /** Disconnects every server. */
  close(): Promise<void>;
  /** Resolves when every server given at creation has connected or failed to. */
  ready: Promise<void>;
}

const MAX_LOADED_CONFIGS = 1_000;
/** Plain JSON, so an absent field and an undefined one compare the same. */
const plain = (transport: ServerTransportConfig): unknown => JSON.parse(JSON.stringify(redactTransport(transport)));

/**
 * The real config of a server a page names by its redacted one: the first of `known` with its
 * name that redacts to the same. One that differs in anything the page can see is not it.
 */
function realConfig(server: ServerConfig, known: readonly ServerConfig[]): ServerConfig | undefined {
  const shown = plain(server.transport);
  return known.find((candidate) => candidate.name === server.name && isDeepStrictEqual(plain(candidate.transport), shown));
}

/** True when a config's env or header values are the masks a page sees: saving it would lose them. */
function isMasked(server: ServerConfig): boolean {
  const values = server.transport.kind === 'stdio' ? server.transport.env : server.transport.headers;
  return values !== undefined && Object.keys(values).length > 0 && isDeepStrictEqual(plain(server.transport), JSON.parse(JSON.stringify(server.transport)));
}

/** Creates the host and starts connecting the given servers. */
export function createHost(options: HostOptions = {}): Host {
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  // Made on first use: a host that never touches profiles never looks for their folder.
  let profileStore = options.profiles;
  const profiles = () => (profileStore ??= createProfileStore());
  const connections = new Map<ServerId, ServerConnection>();
  // The real configs of the profiles this host handed out redacted (host-side only, never sent).
  const loadedConfigs: ServerConfig[] = [];
  const listeners = new Set<(event: HostEvent) => void>();
  let seq = 0;
  let nextId = 1;

  const emit = (event: HostEventBody) => {
    seq += 1;
    const stamped: HostEvent = { ...event, seq };
    for (const listener of listeners) {
      try {
        listener(stamped);
      } catch {
        // One face's broken listener must not stop the others from hearing the event.
      }
    }
    views.observe(event);
  };
  const views = createCatalogViews({
    emit,
    servers: () => [...connections.values()].map((c) => ({ id: c.id, name: c.config.name, catalog: c.catalog })),
  });

  const deps = { emit, timeoutMs, ...(options.transportFor && { transportFor: options.transportFor }) };

  const connection = (serverId: ServerId) => {
    const found = connections.get(serverId);
    if (!found) throw new HostError('unknown-server', `no server with id ${serverId}`);
    return found;
  };

  const add = (config: ServerConfig, builtIn = false) => {
    const id = `s${nextId++}`;
    const created = new ServerConnection(id, config, deps, builtIn);
    connections.set(id, created);
    emit({ type: 'server', server: created.snapshot });
    return { id, started: created.start() };
  };

  const initial = (options.servers ?? []).map((config, index) => add(config, index === options.builtInIndex).started);

  return {
    ready: Promise.all(initial).then(() => undefined),

    listProfiles: () => profiles().list(),
    // The page only sees redacted transports (no header or env values): each server it names is
    // saved with the real config the host holds for it (see realConfig), never with the masks.
    saveProfile: async (profile) => {
      const store = profiles();
      // The file being replaced holds the configs of the servers it named that are not connected now.
      const replaced = await store.load(profile.name).catch(() => undefined);
      const servers = profile.servers.map((server) => {
        const connected = [...connections.values()].find((connection) => connection.config.name === server.name)?.config;
        const real = connected ?? realConfig(server, [...(replaced?.servers ?? []), ...loadedConfigs]);
        if (real) return real;
        if (isMasked(server)) {
          const what = server.transport.kind === 'stdio' ? 'env' : 'header';
          throw new HostError('invalid-input', `profile "${profile.name}" was not saved: the ${what} values of server "${server.name}" are hidden from this page and the host does not have them; load the profile it came from again, or remove the server`);
        }
        return server;
      });
      return store.save({ ...profile, servers });
    },
    // What goes back to a page is redacted like every snapshot: a profile must not be a way
    // to read a server's header or env values. Its servers are connected by name, host-side.
    loadProfile: async (name) => {
      const profile = await profiles().load(name);
      // Newest first, so a save-as under another name finds what this load handed out, redacted.
      loadedConfigs.unshift(...profile.servers);
      loadedConfigs.length = Math.min(loadedConfigs.length, MAX_LOADED_CONFIGS);
      return { ...profile, servers: profile.servers.map((server) => ({ ...server, transport: redactTransport(server.transport) })) };
    },
    async connectProfileServers(name, serverNames) {
      const profile = await profiles().load(name);
      const ids: ServerId[] = [];
      for (const serverName of serverNames) {
        const config = profile.servers.find((server) => server.name === serverName);
        if (!config) throw new HostError('invalid-input', `profile "${name}" has no server named ${JSON.stringify(serverName)}`);
        const { id, started } = add(config);
        await started;
        ids.push(id);
      }
      return ids;
    },

    async getSnapshot(): Promise<HostSnapshot> {
      const all = [...connections.values()];
      // Entries are never mutated once listed, so copying the arrays is enough to freeze this view;
      // a deep clone of 100,000 entries would cost more than listing them.
      const catalogs = all.map((c) => ({ ...c.catalog, resources: c.catalog.resources.slice(), templates: c.catalog.templates.slice(), warnings: c.catalog.warnings.slice() }));
      return { seq, servers: all.map((c) => c.snapshot), catalogs };
    },

    async addServer(config) {
      const { id, started } = add(config);
      await started;
      return id;
    },

    async removeServer(serverId) {
      const found = connection(serverId);
      connections.delete(serverId);
      await found.close();
      emit({ type: 'server-removed', serverId });
    },

    async reconnect(serverId) {
      const old = connection(serverId);
      await old.close();
      const fresh = new ServerConnection(serverId, old.config, deps, old.builtIn);
      connections.set(serverId, fresh);
      emit({ type: 'server', server: fresh.snapshot });
      await fresh.start();
      // A new session has no subscriptions: carry over what the user was watching.
      await fresh.watch(old.watched).catch(() => {});
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
    },

    async updateView(viewId, patch) {
      return views.update(viewId, patch);
    },

    async closeView(viewId) {
      views.close(viewId);
    },

    async listCandidates(serverId, request) {
      return views.candidates(serverId, request);
    },

    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      const all = [...connections.values()];
      connections.clear();
      views.dispose();
      await Promise.all(all.map((c) => c.close()));
      listeners.clear();
    },
  };
}
