/**
 * The picks slice: the resources the user picked for the context. The window holds them;
 * the host keeps a copy in the window's view, to count them per folder. Every change goes to
 * both, in chunks the call size allows.
 */
import type { StateCreator } from 'zustand';
import type { ViewNode } from '../../shared/catalog/view-wire';
import { MAX_PICKS_PER_CALL } from '../../shared/host-api';
import type { WindowApi } from '../../shared/window-api';
import type { AppState } from './app-store';
import { pickKey } from './pick-state';

/**
 * Keys per call, and characters: each call costs the host a frame (a recount of the picks
 * under every folder, about 60 ms at 100,000 resources), so parts are large; a URI can be long,
 * and browser mode's socket takes calls of up to 8 MB.
 */
export const PICKS_PER_CALL = MAX_PICKS_PER_CALL;
const PICK_CHARS_PER_CALL = 1_000_000;

/** Keys in parts of at most {@link PICKS_PER_CALL} keys and about a million characters (a longer key goes alone). */
export function pickParts(keys: readonly string[]): string[][] {
  const parts: string[][] = [];
  let part: string[] = [];
  let chars = 0;
  for (const key of keys) {
    if (part.length > 0 && (part.length >= PICKS_PER_CALL || chars + key.length > PICK_CHARS_PER_CALL)) {
      parts.push(part);
      part = [];
      chars = 0;
    }
    part.push(key);
    chars += key.length;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

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
  for (const part of pickParts(pick)) calls.push(api.updateView(viewId, { pick: part }));
  for (const part of pickParts(unpick)) calls.push(api.updateView(viewId, { unpick: part }));
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
