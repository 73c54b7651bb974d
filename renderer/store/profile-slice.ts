/**
 * The profile slice: what a loaded profile holds for servers this window does not have (their
 * configs, and the picks and marks on them). A pick is keyed by server id, and such a server
 * has none, so these parts are kept apart: shown in the Profiles section and written back on
 * every save, until the user connects the server (then they become picks and marks like any
 * other) or removes it from the profile. Without them, load then save dropped the server.
 */
import type { StateCreator } from 'zustand';
import { parseResourceKey, resourceKeyString } from '../../shared/catalog/resource-key';
import type { ServerConfig, ServerId } from '../../shared/mcp-types';
import { PROFILE_KIND, PROFILE_VERSION } from '../../shared/profile/profile-kind';
import type { Profile } from '../../shared/profile/profile';
import type { AppState } from './app-store';
import type { UserMark } from './context-slice';

/** The parts of a loaded profile that name servers this window does not have. */
export interface KeptProfile {
  /** The profile whose file holds their real configs: the page only sees them redacted. */
  source: string;
  servers: ServerConfig[];
  picks: Profile['picks'];
  marks: Profile['marks'];
}

export interface ProfileSlice {
  /** Null when the loaded profile names no server this window lacks, or none was loaded. */
  keptProfile: KeptProfile | null;
  /** Applies a loaded profile: settings, and picks and marks where the window has the server; keeps the rest. */
  applyProfile(profile: Profile): void;
  /** Leaves a kept server, with its picks and marks, out of the next save. */
  removeKeptServer(name: string): void;
  /** The profile just saved holds the kept configs now (it may have a new name). */
  setKeptSource(name: string): void;
}

/** Null when nothing is left to keep. */
const orNull = (kept: KeptProfile): KeptProfile | null => (kept.servers.length + kept.picks.length + kept.marks.length > 0 ? kept : null);

/** The first server id of each name: names are what profiles know servers by. */
function idsByName(state: AppState): Map<string, ServerId> {
  const ids = new Map<string, ServerId>();
  for (const id of state.serverOrder) {
    const name = state.servers[id]?.name;
    if (name !== undefined && !ids.has(name)) ids.set(name, id);
  }
  return ids;
}

/** The curation as a profile: this window's servers, picks and marks, and every kept part. */
export function profileOf(state: AppState, name: string, savedAt = new Date().toISOString()): Profile {
  const named = (key: string) => {
    const { serverId, uri } = parseResourceKey(key);
    const server = state.servers[serverId]?.name;
    return server === undefined ? [] : [{ server, uri }];
  };
  const kept = state.keptProfile;
  const { format, encoding, halfLifeDays, ...policy } = state.contextSettings;
  return {
    kind: PROFILE_KIND,
    version: PROFILE_VERSION,
    name,
    savedAt,
    servers: [
      ...state.serverOrder.flatMap((id) => {
        const server = state.servers[id];
        // The built-in demo too: its picks mean nothing without it (the host fills in real configs).
        return server ? [{ name: server.name, transport: server.transport } as ServerConfig] : [];
      }),
      ...(kept?.servers ?? []),
    ],
    picks: [...[...state.picked].flatMap(named), ...(kept?.picks ?? [])],
    marks: [...[...state.marks].flatMap(([key, mark]) => named(key).map((ref) => ({ ...ref, mark }))), ...(kept?.marks ?? [])],
    policy: { ...policy, ...(halfLifeDays !== undefined && { halfLifeDays }) },
    output: { format, encoding },
  };
}

const count = (n: number, noun: string) => `${n === 0 ? 'no' : n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
const contents = (profile: Profile) => `${count(profile.servers.length, 'server')}, ${count(profile.picks.length, 'pick')} and ${count(profile.marks.length, 'mark')}`;

/** What the confirmation before saving over `old` says: what it holds, what replaces it, and what it would lose. */
export function describeReplacement(old: Profile, next: Profile): string {
  const kept = new Set(next.servers.map((server) => server.name));
  const lost = old.servers.filter((server) => !kept.has(server.name)).map((server) => server.name);
  return [
    `Replace the profile “${old.name}” saved ${old.savedAt.replace('T', ' ').slice(0, 16)}? It holds ${contents(old)}; this curation has ${contents(next)}.`,
    ...(lost.length > 0 ? [`It would no longer name ${lost.join(', ')}.`] : []),
    'A copy of the file it replaces is kept beside it.',
  ].join(' ');
}

export const createProfileSlice: StateCreator<AppState, [], [], ProfileSlice> = (set, get, store) => {
  /** Turns the kept parts of servers the window now has into its picks and marks. */
  function adopt(state: AppState) {
    const kept = state.keptProfile;
    const ids = idsByName(state);
    if (!kept || !kept.servers.some((server) => ids.has(server.name))) return;
    const key = (server: string, uri: string) => resourceKeyString({ serverId: ids.get(server) as ServerId, uri });
    const picks = kept.picks.filter((pick) => ids.has(pick.server));
    const marks = kept.marks.filter((mark) => ids.has(mark.server));
    const rest: KeptProfile = {
      source: kept.source,
      servers: kept.servers.filter((server) => !ids.has(server.name)),
      picks: kept.picks.filter((pick) => !ids.has(pick.server)),
      marks: kept.marks.filter((mark) => !ids.has(mark.server)),
    };
    set({ keptProfile: orNull(rest) });
    if (picks.length > 0) state.setPicks(new Set([...get().picked, ...picks.map((pick) => key(pick.server, pick.uri))]));
    if (marks.length > 0) state.setMarks(new Map([...get().marks, ...marks.map((mark): [string, UserMark] => [key(mark.server, mark.uri), mark.mark])]));
  }
  // Servers arrive from the host, whoever connected them (the Profiles section or the connect form).
  store.subscribe((state, previous) => {
    if (state.keptProfile && state.servers !== previous.servers) adopt(state);
  });

  return {
    keptProfile: null,
    applyProfile(profile) {
      const state = get();
      const ids = idsByName(state);
      const here = <T extends { server: string }>(refs: readonly T[]) => refs.filter((ref) => ids.has(ref.server));
      const away = <T extends { server: string }>(refs: readonly T[]) => refs.filter((ref) => !ids.has(ref.server));
      const key = (server: string, uri: string) => resourceKeyString({ serverId: ids.get(server) as ServerId, uri });
      const servers = profile.servers.filter((server) => !ids.has(server.name));
      set({ keptProfile: orNull({ source: profile.name, servers, picks: away(profile.picks), marks: away(profile.marks) }) });
      state.setPicks(new Set(here(profile.picks).map((pick) => key(pick.server, pick.uri))));
      state.setMarks(new Map(here(profile.marks).map((mark): [string, UserMark] => [key(mark.server, mark.uri), mark.mark])));
      // Settings the profile leaves out are cleared, not kept from the last curation.
      state.setContextSettings({ ...profile.policy, halfLifeDays: profile.policy.halfLifeDays, focus: profile.policy.focus, ...profile.output });
    },
    removeKeptServer(name) {
      const kept = get().keptProfile;
      if (!kept) return;
      const servers = kept.servers.filter((server) => server.name !== name);
      const rest = { ...kept, servers, picks: kept.picks.filter((pick) => pick.server !== name), marks: kept.marks.filter((mark) => mark.server !== name) };
      set({ keptProfile: orNull(rest) });
    },
    setKeptSource(name) {
      const kept = get().keptProfile;
      if (kept && kept.source !== name) set({ keptProfile: { ...kept, source: name } });
    },
  };
};
