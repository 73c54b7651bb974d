/** The servers slice: configured servers as the host reports them, and the actions on them. */
import type { StateCreator } from 'zustand';
import type { ServerConfig, ServerId, ServerSnapshot } from '../../shared/mcp-types';
import type { WindowApi } from '../../shared/window-api';
import type { AppState } from './app-store';
import { describeError } from './describe-error';

export type ServerAction = 'reconnect' | 'remove' | 'refresh' | 'cancel';

export interface ServersSlice {
  servers: Record<ServerId, ServerSnapshot>;
  serverOrder: ServerId[];
  /** The last failed action per server, shown beside it until the next action. */
  serverActionErrors: Record<ServerId, string>;
  runServerAction(serverId: ServerId, action: ServerAction): Promise<void>;
  /** Spawns a process for stdio: only the connect form's submit may call it. Rejects with the HostError. */
  addServer(config: ServerConfig): Promise<ServerId>;
}

export function createServersSlice(api: WindowApi): StateCreator<AppState, [], [], ServersSlice> {
  const calls: Record<ServerAction, (serverId: ServerId) => Promise<void>> = {
    reconnect: (id) => api.reconnect(id),
    remove: (id) => api.removeServer(id),
    refresh: (id) => api.refreshCatalog(id),
    cancel: (id) => api.cancelCatalog(id),
  };
  return (set) => ({
    servers: {},
    serverOrder: [],
    serverActionErrors: {},
    async runServerAction(serverId, action) {
      set((state) => ({ serverActionErrors: withoutKey(state.serverActionErrors, serverId) }));
      try {
        await calls[action](serverId);
      } catch (error) {
        const { message } = describeError(error);
        set((state) => ({ serverActionErrors: { ...state.serverActionErrors, [serverId]: message } }));
      }
    },
    addServer: (config) => api.addServer(config),
  });
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _dropped, ...rest } = record;
  return rest;
}
