import { describe, expect, it, vi } from 'vitest';
import { resourceKeyString } from '../../shared/catalog/resource-key';
import type { ServerConfig, ServerSnapshot } from '../../shared/mcp-types';
import { PROFILE_KIND, PROFILE_VERSION } from '../../shared/profile/profile-kind';
import type { Profile } from '../../shared/profile/profile';
import type { WindowApi } from '../../shared/window-api';
import { createAppStore, type AppStore } from './app-store';
import { DEFAULT_COLUMNS } from './column-sizes';
import { describeReplacement, profileOf } from './profile-slice';

const docs: ServerConfig = { name: 'docs', transport: { kind: 'stdio', command: 'docs-server', args: [] } };
// As the page sees it: the env value masked.
const notes: ServerConfig = { name: 'notes', transport: { kind: 'stdio', command: 'notes-server', args: ['--ro'], env: { NOTES_TOKEN: '••••' } } };
const savedAt = '2026-11-30T12:00:00.000Z';

const loaded: Profile = {
  kind: PROFILE_KIND,
  version: PROFILE_VERSION,
  name: 'review',
  savedAt,
  servers: [docs, notes],
  picks: [
    { server: 'docs', uri: 'docs://a' },
    { server: 'notes', uri: 'notes://1' },
    { server: 'notes', uri: 'notes://2' },
    { server: 'notes', uri: 'notes://3' },
  ],
  marks: [
    { server: 'docs', uri: 'docs://b', mark: 'exclude' },
    { server: 'notes', uri: 'notes://2', mark: 'pin' },
  ],
  policy: { auto: true, audience: 'assistant', threshold: 0.5, requirePriorityOne: true, budget: 8000, order: 'rank' },
  output: { format: 'markdown', encoding: 'o200k_base' },
};

const snapshot = (id: string, config: ServerConfig): ServerSnapshot => ({ id, ...config, status: 'connected', stderrTail: [] });

/** A window with `docs` connected as s1 (picks only reach the host's view, which is not under test). */
function window(): AppStore {
  const api = { updateView: vi.fn(async () => ({})) } as unknown as WindowApi;
  const store = createAppStore({ api, columns: DEFAULT_COLUMNS, storage: null });
  store.setState({ servers: { s1: snapshot('s1', docs) }, serverOrder: ['s1'] });
  return store;
}

/** A server the host reports, as a 'server' event would add it. */
function arrive(store: AppStore, id: string, config: ServerConfig) {
  const { servers, serverOrder } = store.getState();
  store.setState({ servers: { ...servers, [id]: snapshot(id, config) }, serverOrder: [...serverOrder, id] });
}

describe('a loaded profile with a server this window lacks', () => {
  it('is saved back whole: the server, its config, its picks and its mark', () => {
    const store = window();
    store.getState().applyProfile(loaded);
    // Only what the window can pick is picked…
    expect([...store.getState().picked]).toEqual([resourceKeyString({ serverId: 's1', uri: 'docs://a' })]);
    // …and the rest is kept, to be written back.
    expect(profileOf(store.getState(), 'review', savedAt)).toEqual(loaded);
  });

  it('turns into ordinary picks and marks when the server connects, beside picks made since', () => {
    const store = window();
    store.getState().applyProfile(loaded);
    store.getState().setPicked(resourceKeyString({ serverId: 's1', uri: 'docs://c' }), true);
    arrive(store, 's2', notes);
    const state = store.getState();
    expect(state.keptProfile).toBeNull();
    expect([...state.picked].sort()).toEqual(
      [['s1', 'docs://a'], ['s1', 'docs://c'], ['s2', 'notes://1'], ['s2', 'notes://2'], ['s2', 'notes://3']].map(([serverId, uri]) => resourceKeyString({ serverId: serverId as string, uri: uri as string })).sort(),
    );
    expect(state.marks.get(resourceKeyString({ serverId: 's2', uri: 'notes://2' }))).toBe('pin');
    const saved = profileOf(state, 'review', savedAt);
    expect(saved.servers.map((server) => server.name)).toEqual(['docs', 'notes']);
    expect(saved.picks).toHaveLength(5);
    expect(saved.marks).toHaveLength(2);
  });

  it('leaves a server the user removed, with its picks and mark, out of the next save', () => {
    const store = window();
    store.getState().applyProfile(loaded);
    store.getState().removeKeptServer('notes');
    expect(store.getState().keptProfile).toBeNull();
    const saved = profileOf(store.getState(), 'review', savedAt);
    expect(saved.servers).toEqual([docs]);
    expect(saved.picks).toEqual([{ server: 'docs', uri: 'docs://a' }]);
    expect(saved.marks).toEqual([{ server: 'docs', uri: 'docs://b', mark: 'exclude' }]);
  });

  it('is forgotten when another profile is loaded', () => {
    const store = window();
    store.getState().applyProfile(loaded);
    store.getState().applyProfile({ ...loaded, name: 'docs only', servers: [docs], picks: [], marks: [] });
    expect(store.getState().keptProfile).toBeNull();
  });
});

describe('the question before saving over a profile', () => {
  it('says what the file holds, what replaces it and which servers it would lose', () => {
    const next: Profile = { ...loaded, servers: [docs], picks: [{ server: 'docs', uri: 'docs://a' }], marks: [] };
    expect(describeReplacement(loaded, next)).toBe(
      'Replace the profile “review” saved 2026-11-30 12:00? It holds 2 servers, 4 picks and 2 marks; this curation has 1 server, 1 pick and no marks. It would no longer name notes. A copy of the file it replaces is kept beside it.',
    );
  });
});
