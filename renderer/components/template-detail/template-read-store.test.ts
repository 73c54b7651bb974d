import { describe, expect, it, vi } from 'vitest';
import type { HostApi } from '../../../shared/host-api';
import { HostError } from '../../../shared/host-error';
import type { ReadResult } from '../../../shared/mcp-types';
import type { AppState } from '../../store/app-state';
import { createTemplateReadStore } from './template-read-store';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeApi(readResource: HostApi['readResource']): HostApi {
  return {
    getSnapshot: vi.fn(),
    addServer: vi.fn(),
    removeServer: vi.fn(),
    reconnect: vi.fn(),
    refreshCatalog: vi.fn(),
    cancelCatalog: vi.fn(),
    readResource: vi.fn(readResource),
    cancelRequest: vi.fn(async () => {}),
    watchResources: vi.fn(),
    completeArgument: vi.fn(),
    listProfiles: vi.fn(),
    saveProfile: vi.fn(),
    loadProfile: vi.fn(),
    connectDormantServers: vi.fn(),
    dropDormantServers: vi.fn(),
    openView: vi.fn(),
    updateView: vi.fn(),
    closeView: vi.fn(),
    updateContext: vi.fn(),
    getContextText: vi.fn(),
    updateTrace: vi.fn(),
    getTraceMessage: vi.fn(),
    exportTrace: vi.fn(),
    updateTimeline: vi.fn(),
    setLogLevel: vi.fn(),
    checkServer: vi.fn(),
    takeCapture: vi.fn(),
    openCapture: vi.fn(),
    findConfigs: vi.fn(),
    readConfig: vi.fn(),
    importServers: vi.fn(),
    getPreferences: vi.fn(),
    setPreferences: vi.fn(),
    signIn: vi.fn(),
    signOut: vi.fn(),
    onEvent: vi.fn(() => () => {}),
  };
}

// Only the read part matters here; the rest of AppState is mirrored, never used.
const base = { read: { status: 'idle' }, filter: 'kept' } as unknown as AppState;

describe('the template read store', () => {
  it('cancels a superseded read and ignores its late answer', async () => {
    const answers: ((result: ReadResult) => void)[] = [];
    const api = fakeApi((serverId, uri) =>
      new Promise<ReadResult>((resolve) => answers.push(resolve)).then((result) => ({
        ...result,
        serverId,
        uri,
      })),
    );
    const reader = createTemplateReadStore(base, api, 's1');
    reader.readUri('changelog://lumen/releases/1.0.0');
    reader.readUri('changelog://lumen/releases/2.0.0');
    expect(api.cancelRequest).toHaveBeenCalledTimes(1);
    answers[1]?.({ serverId: 's1', uri: '', contents: [], warnings: ['second'] });
    answers[0]?.({ serverId: 's1', uri: '', contents: [], warnings: ['first'] });
    await flush();
    const { read } = reader.store.getState();
    expect(read.status === 'loaded' && read.result.warnings).toEqual(['second']);
  });

  it('shows an unknown resource with its JSON-RPC code, and reads the same URI again', async () => {
    const api = fakeApi(async (_serverId, uri) => {
      throw new HostError('unknown-resource', `unknown resource: ${uri}`, -32602);
    });
    const reader = createTemplateReadStore(base, api, 's1');
    reader.readUri('db://lumen/schema/tables/nope');
    await flush();
    expect(reader.store.getState().read).toEqual({
      status: 'failed',
      error: {
        code: 'unknown-resource',
        message: 'unknown resource: db://lumen/schema/tables/nope (-32602)',
      },
    });
    reader.store.getState().reread();
    expect(api.readResource).toHaveBeenLastCalledWith(
      's1',
      'db://lumen/schema/tables/nope',
      expect.any(String),
    );
  });

  it('keeps its own read when the app state it mirrors changes', () => {
    const reader = createTemplateReadStore(
      base,
      fakeApi(() => new Promise(() => {})),
      's1',
    );
    reader.readUri('x://y');
    reader.mirror({ ...base, filter: 'changed' } as unknown as AppState);
    const state = reader.store.getState() as unknown as {
      filter: string;
      read: { status: string };
    };
    expect(state.filter).toBe('changed');
    expect(state.read.status).toBe('loading');
  });
});
