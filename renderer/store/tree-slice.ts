/**
 * The tree slice: the catalog tree as the host last sent it (a view frame, see
 * shared/catalog/catalog-view.ts and store/view-sync.ts), and the window's own view state
 * that the host follows: how siblings are sorted, the search text, the open folders and
 * the node open in the detail pane.
 */
import type { StateCreator } from 'zustand';
import type { ViewFrame, ViewNode } from '../../shared/catalog/view-wire';
import type { CatalogNode, CatalogSort } from '../../shared/catalog/tree-types';
import { resourceNodeId } from '../../shared/catalog/node-ids';
import type { WindowApi } from '../../shared/window-api';
import type { AppState } from './app-store';

/** What the tree shows: the last frame applied. */
export type CatalogView = Omit<ViewFrame, 'viewId'>;

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

export interface TreeSlice {
  /** This window's view on the host; new per page load. */
  viewId: string;
  view: CatalogView;
  /** Takes a frame the host sent for this view. */
  applyFrame(frame: ViewFrame): void;
  /** Why the host refused the last change to the view, until a change goes through. */
  viewError: string | null;
  sort: CatalogSort;
  setSort(sort: CatalogSort): void;
  /** The search field's text, as typed; the view follows it a moment later. */
  searchText: string;
  setSearchText(text: string): void;
  /** The rows the tree has open (react-arborist keeps the state; this mirrors it for the host). */
  openIds: ReadonlySet<string>;
  setOpen(id: string, open: boolean): void;
  /**
   * Calls in flight that bring the rows of a folder just opened: until they land, the tree
   * holds its navigation keys, so Right then Down reaches the first child, not the next folder.
   */
  rowsPending: number;
  awaitRows(call: Promise<unknown>): void;
  /** The node shown in the detail pane (any kind). `selected` follows it for resources. */
  selectedNodeId: string | null;
  /**
   * That node as last seen: in the row clicked, then in each frame. Null when it left the catalogs.
   */
  selectedNode: ViewNode | null;
  /**
   * Opens a node in the detail pane; a resource is also read. A `more` row instead shows the
   * rows of its folder it stands for, and moves the tree's focus to the first of them.
   */
  openNode(node: CatalogNode): void;
  /** Asks the tree to move its keyboard focus to a row (and scroll to it). */
  focusRequest: { nodeId: string; nonce: number } | null;
  /** Asks the tree to open the rows above a node, select it and scroll to it. */
  reveal: { nodeId: string; path: string[]; nonce: number } | null;
  /** Reveals a node by id, wherever it is; false when no catalog holds it. */
  revealId(nodeId: string): Promise<boolean>;
  /** Reveals a resource by server and URI (a click in the context pane or the token map). */
  revealResource(serverId: string, uri: string): Promise<boolean>;
}

function newViewId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `v${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function createTreeSlice(
  api: Pick<WindowApi, 'updateView'>,
): StateCreator<AppState, [], [], TreeSlice> {
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
