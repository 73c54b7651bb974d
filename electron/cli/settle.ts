/** Waits until every server has connected or failed, and every catalog walk has ended. */
import type { HostApi, HostSnapshot } from '../../shared/host-api';

function settled(snapshot: HostSnapshot): boolean {
  return snapshot.servers.every((server) => {
    if (server.status === 'connecting') return false;
    if (server.status === 'disconnected') return true;
    const catalog = snapshot.catalogs.find((c) => c.serverId === server.id);
    return catalog !== undefined && catalog.status !== 'idle' && catalog.status !== 'listing';
  });
}

/** Resolves with the first snapshot in which nothing is still in progress. */
export async function settledSnapshot(host: HostApi): Promise<HostSnapshot> {
  for (;;) {
    const changed = new Promise<void>((resolve) => {
      const stop = host.onEvent((event) => {
        if (
          event.type === 'server' ||
          event.type === 'catalog-status' ||
          event.type === 'server-removed'
        ) {
          stop();
          resolve();
        }
      });
    });
    const snapshot = await host.getSnapshot();
    if (settled(snapshot)) return snapshot;
    await changed;
  }
}
