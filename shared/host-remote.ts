/**
 * The caller's half of the HostApi channel: no validation library, so the sandboxed
 * preload and the renderer can bundle it cheaply. The host's half is host-rpc.ts.
 */
import type { HostMethod } from './host-api';
import { HostError, type HostErrorData } from './host-error';
import type { WindowApi } from './window-api';

/** Every method a face may call remotely: all of HostApi but the event stream. */
export const HOST_METHODS = [
  'getSnapshot',
  'addServer',
  'removeServer',
  'reconnect',
  'setLogLevel',
  'refreshCatalog',
  'cancelCatalog',
  'listProfiles',
  'saveProfile',
  'loadProfile',
  'connectDormantServers',
  'dropDormantServers',
  'readResource',
  'cancelRequest',
  'watchResources',
  'completeArgument',
  'openView',
  'updateView',
  'closeView',
  'updateContext',
  'getContextText',
  'updateTrace',
  'getTraceMessage',
  'exportTrace',
  'updateTimeline',
  'checkServer',
  'takeCapture',
  'openCapture',
  'findConfigs',
  'readConfig',
  'importServers',
  'signIn',
  'signOut',
  'getPreferences',
  'setPreferences',
] as const satisfies readonly HostMethod[];

/** What crosses the channel back for one call. */
export type RpcResponse = { ok: true; value: unknown } | { ok: false; error: HostErrorData };

/** The receiving side's half: a response back into a value, or a thrown {@link HostError}. */
export function unwrapRpcResponse(response: unknown): unknown {
  if (typeof response !== 'object' || response === null || !('ok' in response)) {
    throw new HostError('internal', 'malformed response from the host');
  }
  const typed = response as RpcResponse;
  if (typed.ok) return typed.value;
  throw new HostError(typed.error.code, typed.error.message, typed.error.rpcCode);
}

/**
 * Builds a window's HostApi (shared/window-api.ts) whose methods go through `send` and whose events
 * come from `subscribe`.
 * Used by the preload (over IPC) and by the renderer in browser mode (over the WebSocket).
 */
export function createRemoteHostApi(
  send: (method: HostMethod, args: unknown[]) => Promise<unknown>,
  subscribe: WindowApi['onEvent'],
): WindowApi {
  const api: Partial<Record<HostMethod, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const method of HOST_METHODS) {
    api[method] = async (...args: unknown[]) => unwrapRpcResponse(await send(method, args));
  }
  return { ...(api as Omit<WindowApi, 'onEvent'>), onEvent: subscribe };
}
