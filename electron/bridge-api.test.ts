import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { HostEvent } from '../shared/host-api';
import { HOST_METHODS } from '../shared/host-remote';
import { createBridgeApi, type RendererIpc } from './bridge-api';

/** ipcRenderer as the preload sees it, with main answering `respond`. */
function fakeIpc(respond: (channel: string, ...args: unknown[]) => unknown) {
  const emitter = new EventEmitter();
  const invoke = vi.fn(async (channel: string, ...args: unknown[]) => respond(channel, ...args));
  const ipc = Object.assign(emitter, { invoke }) as unknown as RendererIpc;
  return { ipc, invoke, emitter };
}

describe('createBridgeApi', () => {
  it('exposes the HostApi methods as plain functions and nothing else', () => {
    const api = createBridgeApi(fakeIpc(() => null).ipc);
    expect(Object.keys(api).sort()).toEqual([...HOST_METHODS, 'onEvent'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
  });

  it('sends a call over host:call and resolves with the host’s value', async () => {
    const { ipc, invoke } = fakeIpc(() => ({ ok: true, value: 'server-7' }));
    const api = createBridgeApi(ipc);
    await expect(api.removeServer('server-7')).resolves.toBe('server-7');
    expect(invoke).toHaveBeenCalledWith('host:call', 'removeServer', ['server-7']);
  });

  it('rejects with an error whose code survives the context bridge’s copy', async () => {
    const { ipc } = fakeIpc(() => ({
      ok: false,
      error: { code: 'timeout', message: 'no answer in 30 s' },
    }));
    const error = await createBridgeApi(ipc)
      .getSnapshot()
      .catch((caught: unknown) => caught);
    // contextBridge copies values much like structuredClone; an Error would arrive without `code`.
    expect(structuredClone(error)).toEqual({ code: 'timeout', message: 'no answer in 30 s' });
  });

  it('turns a transport failure into an internal error', async () => {
    const { ipc } = fakeIpc(() => {
      throw new Error("No handler registered for 'host:call'");
    });
    await expect(createBridgeApi(ipc).getSnapshot()).rejects.toEqual({
      code: 'internal',
      message: "No handler registered for 'host:call'",
    });
  });

  it('hands the page only the HostEvent, never the IPC event, until it unsubscribes', () => {
    const { ipc, emitter } = fakeIpc(() => null);
    const listener = vi.fn();
    const unsubscribe = createBridgeApi(ipc).onEvent(listener);
    const event: HostEvent = { seq: 4, type: 'resource-updated', serverId: 's1', uri: 'file:///a' };
    emitter.emit('host:event', { sender: 'ipcRenderer itself' }, event);
    expect(listener.mock.calls).toEqual([[event]]);

    unsubscribe();
    emitter.emit('host:event', {}, event);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(emitter.listenerCount('host:event')).toBe(0);
  });
});
