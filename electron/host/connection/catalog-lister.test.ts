import { describe, expect, it, vi } from 'vitest';
import type { HostEventBody } from '../../../shared/host-api';
import { CatalogLister, RELIST_MIN_GAP_MS } from './catalog-lister';

/** A server's lists as our seam sees them: pages of URIs, answered when `gate` lets them. */
function lister(pages: string[][]) {
  const events: HostEventBody[] = [];
  let lists = 0;
  let hold: Promise<void> | undefined;
  let release: () => void = () => {};
  // Told when a request reaches the hold: the walk is under way and waits on the server.
  let reached: () => void = () => {};
  let failNext: Error | undefined;
  const target = new CatalogLister({
    serverId: 's1',
    emit: (event) => events.push(event),
    timeoutMs: 1000,
    hasResources: () => true,
    request: async (method, cursor, signal) => {
      if (method === 'resources/templates/list') return { resourceTemplates: [] };
      if (cursor === undefined) lists += 1;
      const page = cursor === undefined ? 0 : Number(cursor);
      if (hold) {
        reached();
        await hold;
      }
      if (signal.aborted) throw new Error('aborted');
      if (failNext && page > 0) throw failNext;
      return {
        resources: (pages[page] ?? []).map((uri) => ({ uri, name: uri })),
        ...(page + 1 < pages.length && { nextCursor: String(page + 1) }),
      };
    },
  });
  return {
    target,
    events,
    lists: () => lists,
    /** Holds the requests from now on; resolves when the first of them is held. */
    pause: () => {
      hold = new Promise(
        (resolve) =>
          (release = () => {
            hold = undefined;
            resolve();
          }),
      );
      return new Promise<void>((resolve) => (reached = resolve));
    },
    resume: () => release(),
    failWith: (error: Error | undefined) => (failNext = error),
    setPages: (next: string[][]) => pages.splice(0, pages.length, ...next),
  };
}
const types = (events: HostEventBody[]) => events.map((event) => event.type);

describe('the catalog lister', () => {
  it('streams the first listing, then lists again behind it and replaces it whole with the difference', async () => {
    const server = lister([['a://1', 'a://2'], ['a://3']]);
    await server.target.list('connect');
    expect(types(server.events)).toEqual([
      'catalog-reset',
      'catalog-page',
      'catalog-page',
      'catalog-page',
      'catalog-status',
    ]);
    server.events.length = 0;
    server.setPages([['a://1'], ['a://3', 'a://4']]);
    const held = server.pause();
    const again = server.target.list('refresh');
    await held;
    // Meanwhile the list shown is the whole one before.
    expect(server.target.catalog.resources.map((r) => r.uri)).toEqual(['a://1', 'a://2', 'a://3']);
    expect(server.target.catalog.relisting).toEqual({ pages: 0 });
    server.resume();
    await again;
    expect(types(server.events)).not.toContain('catalog-reset');
    const relisted = server.events.find((event) => event.type === 'catalog-relisted');
    expect(relisted?.type === 'catalog-relisted' && relisted.diff.resources).toEqual({
      added: ['a://4'],
      removed: ['a://2'],
      changed: [],
    });
    expect(server.target.catalog.resources.map((r) => r.uri)).toEqual(['a://1', 'a://3', 'a://4']);
    expect(server.target.catalog.relisting).toBeUndefined();
  });

  it('a listing again that is cancelled or fails keeps the list shown, and says where it failed', async () => {
    const server = lister([['a://1'], ['a://2']]);
    await server.target.list('connect');
    const held = server.pause();
    const cancelled = server.target.list('refresh');
    await held;
    server.target.cancel();
    server.resume();
    await cancelled;
    expect(server.target.catalog).toMatchObject({
      status: 'complete',
      resources: [{ uri: 'a://1' }, { uri: 'a://2' }],
    });
    expect(server.target.catalog.relisting).toBeUndefined();

    server.failWith(new Error('boom'));
    await server.target.list('refresh');
    expect(server.target.catalog.status).toBe('failed');
    expect(server.target.catalog.error).toMatch(/boom; the list shown is the one before$/);
    expect(server.target.catalog.resources).toHaveLength(2);

    // The server going away mid-walk: the reason, and the page it was on.
    server.failWith(undefined);
    const dyingHeld = server.pause();
    const dying = server.target.list('refresh');
    await dyingHeld;
    server.target.fail('the server exited with code 3');
    server.resume();
    await dying;
    expect(server.target.catalog.error).toBe(
      'the server exited with code 3 while listing again page 1; the list shown is the one before',
    );
  });

  it('joins a burst of list_changed: one walk in flight and one waiting, however many come', async () => {
    // The lister's clock (Date) and its timers are the test's: a second passes when it says.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const server = lister([['a://1']]);
      await server.target.list('connect');
      const before = server.lists();
      const held = server.pause();
      server.target.relist('list-changed');
      // A second at least after the listing before it.
      await vi.advanceTimersByTimeAsync(RELIST_MIN_GAP_MS - 1);
      expect(server.lists()).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      await held;
      expect(server.lists()).toBe(before + 1);
      // A burst while that one is in flight: one more waits, a second after the one in flight.
      for (let i = 0; i < 50; i += 1) server.target.relist('list-changed');
      server.resume();
      await vi.advanceTimersByTimeAsync(RELIST_MIN_GAP_MS - 1);
      expect(server.lists()).toBe(before + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.lists()).toBe(before + 2);
      // And no other.
      await vi.advanceTimersByTimeAsync(10 * RELIST_MIN_GAP_MS);
      expect(server.lists()).toBe(before + 2);
      server.target.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
