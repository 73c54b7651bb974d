/** Folds server events into the servers slice's data. Pure: state and event in, state out. */
import type { ServerId, ServerSnapshot } from '../../../shared/mcp-types';
import type { WindowEvent as HostEvent } from '../../../shared/window-api';

export interface ServersData {
  servers: Record<ServerId, ServerSnapshot>;
  /** The order the host listed them in; new servers go last. */
  serverOrder: ServerId[];
}

/**
 * The most stderr lines kept per server: enough to see why it died, bounded against a chatty
 * server.
 */
export const STDERR_LINES_KEPT = 200;

export function serversFromSnapshot(servers: ServerSnapshot[]): ServersData {
  const byId: Record<ServerId, ServerSnapshot> = {};
  for (const server of servers) byId[server.id] = server;
  return { servers: byId, serverOrder: servers.map((server) => server.id) };
}

export function reduceServers(data: ServersData, event: HostEvent): ServersData {
  switch (event.type) {
    case 'server': {
      const known = event.server.id in data.servers;
      return {
        servers: { ...data.servers, [event.server.id]: event.server },
        serverOrder: known ? data.serverOrder : [...data.serverOrder, event.server.id],
      };
    }
    case 'server-removed': {
      if (!(event.serverId in data.servers)) return data;
      const { [event.serverId]: _removed, ...rest } = data.servers;
      return { servers: rest, serverOrder: data.serverOrder.filter((id) => id !== event.serverId) };
    }
    case 'stderr': {
      const server = data.servers[event.serverId];
      if (!server || event.lines.length === 0) return data;
      const stderrTail = [...server.stderrTail, ...event.lines].slice(-STDERR_LINES_KEPT);
      return { ...data, servers: { ...data.servers, [server.id]: { ...server, stderrTail } } };
    }
    default:
      return data;
  }
}
