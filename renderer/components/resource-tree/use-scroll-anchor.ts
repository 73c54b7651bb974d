import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import type { TreeApi } from 'react-arborist';
import type { ViewNode as CatalogNode } from '../../../shared/catalog/view-wire';

/**
 * Keeps the row at the top of the viewport in place when new pages arrive. Arborist keeps the
 * scroll offset in pixels, but a page that sorts in above the viewport would push the rows the
 * user is reading down; we remember the top row by its stable id and scroll back to it.
 */
export function useScrollAnchor(
  tree: RefObject<TreeApi<CatalogNode> | null | undefined>,
  data: unknown,
  rowHeight: number,
) {
  const anchor = useRef<{ id: string; offset: number } | null>(null);

  // One function for the tree's lifetime (arborist rebuilds on any prop change); it reads the
  // refs when the list scrolls, never during render.
  // eslint-disable-next-line react-hooks/refs
  const onScroll = useMemo(() => scrollRecorder(tree, anchor, rowHeight), [tree, rowHeight]);

  useLayoutEffect(() => {
    const api = tree.current;
    const kept = anchor.current;
    if (!api || !kept) return;
    const index = api.idToIndex[kept.id];
    if (index === undefined) return;
    const offset = index * rowHeight + kept.offset;
    if (Math.abs(offset - api.scrollOffset) >= 1) api.scrollToOffset(offset);
  }, [tree, data, rowHeight]);

  return onScroll;
}

function scrollRecorder(
  tree: RefObject<TreeApi<CatalogNode> | null | undefined>,
  anchor: RefObject<{ id: string; offset: number } | null>,
  rowHeight: number,
) {
  return ({ scrollOffset }: { scrollOffset: number }) => {
    const index = Math.floor(scrollOffset / rowHeight);
    const node = scrollOffset > 0 ? tree.current?.at(index) : null;
    anchor.current = node ? { id: node.id, offset: scrollOffset - index * rowHeight } : null;
  };
}
