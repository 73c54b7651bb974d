/**
 * The tree slice: the catalog tree as the host last sent it (a view frame, see
 * shared/catalog/catalog-view.ts and store/view-sync.ts), and the window's own view state
 * that the host follows: how siblings are sorted, the search text, the open folders and
 * the node open in the detail pane.
 */
import type { ViewNode } from '../../shared/catalog/view-wire';
import { resourceNodeId } from '../../shared/catalog/node-ids';
import type { WindowApi } from '../../shared/window-api';
import type { CatalogView, SliceCreator, TreeSlice } from './app-state';

export const EMPTY_VIEW: CatalogView = {
  frame: 0,
  tree: [],
  query: '',
  matchCount: 0,
  shownResources: 0,
  resourceTotal: 0,
  selectedId: null,
  selected: null,
  listing: false,
};

function newViewId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `v${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function createTreeSlice(api: Pick<WindowApi, 'updateView'>): SliceCreator<TreeSlice> {
  return (set, get) => ({
    viewId: newViewId(),
    view: EMPTY_VIEW,
    viewError: null,
    applyFrame(frame) {
      const { viewId: _id, ...view } = frame;
      const state = get();
      // The frame's selection is newer than what the window holds only if it answers the same
      // selection.
      const selectedNode =
        frame.selectedId === state.selectedNodeId && frame.selectedId !== null
          ? frame.selected
          : state.selectedNode;
      set({ view, selectedNode });
    },
    sort: 'name',
    setSort: (sort) => set({ sort }),
    searchText: '',
    setSearchText: (searchText) => set({ searchText }),
    openIds: new Set(),
    setOpen(id, open) {
      const current = get().openIds;
      if (current.has(id) === open) return;
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      set({ openIds: next });
    },
    rowsPending: 0,
    awaitRows(call) {
      set({ rowsPending: get().rowsPending + 1 });
      const done = () => set({ rowsPending: Math.max(0, get().rowsPending - 1) });
      call.then(done, done);
    },
    selectedNodeId: null,
    selectedNode: null,
    openNode(node) {
      const page = (node as ViewNode).page;
      if (node.kind === 'more') {
        if (!page) return;
        // The frame with the new rows comes before the reply; until then the tree holds its
        // navigation keys, as for a folder just opened (a lost link fails the call, and the
        // connection banner says so).
        const call = api.updateView(get().viewId, {
          page: { folderId: page.folderId, direction: page.direction },
        });
        get().awaitRows(call);
        call
          .then(({ paged }) => {
            if (paged?.first)
              set({
                focusRequest: { nodeId: paged.first, nonce: (get().focusRequest?.nonce ?? 0) + 1 },
              });
          })
          .catch(() => undefined);
        return;
      }
      const { children: _children, ...row } = node as ViewNode;
      set({ selectedNodeId: node.id, selectedNode: row });
      get().select(
        node.kind === 'resource' && node.resource
          ? { serverId: node.serverId, uri: node.resource.uri }
          : null,
      );
    },
    focusRequest: null,
    reveal: null,
    async revealId(nodeId) {
      // A lost link fails the call; the connection banner already says so.
      const change = await api.updateView(get().viewId, { reveal: nodeId }).catch(() => undefined);
      const revealed = change?.revealed;
      if (!revealed) return false;
      get().openNode(revealed.node);
      set({ reveal: { nodeId, path: revealed.path, nonce: (get().reveal?.nonce ?? 0) + 1 } });
      return true;
    },
    revealResource(serverId, uri) {
      return get().revealId(resourceNodeId(serverId, uri));
    },
  });
}
