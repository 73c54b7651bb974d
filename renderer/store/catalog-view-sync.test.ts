import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostApi, HostEvent, ResourceEntry } from '../../shared/host-api';
import { createAppStore } from './app-store';
import { startCatalogView } from './catalog-view-sync';
import { DEFAULT_COLUMNS } from './column-sizes';

const api = {} as HostApi;
const server = { id: 's1', name: 'one', transport: { kind: 'stdio' as const, command: 'x', args: [] }, stderrTail: [], status: 'connected' as const };

function page(from: number, size: number, pages: number): HostEvent {
  const resources: ResourceEntry[] = Array.from({ length: size }, (_, i) => ({ serverId: 's1', uri: `x://a/${from + i}`, name: `item ${from + i}` }));
  return { seq: pages + 1, type: 'catalog-page', serverId: 's1', generation: 1, resources, templates: [], warnings: [], pages };
}

describe('startCatalogView', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('coalesces streamed pages into a few tree rebuilds and ends with every resource', () => {
    const store = createAppStore({ api, columns: DEFAULT_COLUMNS, storage: null });
    store.getState().applySnapshot({ seq: 0, servers: [server], catalogs: [] });
    startCatalogView(store, { intervalMs: 200 });
    let rebuilds = 0;
    store.subscribe((state, previous) => {
      if (state.view.tree !== previous.view.tree) rebuilds++;
    });
    // 100 pages, one every 10 ms: one second of streaming.
    for (let i = 0; i < 100; i++) {
      store.getState().applyEvent(page(i * 10, 10, i + 1));
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(200);
    expect(rebuilds).toBeGreaterThanOrEqual(5);
    expect(rebuilds).toBeLessThanOrEqual(7);
    expect(store.getState().view.resourceTotal).toBe(1000);
    expect(store.getState().view.tree[0]?.resourceCount).toBe(1000);
  });

  it('searches the fed index for the latest text, keeps ancestors, and keeps picks counted', () => {
    const store = createAppStore({ api, columns: DEFAULT_COLUMNS, storage: null });
    store.getState().applySnapshot({ seq: 0, servers: [server], catalogs: [] });
    startCatalogView(store);
    store.getState().applyEvent(page(0, 50, 1));
    vi.advanceTimersByTime(300);
    store.getState().togglePick(store.getState().view.shown[0]!);
    expect(store.getState().picked.size).toBe(50);

    store.getState().setSearchText('item 4');
    store.getState().setSearchText('item 42');
    vi.advanceTimersByTime(0);
    const { view, pickCounts } = store.getState();
    expect(view.query).toBe('item 42');
    expect(view.matches.size).toBeGreaterThanOrEqual(1);
    const root = view.shown[0]!;
    expect(root.kind).toBe('server');
    expect(pickCounts.get(root)?.total).toBe(view.matches.size);
  });

  it('indexes nothing while a listing runs, yet a search then still finds the newest page', () => {
    const store = createAppStore({ api, columns: DEFAULT_COLUMNS, storage: null });
    store.getState().applySnapshot({ seq: 0, servers: [server], catalogs: [] });
    const idle: ((budget: () => number) => void)[] = [];
    startCatalogView(store, { whenIdle: (work) => (idle.push(work), () => undefined) });
    store.getState().applyEvent({ seq: 1, type: 'catalog-reset', serverId: 's1', generation: 1 });
    for (let i = 0; i < 5; i++) store.getState().applyEvent({ ...page(i * 10, 10, i + 1), seq: i + 2 });
    vi.advanceTimersByTime(300);
    expect(idle).toHaveLength(0);

    store.getState().setSearchText('item 47');
    vi.advanceTimersByTime(0);
    expect(store.getState().view.matches.ids()).toEqual([expect.stringContaining('x://a/47')]);

    store.getState().setSearchText('');
    store.getState().applyEvent({ ...page(50, 10, 6), seq: 7 });
    store.getState().applyEvent({ seq: 8, type: 'catalog-status', serverId: 's1', generation: 1, status: 'complete' });
    expect(idle).toHaveLength(1);
    idle[0]!(() => 50);
    store.getState().setSearchText('item 59');
    vi.advanceTimersByTime(0);
    expect(store.getState().view.matches.ids()).toEqual([expect.stringContaining('x://a/59')]);
  });

  it('narrowing a broad search shows exactly what searching afresh shows', () => {
    const outline = (nodes: readonly { label: string; resourceCount: number; children?: unknown[] }[], depth = 0): string[] =>
      nodes.flatMap((node) => [`${depth}${node.label}(${node.resourceCount})`, ...outline((node.children ?? []) as never, depth + 1)]);
    const shownFor = (queries: string[]) => {
      const store = createAppStore({ api, columns: DEFAULT_COLUMNS, storage: null });
      store.getState().applySnapshot({ seq: 0, servers: [server], catalogs: [] });
      startCatalogView(store);
      // 3,000 resources in three folders, so broad queries are over the ranking limit.
      for (let i = 0; i < 3; i++) {
        const resources: ResourceEntry[] = Array.from({ length: 1000 }, (_, j) => ({ serverId: 's1', uri: `x://${['red', 'green', 'blue'][i]}/${j}`, name: `item ${i * 1000 + j}` }));
        store.getState().applyEvent({ seq: i + 1, type: 'catalog-page', serverId: 's1', generation: 1, resources, templates: [], warnings: [], pages: i + 1 });
      }
      vi.advanceTimersByTime(300);
      for (const query of queries) {
        store.getState().setSearchText(query);
        vi.advanceTimersByTime(0);
      }
      return outline(store.getState().view.shown);
    };
    for (const typed of [['i', 'it', 'item', 'item 1', 'item 12'], ['e', 'ee', 'green', 'green 2'], ['r', 're', 'red 9'], ['gre', 'green', 'red'], ['item 12', 'item 1', 'item']]) {
      expect(shownFor(typed), typed.join(' → ')).toEqual(shownFor([typed.at(-1) as string]));
    }
  });
});
