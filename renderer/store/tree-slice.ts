/**
 * The tree slice: what the catalog tree shows (computed outside React by catalog-view-sync.ts),
 * how siblings are sorted, the search text, and which node is open in the detail pane.
 */
import type { StateCreator } from 'zustand';
import type { CatalogNode, CatalogSort, SearchMatches } from '../../shared/catalog/tree-types';
import { NO_MATCHES } from '../../shared/catalog/search-index';
import type { AppState } from './app-store';
import { findNode } from './find-node';
import { resourceNodeId } from '../../shared/catalog/node-ids';

/** One computed state of the catalog tree. Replaced whole, so a selector on it is one reference. */
export interface CatalogView {
  /** Every server's whole tree. */
  tree: CatalogNode[];
  /** What the tree displays: `tree`, or while searching only matches and their ancestors. */
  shown: CatalogNode[];
  /** The trimmed query `shown` answers; '' when not searching. */
  query: string;
  matches: SearchMatches;
  /** Resources in every catalog. */
  resourceTotal: number;
}

export const EMPTY_MATCHES: SearchMatches = NO_MATCHES;
export const EMPTY_VIEW: CatalogView = { tree: [], shown: [], query: '', matches: EMPTY_MATCHES, resourceTotal: 0 };

export interface TreeSlice {
  view: CatalogView;
  sort: CatalogSort;
  setSort(sort: CatalogSort): void;
  /** The search field's text, as typed; the view follows it a moment later. */
  searchText: string;
  setSearchText(text: string): void;
  /** The node shown in the detail pane (any kind). `selected` follows it for resources. */
  selectedNodeId: string | null;
  /** Opens a node in the detail pane; a resource is also read. */
  openNode(node: CatalogNode): void;
  /** Asks the tree to open the way to a node, select it and scroll to it (a click elsewhere, e.g. the token map). */
  reveal: { nodeId: string; nonce: number } | null;
  revealNode(node: CatalogNode): void;
  /** Reveals a resource by server and URI; false when the tree does not hold it. */
  revealResource(serverId: string, uri: string): boolean;
}

export const createTreeSlice: StateCreator<AppState, [], [], TreeSlice> = (set, get) => ({
  view: EMPTY_VIEW,
  sort: 'name',
  setSort: (sort) => set({ sort }),
  searchText: '',
  setSearchText: (searchText) => set({ searchText }),
  selectedNodeId: null,
  openNode(node) {
    set({ selectedNodeId: node.id });
    get().select(node.kind === 'resource' && node.resource ? { serverId: node.serverId, uri: node.resource.uri } : null);
  },
  reveal: null,
  revealNode(node) {
    get().openNode(node);
    set({ reveal: { nodeId: node.id, nonce: (get().reveal?.nonce ?? 0) + 1 } });
  },
  revealResource(serverId, uri) {
    const node = findNode(get().view.tree, resourceNodeId(serverId, uri));
    if (node) get().revealNode(node);
    return node !== null;
  },
});
