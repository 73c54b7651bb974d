/** The servers slice: configured servers as the host reports them, and the actions on them. */
import type { ServerId } from '../../shared/mcp-types';
import type { WindowApi } from '../../shared/window-api';
import type { ServerAction, ServersSlice, SliceCreator } from './app-state';
import { describeError } from './describe-error';

export function createServersSlice(api: WindowApi): SliceCreator<ServersSlice> {
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
