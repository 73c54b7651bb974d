import { describe, expect, it, vi } from 'vitest';
import { HostError } from '../../shared/host-error';
import type { ReadResult } from '../../shared/mcp-types';
import type { WindowApi as HostApi, WindowEvent as HostEvent } from '../../shared/window-api';
import { createAppStore } from './app-store';
import { DEFAULT_COLUMNS } from './column-sizes';
import { startHostSync } from './host-sync';
import { alwaysOpenLink } from '../host-link';

function fakeApi(overrides: Partial<HostApi> = {}) {
  let listener: ((event: HostEvent) => void) | undefined;
  const api: HostApi = {
    getSnapshot: vi.fn(async () => ({ seq: 0, servers: [], catalogs: [] })),
    addServer: vi.fn(async () => 's1'),
    removeServer: vi.fn(async () => {}),
    reconnect: vi.fn(async () => {}),
    refreshCatalog: vi.fn(async () => {}),
    cancelCatalog: vi.fn(async () => {}),
    readResource: vi.fn(async (serverId: string, uri: string): Promise<ReadResult> => ({
      serverId,
      uri,
      contents: [],
      warnings: [],
    })),
    cancelRequest: vi.fn(async () => {}),
    watchResources: vi.fn(async () => {}),
    completeArgument: vi.fn(async () => ({ values: [] })),
    listProfiles: vi.fn(async () => []),
    saveProfile: vi.fn(async (name: string) => ({ name, file: `${name}.json` })),
    loadProfile: vi.fn(async () => {
      throw new Error('no profiles here');
    }),
    connectDormantServers: vi.fn(async () => []),
    dropDormantServers: vi.fn(async () => {}),
    openView: vi.fn(async () => {}),
    updateView: vi.fn(async () => ({})),
    closeView: vi.fn(async () => {}),
    updateContext: vi.fn(async () => {}),
    getContextText: vi.fn(async () => ''),
    updateTrace: vi.fn(async () => undefined),
    getTraceMessage: vi.fn(async () => null),
    exportTrace: vi.fn(async () => ''),
    updateTimeline: vi.fn(async () => undefined),
    setLogLevel: vi.fn(async () => undefined),
    checkServer: vi.fn(async () => {
      throw new Error('no checks here');
    }),
    takeCapture: vi.fn(async () => {
      throw new Error('no captures here');
    }),
    openCapture: vi.fn(async () => {
      throw new Error('no captures here');
    }),
    findConfigs: vi.fn(async () => []),
    readConfig: vi.fn(async () => {
      throw new Error('no configs here');
    }),
    importServers: vi.fn(async () => []),
    getPreferences: vi.fn(async () => ({ theme: 'system' as const })),
    setPreferences: vi.fn(async () => ({ theme: 'system' as const })),
    signIn: vi.fn(async () => {}),
    signOut: vi.fn(async () => 'signed out'),
    onEvent: (l) => {
      listener = l;
      return () => (listener = undefined);
    },
    ...overrides,
  };
  return { api, emit: (event: HostEvent) => listener?.(event) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the app store', () => {
  it('applies events that arrive during the snapshot fetch only if newer than it', async () => {
    const { api, emit } = fakeApi();
    let answer: (value: Awaited<ReturnType<HostApi['getSnapshot']>>) => void = () => {};
    api.getSnapshot = () => new Promise((resolve) => (answer = resolve));
    const store = createAppStore({ api, columns: DEFAULT_COLUMNS, storage: null });
    startHostSync(store, api, alwaysOpenLink);
    const server = {
      id: 's1',
      name: 'one',
      transport: { kind: 'stdio' as const, command: 'x', args: [] },
      stderrTail: [],
    };
    emit({ seq: 4, type: 'server', server: { ...server, status: 'connecting' } });
    emit({ seq: 6, type: 'server', server: { ...server, status: 'connected' } });
    answer({ seq: 5, servers: [{ ...server, status: 'disconnected' }], catalogs: [] });
    await flush();
    expect(store.getState().servers.s1?.status).toBe('connected');
  });

  it('re-reads the selected resource when the host says it changed', async () => {
    const { api, emit } = fakeApi();
    const store = createAppStore({ api, columns: DEFAULT_COLUMNS, storage: null });
    startHostSync(store, api, alwaysOpenLink);
    await flush();
    store.getState().select({ serverId: 's1', uri: 'demo://a' });
    await flush();
    emit({ seq: 1, type: 'resource-updated', serverId: 's1', uri: 'demo://a' });
    emit({ seq: 2, type: 'resource-updated', serverId: 's1', uri: 'demo://other' });
    await flush();
    expect(api.readResource).toHaveBeenCalledTimes(2);
    expect(store.getState().read.status).toBe('loaded');
  });

  it('updates faster than the server answers never cancel the read in flight: one more read follows it, and shows the last version', async () => {
    const answers: ((result: ReadResult) => void)[] = [];
    const { api, emit } = fakeApi({
      readResource: vi.fn(() => new Promise<ReadResult>((resolve) => answers.push(resolve))),
    });
    const store = createAppStore({ api, columns: DEFAULT_COLUMNS, storage: null });
    startHostSync(store, api, alwaysOpenLink);
    await flush();
    const version = (n: number): ReadResult => ({
      serverId: 's1',
      uri: 'demo://a',
      contents: [{ uri: 'demo://a', text: `v${n}`, size: 2 }],
      warnings: [],
    });
    store.getState().select({ serverId: 's1', uri: 'demo://a' });
    answers[0]?.(version(1));
    await flush();
    emit({ seq: 1, type: 'resource-updated', serverId: 's1', uri: 'demo://a' });
    await flush();
    // Three more updates while the second read is out: none cancels it.
    for (let seq = 2; seq <= 4; seq += 1)
      emit({ seq, type: 'resource-updated', serverId: 's1', uri: 'demo://a' });
    await flush();
    expect(api.cancelRequest).not.toHaveBeenCalled();
    expect(answers).toHaveLength(2);
    answers[1]?.(version(2));
    await flush();
    expect(answers).toHaveLength(3);
    answers[2]?.(version(5));
    await flush();
    const read = store.getState().read;
    expect(read.status === 'loaded' && read.result.contents[0]?.text).toBe('v5');
    expect(read.status === 'loaded' && read.updated).toEqual({ changed: true });
    expect(answers).toHaveLength(3);
  });

  it('shows a failed read with its JSON-RPC code and ignores the answer to a superseded read', async () => {
    const { api } = fakeApi({
      readResource: vi.fn(async (_serverId: string, uri: string) => {
        throw new HostError('unknown-resource', `unknown resource: ${uri}`, -32602);
      }),
    });
    const store = createAppStore({ api, columns: DEFAULT_COLUMNS, storage: null });
    store.getState().select({ serverId: 's1', uri: 'demo://x' });
    store.getState().select({ serverId: 's1', uri: 'demo://y' });
    await flush();
    expect(store.getState().read).toEqual({
      status: 'failed',
      error: { code: 'unknown-resource', message: 'unknown resource: demo://y (-32602)' },
    });
    expect(api.cancelRequest).toHaveBeenCalledTimes(1);
  });
});
