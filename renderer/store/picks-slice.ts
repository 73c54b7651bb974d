/**
 * The picks slice: what the user's checkboxes ask of the host. A pick is an include mark in
 * the host's context session; the window keeps no copy. A resource's box reads its row's
 * `mark`, a folder's box its `picked` count, and the header the frame's `marks.picked`.
 */
import { entryKey } from '../../shared/catalog/resource-key';
import type { WindowApi } from '../../shared/window-api';
import type { PicksSlice, SliceCreator } from './app-state';
import { shownMark } from './context-slice';
import { describeError } from './describe-error';

export function createPicksSlice(api: Pick<WindowApi, 'updateView'>): SliceCreator<PicksSlice> {
  return (set, get) => ({
    togglePick(node) {
      if (node.kind === 'resource' && node.resource) {
        const key = entryKey(node.resource);
        get().setPicked(key, shownMark(get().marksSent, key, node.mark) !== 'include');
        return;
      }
      if (!node.children) return;
      // The host knows every resource shown under the folder and applies the tri-state rule
      // to its session; its frames bring the new boxes and counts.
      void api.updateView(get().viewId, { toggleUnder: node.id }).catch((error: unknown) => {
        // A lost link has its own banner.
        if (get().hostLink.state === 'open') set({ viewError: describeError(error).message });
      });
    },
    setPicked(key, on) {
      get().setMark(key, on ? 'include' : null);
    },
    clearPicks() {
      void get().sendContext({ clear: 'include' });
    },
  });
}
