import type { IpcMainInvokeEvent } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import type { HostApi, HostEvent } from '../shared/host-api';
import type { RpcResponse } from '../shared/host-remote';
import { appUrlMatcher } from './app-url';
import { isAppMainFrame, linkWindow, serveHostIpc, type EventSink, type SenderFrame } from './ipc';

const APP = 'file:///opt/app/out/renderer/index.html';
const isAppUrl = appUrlMatcher(APP);

/** A host that records what reached it. */
function fakeHost() {
  const listeners = new Set<(event: HostEvent) => void>();
  const host = {
    getSnapshot: vi.fn(async () => ({ seq: 0, servers: [], catalogs: [] })),
    addServer: vi.fn(async () => 's1'),
    removeServer: vi.fn(async () => undefined),
    reconnect: vi.fn(async () => undefined),
    refreshCatalog: vi.fn(async () => undefined),
    cancelCatalog: vi.fn(async () => undefined),
    readResource: vi.fn(async (serverId: string, uri: string) => ({
      serverId,
      uri,
      contents: [],
      warnings: [],
    })),
    cancelRequest: vi.fn(async () => undefined),
    watchResources: vi.fn(async () => undefined),
    completeArgument: vi.fn(async () => ({ values: [] })),
    listProfiles: vi.fn(async () => []),
    saveProfile: vi.fn(async (name: string) => ({ name, file: `${name}.json` })),
    loadProfile: vi.fn(async () => {
      throw new Error('no profiles here');
    }),
    connectDormantServers: vi.fn(async () => []),
    dropDormantServers: vi.fn(async () => undefined),
    openView: vi.fn(),
    updateView: vi.fn(),
    closeView: vi.fn(),
    updateContext: vi.fn(),
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
    onEvent(listener: (event: HostEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies HostApi;
  const emit = (event: HostEvent) => listeners.forEach((listener) => listener(event));
  return { host, emit, listeners };
}

/** ipcMain with one window whose main frame shows the app. */
function wire() {
  const handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>();
  const ipcMain = {
    handle: (
      channel: string,
      listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown,
    ) => void handlers.set(channel, listener),
    removeHandler: (channel: string) => void handlers.delete(channel),
  };
  const mainFrame: SenderFrame = { url: APP, parent: null, processId: 4, frameToken: 'main-token' };
  const sink = { destroyed: false, send: vi.fn(), isDestroyed: () => sink.destroyed };
  const { host, emit, listeners } = fakeHost();
  const link = linkWindow(host, () => sink as EventSink);
  const stop = serveHostIpc(ipcMain, (frame) =>
    isAppMainFrame(frame, mainFrame, isAppUrl) ? link.calls : undefined,
  );
  const dispose = () => {
    link.dispose();
    stop();
  };
  async function call(
    frame: SenderFrame | null,
    method: unknown,
    args: unknown,
  ): Promise<RpcResponse> {
    const handler = handlers.get('host:call');
    if (!handler) throw new Error('no handler on host:call');
    return (await handler(
      { senderFrame: frame } as IpcMainInvokeEvent,
      method,
      args,
    )) as RpcResponse;
  }
  return { call, host, emit, listeners, sink, dispose, handlers, mainFrame };
}

describe('the host over IPC, one window', () => {
  it('refuses calls from any frame but the app window’s main frame, without reaching the host', async () => {
    const { call, host, mainFrame } = wire();
    const stdio = {
      name: 'x',
      transport: { kind: 'stdio', command: 'sh', args: ['-c', 'echo pwned'] },
    };
    const subframe: SenderFrame = {
      url: APP,
      parent: mainFrame as SenderFrame['parent'],
      processId: 4,
      frameToken: 'iframe-token',
    };
    const navigatedAway: SenderFrame = { ...mainFrame, url: 'https://evil.example/' };
    const otherWindow: SenderFrame = { ...mainFrame, processId: 9, frameToken: 'other-token' };
    for (const frame of [subframe, navigatedAway, otherWindow, null]) {
      const response = await call(frame, 'addServer', [stdio]);
      expect(response).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
    expect(host.addServer).not.toHaveBeenCalled();
  });

  it('answers a malformed call from the app with invalid-input and does not pass it on', async () => {
    const { call, host, mainFrame } = wire();
    expect(await call(mainFrame, 'readResource', [42])).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(await call(mainFrame, 'close', [])).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(host.readResource).not.toHaveBeenCalled();
  });

  it('runs a valid call from the app and returns the host’s answer', async () => {
    const { call, host, mainFrame } = wire();
    const response = await call(mainFrame, 'readResource', ['s1', 'file:///notes.md']);
    expect(host.readResource).toHaveBeenCalledWith('s1', 'file:///notes.md');
    expect(response).toEqual({
      ok: true,
      value: { serverId: 's1', uri: 'file:///notes.md', contents: [], warnings: [] },
    });
  });

  it('forwards host events to the window while it lives, and not after dispose', () => {
    const { emit, sink, dispose, listeners, handlers } = wire();
    const event: HostEvent = { seq: 1, type: 'server-removed', serverId: 's1' };
    emit(event);
    expect(sink.send).toHaveBeenCalledWith('host:event', event);

    sink.destroyed = true;
    emit({ ...event, seq: 2 });
    expect(sink.send).toHaveBeenCalledTimes(1);

    sink.destroyed = false;
    dispose();
    emit({ ...event, seq: 3 });
    expect(sink.send).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
    expect(handlers.has('host:call')).toBe(false);
  });
});

describe('serveHostIpc', () => {
  it('routes each window to its own host (the main one, or a capture), and refuses any other frame', async () => {
    const handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>();
    const ipcMain = {
      handle: (
        channel: string,
        listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown,
      ) => void handlers.set(channel, listener),
      removeHandler: (channel: string) => void handlers.delete(channel),
    };
    const main = fakeHost();
    const capture = fakeHost();
    const mainFrame: SenderFrame = { url: APP, parent: null, processId: 4, frameToken: 'main' };
    const captureFrame: SenderFrame = {
      url: `${APP}?capture=c-1`,
      parent: null,
      processId: 7,
      frameToken: 'capture',
    };
    const sinks = {
      main: { send: vi.fn(), isDestroyed: () => false },
      capture: { send: vi.fn(), isDestroyed: () => false },
    };
    const windows = [
      { frame: mainFrame, link: linkWindow(main.host, () => sinks.main) },
      { frame: captureFrame, link: linkWindow(capture.host, () => sinks.capture) },
    ];
    const stop = serveHostIpc(
      ipcMain,
      (frame) =>
        windows.find((window) => isAppMainFrame(frame, window.frame, isAppUrl))?.link.calls,
    );
    const call = (frame: SenderFrame | null, method: string, args: unknown[]) =>
      handlers.get('host:call')?.(
        { senderFrame: frame } as IpcMainInvokeEvent,
        method,
        args,
      ) as Promise<RpcResponse>;
    await call(captureFrame, 'readResource', ['s1', 'file:///a.md']);
    expect(capture.host.readResource).toHaveBeenCalledWith('s1', 'file:///a.md');
    expect(main.host.readResource).not.toHaveBeenCalled();
    expect(
      await call({ ...captureFrame, frameToken: 'injected' }, 'readResource', [
        's1',
        'file:///a.md',
      ]),
    ).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    // Each host's events go to its own window only.
    capture.emit({ seq: 1, type: 'server-removed', serverId: 's1' });
    expect(sinks.capture.send).toHaveBeenCalledTimes(1);
    expect(sinks.main.send).not.toHaveBeenCalled();
    stop();
    expect(handlers.has('host:call')).toBe(false);
  });
});
