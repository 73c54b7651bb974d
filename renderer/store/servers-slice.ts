/** The servers slice: configured servers as the host reports them, and the actions on them. */
import type { StateCreator } from 'zustand';
import type { LogLevel, ServerConfig, ServerId, ServerSnapshot } from '../../shared/mcp-types';
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
  /** Sets a server's log level; a failure shows on its card. */
  setLogLevel(serverId: ServerId, level: LogLevel): Promise<void>;
  /**
   * Spawns a process for stdio: only the connect form's submit may call it. Rejects with the
   * HostError.
   */
  addServer(config: ServerConfig): Promise<ServerId>;
  /**
   * Import from…: the config files found on the host's machine, one picked, and the servers added
   * from one (a user's action: it may spawn).
   */
  findConfigs: WindowApi['findConfigs'];
  readConfig: WindowApi['readConfig'];
  importServers: WindowApi['importServers'];
}

export function createServersSlice(api: WindowApi): StateCreator<AppState, [], [], ServersSlice> {
  const calls: Record<ServerAction, (serverId: ServerId) => Promise<void>> = {
    reconnect: (id) => api.reconnect(id),
    remove: (id) => api.removeServer(id),
    refresh: (id) => api.refreshCatalog(id),
    cancel: (id) => api.cancelCatalog(id),
  };
  return (set) => {
    /** Runs a call on a server; its failure shows on the server's card, one line. */
    async function reported(serverId: ServerId, call: () => Promise<void>): Promise<void> {
      set((state) => ({ serverActionErrors: withoutKey(state.serverActionErrors, serverId) }));
      try {
        await call();
      } catch (error) {
        const { message } = describeError(error);
        set((state) => ({
          serverActionErrors: { ...state.serverActionErrors, [serverId]: message },
        }));
      }
    }
    return {
      servers: {},
      serverOrder: [],
      serverActionErrors: {},
      runServerAction: (serverId, action) => reported(serverId, () => calls[action](serverId)),
      setLogLevel: (serverId, level) => reported(serverId, () => api.setLogLevel(serverId, level)),
      addServer: (config) => api.addServer(config),
      findConfigs: () => api.findConfigs(),
      readConfig: (source) => api.readConfig(source),
      importServers: (items) => api.importServers(items),
    };
  };
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _dropped, ...rest } = record;
  return rest;
}
