import { describe, expect, it, vi } from 'vitest';
import type { CandidatePage } from '../../shared/host-api';
import type { ReadResult, ResourceEntry } from '../../shared/mcp-types';
import type { CatalogSummary, WindowApi, WindowEvent as HostEvent } from '../../shared/window-api';
import { createTokenClient } from '../token-client';
import { createAppStore, type AppStore } from './app-store';
import { DEFAULT_COLUMNS } from './column-sizes';
import { startContextSync } from './context-sync';
import { resourceKeyString } from '../../shared/catalog/resource-key';

const server = { id: 's1', name: 'docs', transport: { kind: 'stdio' as const, command: 'x', args: [] }, stderrTail: [], status: 'connected' as const };
const resources: ResourceEntry[] = Array.from({ length: 6 }, (_, i) => ({ serverId: 's1', uri: `docs://r/${i}`, name: `r${i}`, annotations: { priority: 0.9 - i / 10 } }));
const catalog: CatalogSummary = { serverId: 's1', generation: 1, status: 'complete', resourceCount: resources.length, templates: [], pages: 1, warnings: [] };

type ContextApi = Pick<WindowApi, 'readResource' | 'cancelRequest' | 'onEvent' | 'listCandidates'>;

/** The host's answer to listCandidates, from `resources`. */
async function listCandidates(_serverId: string, request: { from: number; limit: number } | { uris: string[] }): Promise<CandidatePage> {
  const picked = 'uris' in request ? resources.filter((entry) => request.uris.includes(entry.uri)) : resources.slice(request.from, request.from + request.limit);
  return { generation: 1, total: resources.length, candidates: picked.map(({ serverId: _s, ...rest }) => rest) };
}

/** A host whose reads answer after `delayMs`, counting them by URI. */
function host(delayMs = 0) {
  const reads: string[] = [];
  let listener: ((event: HostEvent) => void) | undefined;
  const cancelled: string[] = [];
  const api: ContextApi = {
    listCandidates,
    cancelRequest: vi.fn(async (requestId: string) => {
      cancelled.push(requestId);
    }),
    readResource: vi.fn(async (serverId: string, uri: string): Promise<ReadResult> => {
      reads.push(uri);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { serverId, uri, contents: [{ uri, mimeType: 'text/plain', text: `text of ${uri} `.repeat(20), size: 300 }], warnings: [] };
    }),
    onEvent: (l) => {
      listener = l;
      return () => (listener = undefined);
    },
  };
  return { api, reads, cancelled, emit: (event: HostEvent) => listener?.(event) };
}

function storeWithCatalog(): AppStore {
  const store = createAppStore({ api: {} as WindowApi, columns: DEFAULT_COLUMNS, storage: null });
  store.getState().applySnapshot({ seq: 0, servers: [server], catalogs: [catalog] });
  return store;
}

const settled = (store: AppStore) => vi.waitFor(() => expect(store.getState().curation.state).toBe('done'), { timeout: 5000 });

describe('startContextSync', () => {
  it('re-assembles after a toggle without reading anything again', async () => {
    const store = storeWithCatalog();
    const { api, reads } = host();
    startContextSync(store, api, createTokenClient(), { delayMs: 0 });
    store.getState().setContextSettings({ auto: true });
    await settled(store);
    // Priority 0.4 is below the threshold: it is neither included nor read.
    const first = reads.length;
    expect(first).toBe(5);
    expect(store.getState().curation.order).toHaveLength(5);

    store.getState().toggleMark(resourceKeyString({ serverId: 's1', uri: 'docs://r/0' }), 'exclude');
    await vi.waitFor(() => expect(store.getState().curation.decisions.get(resourceKeyString({ serverId: 's1', uri: 'docs://r/0' }))?.kind).toBe('excluded-by-user'));
    await settled(store);
    expect(reads).toHaveLength(first);
    expect(store.getState().curation.text).not.toContain('docs://r/0');
  });

  it('reads a resource again when the server says it changed', async () => {
    const store = storeWithCatalog();
    const { api, reads, emit } = host();
    startContextSync(store, api, createTokenClient(), { delayMs: 0 });
    store.getState().setContextSettings({ auto: true });
    await settled(store);
    emit({ seq: 9, type: 'resource-updated', serverId: 's1', uri: 'docs://r/1' });
    await vi.waitFor(() => expect(reads.filter((uri) => uri === 'docs://r/1')).toHaveLength(2));
    await settled(store);
  });

  it('lets only the latest run reach the store, however the slower ones end', async () => {
    const store = storeWithCatalog();
    const { api, cancelled } = host(30);
    startContextSync(store, api, createTokenClient(), { delayMs: 0 });
    store.getState().setContextSettings({ auto: true, budget: 100_000 });
    // Change the budget while the first run is still reading.
    await new Promise((resolve) => setTimeout(resolve, 10));
    store.getState().setContextSettings({ budget: 1 });
    await settled(store);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Only the budget of 1 can explain this: nothing but required resources would fit, and there are none.
    expect(store.getState().curation.order).toHaveLength(0);
    expect(store.getState().curation.state).toBe('done');
    // The first run's reads in flight were cancelled on the host.
    expect(cancelled.length).toBeGreaterThan(0);
  });

  it('never keeps what a read brought back after the server said the resource changed', async () => {
    const store = storeWithCatalog();
    let version = 0;
    let listener: ((event: HostEvent) => void) | undefined;
    const api: ContextApi = {
    listCandidates,
      cancelRequest: vi.fn(async () => undefined),
      readResource: vi.fn(async (serverId: string, uri: string): Promise<ReadResult> => {
        const seen = version;
        await new Promise((resolve) => setTimeout(resolve, 40));
        return { serverId, uri, contents: [{ uri, text: `${uri} as of version ${seen}`, size: 10 }], warnings: [] };
      }),
      onEvent: (l) => {
        listener = l;
        return () => (listener = undefined);
      },
    };
    startContextSync(store, api, createTokenClient(), { delayMs: 0 });
    store.getState().setContextSettings({ auto: true });
    // While the first reads are out, docs://r/0 changes.
    await new Promise((resolve) => setTimeout(resolve, 10));
    version = 1;
    listener?.({ seq: 5, type: 'resource-updated', serverId: 's1', uri: 'docs://r/0' });
    await settled(store);
    // A later change of settings re-assembles from what was kept: the new version, never the old.
    store.getState().setContextSettings({ budget: 7999 });
    await vi.waitFor(() => expect(store.getState().curation.text).toContain('docs://r/0 as of version 1'), { timeout: 5000 });
    expect(store.getState().curation.text).not.toContain('docs://r/0 as of version 0');
  });
});
