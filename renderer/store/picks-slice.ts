/** The picks slice: the resources the user picked for the context, and the per-folder counts of them. */
import type { StateCreator } from 'zustand';
import type { CatalogNode } from '../../shared/catalog/tree-types';
import type { AppState } from './app-store';
import { countPicks, NO_PICK_COUNTS, togglePicks, type PickCounts } from './pick-state';

export interface PicksSlice {
  /** Pick keys (see pick-state.ts): server id and URI. */
  picked: ReadonlySet<string>;
  /** Counts for the shown tree's folders, recomputed whenever picks or the shown tree change. */
  pickCounts: PickCounts;
  /** The checkbox of a shown node was toggled: a folder acts on the resources shown under it. */
  togglePick(node: CatalogNode): void;
  /** Replaces every pick (loading a profile). */
  setPicks(keys: ReadonlySet<string>): void;
  /** Picks or unpicks one resource by key (the detail pane's button). */
  setPicked(key: string, on: boolean): void;
  clearPicks(): void;
}

export const createPicksSlice: StateCreator<AppState, [], [], PicksSlice> = (set, get) => ({
  picked: new Set(),
  pickCounts: NO_PICK_COUNTS,
  togglePick(node) {
    const { picked, pickCounts, view } = get();
    const next = togglePicks(node, pickCounts, picked);
    set({ picked: next, pickCounts: countPicks(view.shown, next) });
  },
  setPicks(keys) {
    const picked = new Set(keys);
    set({ picked, pickCounts: countPicks(get().view.shown, picked) });
  },
  setPicked(key, on) {
    const picked = new Set(get().picked);
    if (on) picked.add(key);
    else picked.delete(key);
    set({ picked, pickCounts: countPicks(get().view.shown, picked) });
  },
  clearPicks() {
    const picked = new Set<string>();
    set({ picked, pickCounts: countPicks(get().view.shown, picked) });
  },
});
