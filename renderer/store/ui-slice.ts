/** The ui slice: the host link's status and the column sizes. */
import type { SliceCreator, UiSlice } from './app-state';
import { clampColumns, saveColumns, type ColumnSizes } from './column-sizes';

export function createUiSlice(
  initialColumns: ColumnSizes,
  storage: Pick<Storage, 'setItem'> | null,
): SliceCreator<UiSlice> {
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
