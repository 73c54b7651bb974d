/**
 * The session's servers and files: profiles saved from and loaded into the context session,
 * the dormant servers (named by a profile or the last session, not connected: their configs,
 * secrets included, stay here and never cross to a page), and the session kept on disk.
 * A profile is built here, from what the host holds, so nothing a page sees (redacted configs,
 * a window's partial view) can make it lose a server, a secret or a mark.
 */
import type { DormantServer } from '../../shared/context/context-wire';
import type { ProfileLoaded } from '../../shared/host-api';
import { HostError } from '../../shared/host-error';
import type { ProfileSummary, ServerConfig, ServerId } from '../../shared/mcp-types';
import { PROFILE_KIND, PROFILE_VERSION, type Profile } from '../../shared/profile/profile';
import type { ContextViews } from './context/context-views';
import type { ProfileStore } from './store/profile-store';
import { redactTransport } from './observe/redact';
import type { SessionStore } from './store/session-store';

/** A connection as the session needs it. */
export interface SessionConnection {
  id: ServerId;
  config: ServerConfig;
}

export interface HostSessionDeps {
  context: ContextViews;
  connections(): readonly SessionConnection[];
  /** Adds a server and resolves once it connected or failed. */
  add(config: ServerConfig): Promise<ServerId>;
  profiles(): ProfileStore;
  store?: SessionStore;
}

export interface HostSession {
  dormant(): DormantServer[];
  saveProfile(name: string): Promise<ProfileSummary>;
  loadProfile(name: string): Promise<ProfileLoaded>;
  connectDormant(names: readonly string[]): Promise<ServerId[]>;
  dropDormant(names: readonly string[]): void;
  /** A server the user removed: its config stays, dormant, while marks on it remain. */
  removed(config: ServerConfig): void;
  /** Puts a profile into the session, as loading it does (the CLI's `assemble --profile`). */
  apply(profile: Profile): ProfileLoaded;
  /** The session changed: keep it on disk (a moment later). */
  persist(): void;
  /**
   * Brings back the last session's marks and settings; its servers that are not connected stay
   * dormant.
   */
  restore(): Promise<void>;
}

export function createHostSession(deps: HostSessionDeps): HostSession {
  const { context } = deps;
  const dormantConfigs = new Map<string, ServerConfig>();
  const live = () =>
    deps.connections().map((connection) => ({ id: connection.id, name: connection.config.name }));

  function profileOf(name: string): Profile {
    const { format, encoding, halfLifeDays, focus, ...policy } = context.session.settings;
    const connected = deps.connections().map((connection) => connection.config);
    const names = new Set(connected.map((config) => config.name));
    const servers = [
      ...connected,
      ...[...dormantConfigs.values()].filter((config) => !names.has(config.name)),
    ];
    const marks = context.session.named(live());
    return {
      kind: PROFILE_KIND,
      version: PROFILE_VERSION,
      name,
      savedAt: new Date().toISOString(),
      servers,
      picks: marks
        .filter((entry) => entry.mark === 'include')
        .map(({ server, uri }) => ({ server, uri })),
      marks: marks.flatMap((entry) =>
        entry.mark === 'include'
          ? []
          : [{ server: entry.server, uri: entry.uri, mark: entry.mark }],
      ),
      policy: {
        ...policy,
        ...(halfLifeDays !== undefined && { halfLifeDays }),
        ...(focus && { focus }),
      },
      output: { format, encoding },
    };
  }

  function apply(profile: Profile): ProfileLoaded {
    const connected = new Set(deps.connections().map((connection) => connection.config.name));
    const marks = [
      ...profile.picks.map((pick) => ({ ...pick, mark: 'include' as const })),
      ...profile.marks,
    ];
    context.session.load(
      { ...profile.policy, focus: profile.policy.focus ?? '', ...profile.output },
      marks,
      live(),
    );
    dormantConfigs.clear();
    for (const server of profile.servers)
      if (!connected.has(server.name)) dormantConfigs.set(server.name, server);
    context.changed();
    return {
      name: profile.name,
      dormant: [...dormantConfigs.keys()],
      marks: marks.length,
      applied: marks.filter((entry) => connected.has(entry.server)).length,
    };
  }

  return {
    apply,
    dormant() {
      const out: DormantServer[] = [];
      const marks = context.session.dormant;
      for (const [name, config] of dormantConfigs)
        out.push({
          name,
          transport: redactTransport(config.transport),
          marks: marks.get(name)?.size ?? 0,
        });
      return out;
    },
    async saveProfile(name) {
      return deps.profiles().save(profileOf(name));
    },
    async loadProfile(name) {
      const loaded = apply(await deps.profiles().load(name));
      this.persist();
      return loaded;
    },
    async connectDormant(names) {
      const ids: ServerId[] = [];
      for (const name of names) {
        const config = dormantConfigs.get(name);
        if (!config)
          throw new HostError(
            'invalid-input',
            `no server named ${JSON.stringify(name)} is waiting to be connected`,
          );
        // Its marks come back to life when the host announces it (context-views.ts).
        dormantConfigs.delete(name);
        ids.push(await deps.add(config));
      }
      this.persist();
      return ids;
    },
    dropDormant(names) {
      for (const name of names) {
        dormantConfigs.delete(name);
        context.session.dropDormant(name);
      }
      context.changed();
      this.persist();
    },
    removed(config) {
      if (context.session.dormant.has(config.name)) dormantConfigs.set(config.name, config);
      this.persist();
    },
    persist() {
      deps.store?.save(() => profileOf('session'));
    },
    async restore() {
      const store = deps.store;
      if (!store) return;
      const kept = await store.load().catch(() => undefined);
      if (kept) apply(kept);
    },
  };
}
