import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Tree, type NodeApi, type TreeApi } from 'react-arborist';
import { RANKED_MATCHES_UP_TO } from '../../../shared/catalog/filter-tree';
import type { ViewNode } from '../../../shared/catalog/view-wire';
import { entryKey } from '../../../shared/catalog/resource-key';
import { useAppStore, useAppStoreApi } from '../../store/use-app-store';
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
 * Arborist builds a NodeApi for every node it is handed children for, on every update. The
 * host sends the rows of open folders and a few more (a lookahead, so a folder opens at
 * once); handing arborist the children of open nodes only keeps its work proportional to
 * what is on screen. A closed folder gets an empty list, so it still shows as a folder;
 * opening it tells the host, whose next frame holds its rows if the lookahead did not.
 */
const NO_CHILDREN: ViewNode[] = [];

/**
 * A "Show more" row is activated, never selected: the highlight stays on the row open in the detail
 * pane.
 */
const isMoreRow = (node: ViewNode) => node.kind === 'more';

/**
 * The catalog of every connected server as one virtualized react-arborist tree. It only
 * displays: the host builds, searches and cuts the tree (shared/catalog/catalog-view.ts) and
 * store/view-sync.ts brings its frames. Every prop is stable across renders, because
 * arborist rebuilds its node list whenever any prop changes.
 */
export function ResourceTree() {
  // Rendered as soon as it comes: a frame arrives in its own task, after the keystroke that
  // asked for it has painted the field, so deferring it would only cost a frame.
  const shown = useAppStore((state) => state.view);
  const openNode = useAppStore((state) => state.openNode);
  const togglePick = useAppStore((state) => state.togglePick);
  const selectedNodeId = useAppStore((state) => state.selectedNodeId);
  const tree = useRef<TreeApi<ViewNode> | undefined>(undefined);
  const [box, size] = useElementSize();
  const toggleMark = useAppStore((state) => state.toggleMark);
  const markNode = useCallback(
    (node: ViewNode, mark: 'exclude' | 'pin') =>
      node.resource && toggleMark(entryKey(node.resource), node.mark, mark),
    [toggleMark],
  );
  const storeApi = useAppStoreApi();
  const rowsPending = useCallback(() => storeApi.getState().rowsPending > 0, [storeApi]);
  const onKeyDownCapture = useTreeKeys(tree, togglePick, markNode, rowsPending);
  const onActivate = useCallback((node: NodeApi<ViewNode>) => openNode(node.data), [openNode]);
  const onScroll = useScrollAnchor(tree, shown.tree, ROW_HEIGHT);
  const childrenOf = useCallback((node: ViewNode) => {
    if (!node.children) return null;
    const api = tree.current;
    return api && api.isOpen(node.id) ? node.children : NO_CHILDREN;
  }, []);
  // Arborist's search mode opens every folder; worth it for a few matches, not for thousands.
  // The host sends every row of such a result.
  const expandMatches = shown.query !== '' && shown.matchCount <= RANKED_MATCHES_UP_TO;
  // The host follows the rows the user opens; in search mode arborist keeps a separate set
  // of open rows (all of them), which is not the user's.
  const setOpen = useAppStore((state) => state.setOpen);
  const onToggle = useCallback(
    (id: string) => {
      const api = tree.current;
      if (api && !api.isFiltered) setOpen(id, api.isOpen(id));
    },
    [setOpen],
  );

  // Servers and their few templates start expanded the first time they appear; after that
  // the user decides (arborist keeps open state by id across data changes).
  const seen = useRef(new Set<string>());
  useLayoutEffect(() => {
    const api = tree.current;
    if (!api || expandMatches) return;
    for (const root of shown.tree) {
      for (const node of [
        root,
        ...(root.children ?? []).filter((child) => child.kind === 'templates'),
      ]) {
        if (seen.current.has(node.id)) continue;
        seen.current.add(node.id);
        api.open(node.id);
      }
    }
  }, [shown, size.height, expandMatches]);

  // A search with thousands of matches but a few exact ones: open the way to the best, once per
  // query (the user may close it again; the host follows what arborist opens).
  const openedBestFor = useRef('');
  useEffect(() => {
    const api = tree.current;
    if (!api || !shown.bestPath || openedBestFor.current === shown.query) return;
    openedBestFor.current = shown.query;
    for (const id of shown.bestPath) api.open(id);
  }, [shown.bestPath, shown.query]);

  // Leaving a search, bring back the row that was opened from it: the host opens the rows
  // above it (their rows may not have been sent), then the reveal below scrolls to it.
  const revealId = useAppStore((state) => state.revealId);
  const lastQuery = useRef(shown.query);
  useEffect(() => {
    const was = lastQuery.current;
    lastQuery.current = shown.query;
    if (was && !shown.query && selectedNodeId) void revealId(selectedNodeId);
  }, [shown.query, selectedNodeId, revealId]);

  // Revealed from elsewhere (the token map): open the way, select, scroll into view.
  const reveal = useAppStore((state) => state.reveal);
  useEffect(() => {
    const api = tree.current;
    if (!reveal || !api) return;
    for (const id of reveal.path) api.open(id);
    const frame = requestAnimationFrame(() => {
      api.select(reveal.nodeId);
      void api.scrollTo(reveal.nodeId, 'center');
    });
    return () => cancelAnimationFrame(frame);
    // Only a new request reveals (the host sent the path with it): the tree changing under
    // it must not pull the view back.
  }, [reveal]);

  // "Show more" brought rows in: the keyboard goes on from the first of them.
  const focusRequest = useAppStore((state) => state.focusRequest);
  useEffect(() => {
    const api = tree.current;
    if (focusRequest && api) api.focus(focusRequest.nodeId);
  }, [focusRequest]);

  return (
    <div
      className={`resource-tree${shown.searching ? ' searching' : ''}`}
      ref={box}
      onKeyDownCapture={onKeyDownCapture}
      // The rows answer the query before: the host searches on (search-field.tsx says so).
      aria-busy={shown.searching ? true : undefined}
    >
      {size.height > 0 ? (
        <Tree<ViewNode>
          ref={tree}
          data={shown.tree}
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
          disableSelect={isMoreRow}
          onActivate={onActivate}
          onScroll={onScroll}
          onToggle={onToggle}
          renderRow={TreeRow}
          aria-label="Resources"
          className="tree-list"
        >
          {TreeNode}
        </Tree>
      ) : null}
      {shown.query && shown.tree.length === 0 ? (
        <p className="muted small tree-empty">No resource or template matches “{shown.query}”.</p>
      ) : null}
    </div>
  );
}
