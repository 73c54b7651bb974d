import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostApi, HostEvent, HostSnapshot } from '../../../shared/host-api';
import type { ResourceEntry } from '../../../shared/mcp-types';
import type { WindowEvent } from '../../../shared/window-api';
import { batchCatalogPages, windowCalls } from './batch-pages';

let seq = 0;
function page(serverId: string, generation: number, uris: string[], pages: number): HostEvent {
  const resources: ResourceEntry[] = uris.map((uri) => ({ serverId, uri, name: uri }));
  return {
    seq: ++seq,
    type: 'catalog-page',
    serverId,
    generation,
    resources,
    templates: [],
    warnings: [],
    pages,
  };
}
// A window hears how many resources a page added, never which.
const added = (event: WindowEvent) => (event.type === 'catalog-page' ? event.added : event.type);

describe('batchCatalogPages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a listing’s first page at once and joins the next ones for at most the delay', () => {
    const sent: WindowEvent[] = [];
    const batcher = batchCatalogPages((event) => sent.push(event), { delayMs: 100 });
    batcher.push(page('s1', 1, ['a://1'], 1));
    expect(sent.map(added)).toEqual([1]);
    batcher.push(page('s1', 1, ['a://2'], 2));
    batcher.push(page('s1', 1, ['a://3', 'a://4'], 3));
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(sent.map(added)).toEqual([1, 3]);
    expect(JSON.stringify(sent)).not.toContain('a://');
    // The joined page says how many pages came, and carries the last sequence number.
    expect(sent[1]).toMatchObject({ pages: 3, seq });
  });

  it('never reorders: any other event sends what waits first, and a new generation starts at once', () => {
    const sent: WindowEvent[] = [];
    const batcher = batchCatalogPages((event) => sent.push(event));
    batcher.push(page('s1', 1, ['a://1'], 1));
    batcher.push(page('s1', 1, ['a://2'], 2));
    batcher.push({
      seq: ++seq,
      type: 'catalog-status',
      serverId: 's1',
      generation: 1,
      status: 'complete',
    });
    batcher.push(page('s1', 2, ['b://1'], 1));
    batcher.push(page('s2', 1, ['c://1'], 1));
    expect(sent.map(added)).toEqual([1, 1, 'catalog-status', 1, 1]);
    const seqs = sent.map((event) => event.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it('sends a batch as soon as it is large', () => {
    const sent: WindowEvent[] = [];
    const batcher = batchCatalogPages((event) => sent.push(event), { maxItems: 3 });
    batcher.push(page('s1', 1, ['a://0'], 1));
    batcher.push(page('s1', 1, ['a://1', 'a://2'], 2));
    batcher.push(page('s1', 1, ['a://3'], 3));
    expect(sent.map(added)).toEqual([1, 3]);
  });

  it('sends what waits before a snapshot is taken, so no page comes twice', async () => {
    const sent: WindowEvent[] = [];
    const batcher = batchCatalogPages((event) => sent.push(event));
    batcher.push(page('s1', 1, ['a://1'], 1));
    batcher.push(page('s1', 1, ['a://2'], 2));
    const catalog = {
      serverId: 's1',
      generation: 1,
      status: 'listing' as const,
      resources: [{ serverId: 's1', uri: 'a://1', name: 'a' }],
      templates: [],
      pages: 1,
      warnings: [],
    };
    const host = {
      getSnapshot: async (): Promise<HostSnapshot> => ({ seq, servers: [], catalogs: [catalog] }),
      removeServer: async () => undefined,
    } as unknown as HostApi;
    const calls = windowCalls(host, batcher);
    const snapshot = await calls.getSnapshot();
    // Everything sent so far is at or before the snapshot; nothing waits to be sent after it.
    expect(sent.map(added)).toEqual([1, 1]);
    // The window's snapshot counts the resources and carries none.
    expect(snapshot.catalogs[0]).toMatchObject({ resourceCount: 1 });
    expect(snapshot.catalogs[0]).not.toHaveProperty('resources');
    expect(Math.max(...sent.map((event) => event.seq))).toBeLessThanOrEqual(snapshot.seq);
    // Other methods still reach the host.
    await expect(calls.removeServer('s1')).resolves.toBeUndefined();
  });
});
