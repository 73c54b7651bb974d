/**
 * The picks slice: the resources the user picked for the context. The window holds them;
 * the host keeps a copy in the window's view, to count them per folder. Every change goes to
 * both, in chunks the call size allows.
 */
import type { StateCreator } from 'zustand';
import type { ViewNode } from '../../shared/catalog/catalog-view';
import type { WindowApi } from '../../shared/window-api';
import type { AppState } from './app-store';
import { pickKey } from './pick-state';

/** Keys per call: a call is at most 1 MB, and a URI can be long. */
export const PICKS_PER_CALL = 2000;

export interface PicksSlice {
  /** Pick keys (see pick-state.ts): server id and URI. */
  picked: ReadonlySet<string>;
  /** The checkbox of a shown node was toggled: a folder acts on the resources shown under it. */
  togglePick(node: ViewNode): void;
  /** Replaces every pick (loading a profile). */
  setPicks(keys: ReadonlySet<string>): void;
  /** Picks or unpicks one resource by key (the detail pane's button). */
  setPicked(key: string, on: boolean): void;
  clearPicks(): void;
}

/**
 * Sends picks and unpicks to the host's copy, a chunk per call. Every call that changes a
 * view is sent at once, never after awaiting an earlier one: the channel keeps their order
 * and the host applies them in it, so parts of one change cannot fall behind a later one.
 */
export function sendPicks(api: Pick<WindowApi, 'updateView'>, viewId: string, pick: readonly string[], unpick: readonly string[]): Promise<unknown> {
  const calls: Promise<unknown>[] = [];
  for (let at = 0; at < pick.length; at += PICKS_PER_CALL) calls.push(api.updateView(viewId, { pick: pick.slice(at, at + PICKS_PER_CALL) }));
  for (let at = 0; at < unpick.length; at += PICKS_PER_CALL) calls.push(api.updateView(viewId, { unpick: unpick.slice(at, at + PICKS_PER_CALL) }));
  return Promise.all(calls);
}

export function createPicksSlice(api: Pick<WindowApi, 'updateView'>): StateCreator<AppState, [], [], PicksSlice> {
  return (set, get) => {
    // A failed call means a lost link: the view is opened again, with every pick, when it returns.
    const send = (pick: readonly string[], unpick: readonly string[]) => void sendPicks(api, get().viewId, pick, unpick).catch(() => undefined);
    const replace = (next: ReadonlySet<string>) => {
      const before = get().picked;
      set({ picked: next });
      send(
        [...next].filter((key) => !before.has(key)),
        [...before].filter((key) => !next.has(key)),
      );
    };
    return {
      picked: new Set(),
      togglePick(node) {
        if (node.kind === 'resource' && node.resource) {
          const key = pickKey(node.resource);
          get().setPicked(key, !get().picked.has(key));
          return;
        }
        if (!node.children) return;
        // The host knows every resource under the folder as shown; it applies the tri-state
        // rule to its copy and says what changed, which the window then applies to its own.
        void api.updateView(get().viewId, { toggleUnder: node.id }).then(
          ({ toggled }) => {
            if (!toggled || toggled.keys.length === 0) return;
            const next = new Set(get().picked);
            for (const key of toggled.keys) {
              if (toggled.on) next.add(key);
              else next.delete(key);
            }
            set({ picked: next });
          },
          () => undefined,
        );
      },
      setPicks(keys) {
        replace(new Set(keys));
      },
      setPicked(key, on) {
        if (get().picked.has(key) === on) return;
        const next = new Set(get().picked);
        if (on) next.add(key);
        else next.delete(key);
        set({ picked: next });
        send(on ? [key] : [], on ? [] : [key]);
      },
      clearPicks() {
        replace(new Set());
      },
    };
  };
}
