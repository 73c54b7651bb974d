import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef } from 'react';
import { Tree, type NodeApi, type TreeApi } from 'react-arborist';
import { ancestorIds, RANKED_MATCHES_UP_TO } from '../../../shared/catalog/filter-tree';
import { matchesByNodeId } from '../../../shared/catalog/search-index';
import type { CatalogNode } from '../../../shared/catalog/tree-types';
import { pickKey } from '../../store/pick-state';
import { useAppStore } from '../../store/use-app-store';
import { MatchesContext } from './tree-context';
import { TreeNode } from './tree-node';
import { TreeRow } from './tree-row';
import { useElementSize } from './use-element-size';
import { useScrollAnchor } from './use-scroll-anchor';
import { useTreeKeys } from './use-tree-keys';

export const ROW_HEIGHT = 26;

// Arborist filters by `searchTerm`; our data is already filtered (filter-tree.ts), so every
// node it is given matches. Passing the query still matters: in filtered mode arborist keeps
// a separate open-state map whose folders default to open, so the ancestors of matches
// (the only folders a filtered tree holds) are expanded, and the user's own expansion
// returns untouched when the search is cleared.
const everyNodeMatches = () => true;

/**
 * Arborist builds a NodeApi for every node it is handed children for, on every update (each
 * streamed page, each toggle). Handing it the children of open nodes only keeps that work
 * proportional to what can be on screen instead of to the catalog: at 100,000 resources the
 * difference is a few hundred nodes against 100,000. A closed folder gets an empty list, so
 * it still shows as a folder; opening it updates arborist, which then asks again.
 */
const NO_CHILDREN: CatalogNode[] = [];


/**
 * The catalog of every connected server as one virtualized react-arborist tree. It only
 * displays: the shape comes from buildCatalogTree and filterCatalogTree, computed outside
 * React (store/catalog-view-sync.ts). Every prop is stable across renders, because arborist
 * rebuilds its node list whenever any prop changes.
 */
export function ResourceTree() {
  const view = useAppStore((state) => state.view);
  // Typing renders the field first; the tree follows in a render React may interrupt.
  const shown = useDeferredValue(view);
  const openNode = useAppStore((state) => state.openNode);
  const togglePick = useAppStore((state) => state.togglePick);
  const selectedNodeId = useAppStore((state) => state.selectedNodeId);
  const tree = useRef<TreeApi<CatalogNode> | undefined>(undefined);
  const [box, size] = useElementSize();
  const toggleMark = useAppStore((state) => state.toggleMark);
  const markNode = useCallback((node: CatalogNode, mark: 'exclude' | 'pin') => node.resource && toggleMark(pickKey(node.resource), mark), [toggleMark]);
  const onKeyDownCapture = useTreeKeys(tree, togglePick, markNode);
  const onActivate = useCallback((node: NodeApi<CatalogNode>) => openNode(node.data), [openNode]);
  const onScroll = useScrollAnchor(tree, shown.shown, ROW_HEIGHT);
  const childrenOf = useCallback((node: CatalogNode) => {
    if (!node.children) return null;
    const api = tree.current;
    return api && api.isOpen(node.id) ? node.children : NO_CHILDREN;
  }, []);
  // Arborist's search mode opens every folder; worth it for a few matches, not for thousands.
  const expandMatches = shown.query !== '' && shown.matches.size <= RANKED_MATCHES_UP_TO;

  // Servers and their few templates start expanded the first time they appear; after that
  // the user decides (arborist keeps open state by id across data changes).
  const seen = useRef(new Set<string>());
  useLayoutEffect(() => {
    const api = tree.current;
    if (!api || expandMatches) return;
    for (const root of shown.shown) {
      for (const node of [root, ...(root.children ?? []).filter((child) => child.kind === 'templates')]) {
        if (seen.current.has(node.id)) continue;
        seen.current.add(node.id);
        api.open(node.id);
      }
    }
  }, [shown, size.height, expandMatches]);

  // Leaving a search, bring back the row that was opened from it.
  const lastQuery = useRef(shown.query);
  useEffect(() => {
    const was = lastQuery.current;
    lastQuery.current = shown.query;
    const api = tree.current;
    if (!was || shown.query || !selectedNodeId || !api) return;
    // Its folders may be closed, and closed folders' rows are not built (childrenOf): open
    // the path first, then scroll once arborist has rebuilt.
    for (const id of ancestorIds(shown.shown, matchesByNodeId(new Map([[selectedNodeId, { score: 0, ranges: [] }]])))) api.open(id);
    const frame = requestAnimationFrame(() => void api.scrollTo(selectedNodeId, 'center'));
    return () => cancelAnimationFrame(frame);
  }, [shown.query, shown.shown, selectedNodeId]);

  // Revealed from elsewhere (the token map): open the way, select, scroll into view.
  const reveal = useAppStore((state) => state.reveal);
  useEffect(() => {
    const api = tree.current;
    if (!reveal || !api) return;
    for (const id of ancestorIds(shown.shown, matchesByNodeId(new Map([[reveal.nodeId, { score: 0, ranges: [] }]])))) api.open(id);
    const frame = requestAnimationFrame(() => {
      api.select(reveal.nodeId);
      void api.scrollTo(reveal.nodeId, 'center');
    });
    return () => cancelAnimationFrame(frame);
    // Only a new request reveals; the tree changing under it must not pull the view back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal]);

  return (
    <div className="resource-tree" ref={box} onKeyDownCapture={onKeyDownCapture}>
      <MatchesContext.Provider value={shown.matches}>
        {size.height > 0 ? (
          <Tree<CatalogNode>
            ref={tree}
            data={shown.shown}
            searchTerm={expandMatches ? shown.query : ''}
            childrenAccessor={childrenOf}
            searchMatch={everyNodeMatches}
            openByDefault={false}
            width={size.width}
            height={size.height}
            rowHeight={ROW_HEIGHT}
            indent={14}
            overscanCount={10}
            disableDrag
            disableDrop
            disableEdit
            disableMultiSelection
            onActivate={onActivate}
            onScroll={onScroll}
            renderRow={TreeRow}
            aria-label="Resources"
            className="tree-list"
          >
            {TreeNode}
          </Tree>
        ) : null}
      </MatchesContext.Provider>
      {shown.query && shown.shown.length === 0 ? <p className="muted small tree-empty">No resource or template matches “{shown.query}”.</p> : null}
    </div>
  );
}
