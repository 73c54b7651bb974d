/**
 * Folding the host's snapshot and events into the servers and catalog slices. One action per
 * input so the reducers stay pure and each event is one `set`.
 */
import type { HostSlice, SliceCreator } from './app-state';
import { catalogsFromSnapshot, reduceCatalogs } from './reducers/catalog-reducer';
import { shouldReread } from './reducers/selection-reducer';
import { reduceServers, serversFromSnapshot } from './reducers/servers-reducer';

export const createHostSlice: SliceCreator<HostSlice> = (set, get) => ({
  replay: null,
  applySnapshot(snapshot) {
    set({
      ...serversFromSnapshot(snapshot.servers),
      catalogs: catalogsFromSnapshot(snapshot.catalogs),
      syncError: null,
      replay: snapshot.replay ?? null,
    });
  },
  applyEvent(event) {
    set((state) => {
      const servers = reduceServers(state, event);
      const catalogs = reduceCatalogs(state.catalogs, event);
      if (servers === state && catalogs === state.catalogs) return state;
      return { servers: servers.servers, serverOrder: servers.serverOrder, catalogs };
    });
    if (shouldReread(get().selected, event)) get().reread('update');
  },
});
