/** The ui slice: the host link's status and the column sizes. */
import type { StateCreator } from 'zustand';
import type { HostLinkStatus } from '../host-link';
import type { AppState } from './app-store';
import { clampColumns, saveColumns, type ColumnSizes } from './column-sizes';

export interface UiSlice {
  hostLink: HostLinkStatus;
  setHostLink(status: HostLinkStatus): void;
  /** Why the last snapshot could not be fetched, if it could not. */
  syncError: string | null;
  columns: ColumnSizes;
  setColumns(sizes: ColumnSizes): void;
  /** What the right column shows: the open resource, or the assembled context. */
  rightTab: 'resource' | 'context';
  setRightTab(tab: 'resource' | 'context'): void;
  /** Per server, the time (`CatalogChange.at`) of the last list change the user dismissed. */
  seenChanges: Record<string, string>;
  markChangeSeen(serverId: string, at: string): void;
}

export function createUiSlice(
  initialColumns: ColumnSizes,
  storage: Pick<Storage, 'setItem'> | null,
): StateCreator<AppState, [], [], UiSlice> {
  return (set) => ({
    hostLink: { state: 'connecting' },
    setHostLink: (hostLink) => set({ hostLink }),
    syncError: null,
    columns: initialColumns,
    rightTab: 'resource',
    setRightTab: (rightTab) => set({ rightTab }),
    seenChanges: {},
    markChangeSeen: (serverId, at) =>
      set((state) => ({ seenChanges: { ...state.seenChanges, [serverId]: at } })),
    setColumns(sizes) {
      const columns = clampColumns(sizes);
      saveColumns(storage, columns);
      set({ columns });
    },
  });
}
