import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { HostMethod } from '../shared/host-api';
import { HostError, type HostErrorData } from '../shared/host-error';
import type { WindowApi, WindowEvent } from '../shared/window-api';
import { createRemoteHostApi, HOST_METHODS } from '../shared/host-remote';
import { HOST_CALL_CHANNEL, HOST_EVENT_CHANNEL } from './ipc-channels';

/** The ipcRenderer members the preload uses; tests pass a fake. */
export type RendererIpc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

/**
 * Builds the object the preload exposes as `window.api`: the HostApi over IPC, made of
 * plain named functions only, so neither ipcRenderer nor an IpcRendererEvent (whose
 * `sender` is ipcRenderer) ever reaches the page.
 *
 * Failed calls reject with a plain {@link HostErrorData} object, not an Error: contextBridge
 * copies only an Error's message, which would lose the `code` the renderer relies on.
 */
export function createBridgeApi(ipc: RendererIpc): WindowApi {
  const remote = createRemoteHostApi(
    (method, args) => ipc.invoke(HOST_CALL_CHANNEL, method, args),
    function onEvent(listener) {
      // Strip the IpcRendererEvent: the page gets the HostEvent and nothing else.
      const forward = (_event: IpcRendererEvent, hostEvent: WindowEvent) => listener(hostEvent);
      ipc.on(HOST_EVENT_CHANNEL, forward);
      return function unsubscribe() {
        ipc.removeListener(HOST_EVENT_CHANNEL, forward);
      };
    },
  );
  const api: Partial<Record<HostMethod, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const method of HOST_METHODS) {
    const call = remote[method] as (...args: unknown[]) => Promise<unknown>;
    api[method] = async function callHost(...args: unknown[]) {
      try {
        return await call(...args);
      } catch (error) {
        throw asErrorData(error);
      }
    };
  }
  return { ...(api as Omit<WindowApi, 'onEvent'>), onEvent: remote.onEvent };
}

/** The {@link HostErrorData} of anything a call threw (e.g. invoke failing with no handler). */
function asErrorData(error: unknown): HostErrorData {
  if (error instanceof HostError) return error.toJSON();
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}
