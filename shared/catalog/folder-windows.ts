/**
 * The windows of a view's large open folders: which of their rows a frame carries, the `more`
 * rows at the cut ends, and how a page or a reveal moves them. A folder of 100,000 resources
 * sent whole made every change a 26 MB frame.
 */
import type { CatalogNode } from './tree-types';
import { moreNodeId, windowable } from './view-rows';
import type { PageDirection, ViewNode } from './view-wire';

/**
 * The rows of one open folder a frame carries at first; its other rows are a `more` row away (or a
 * search).
 */
export const FOLDER_WINDOW = 1000;
/** The most rows of one folder a frame carries: past it, showing more lets go of the far end. */
export const MAX_FOLDER_ROWS = 5000;

/** The rows of a large folder shown: from `start` (inclusive) to `end` (exclusive). */
interface RowWindow {
  start: number;
  end: number;
}

/** One view's folder windows. */
export class FolderWindows {
  /**
   * The rows shown of large open folders, by folder id; absent means the first {@link
   * FOLDER_WINDOW}.
   */
  readonly #windows = new Map<string, RowWindow>();

  /** Another sort or another set of rows: every folder shows its first rows again. */
  clear(): void {
    this.#windows.clear();
  }

  /** The rows of an open folder: all of them, or its window with a `more` row at each cut end. */
  rows(node: CatalogNode, level: (list: readonly CatalogNode[]) => ViewNode[]): ViewNode[] {
    const children = windowable(node);
    if (children.length <= FOLDER_WINDOW) return level(node.children ?? []);
    const { start, end } = this.#fit(node.id, children.length);
    const rows = level(children.slice(start, end));
    const more = (direction: PageDirection, hidden: number): ViewNode => ({
      id: moreNodeId(node.id, direction),
      kind: 'more',
      serverId: node.serverId,
      label: `Show ${Math.min(FOLDER_WINDOW, hidden).toLocaleString('en-US')} ${direction === 'next' ? 'more' : 'above'} (${hidden.toLocaleString('en-US')} not shown)`,
      resourceCount: 0,
      page: { folderId: node.id, direction, hidden },
    });
    if (start > 0) rows.unshift(more('previous', start));
    if (end < children.length) rows.push(more('next', children.length - end));
    // A server's Templates branch stays last, in view whatever the window.
    if (children !== node.children)
      rows.push(...level((node.children ?? []).slice(children.length)));
    return rows;
  }

  /**
   * The window of a folder of `length` rows, fitted to them (a folder shrinks when a listing starts
   * over).
   */
  #fit(folderId: string, length: number): RowWindow {
    const known = this.#windows.get(folderId) ?? { start: 0, end: FOLDER_WINDOW };
    const end = Math.min(length, Math.max(known.end, Math.min(length, FOLDER_WINDOW)));
    return { start: Math.min(known.start, Math.max(0, end - FOLDER_WINDOW)), end };
  }

  /** Moves a folder's window one step; returns the id of the first row it brought in. */
  page(node: CatalogNode | null, direction: PageDirection): string | null {
    if (!node) return null;
    const folderId = node.id;
    const children = windowable(node);
    if (children.length <= FOLDER_WINDOW) return null;
    const { start, end } = this.#fit(folderId, children.length);
    if (direction === 'next') {
      const grown = Math.min(children.length, end + FOLDER_WINDOW);
      this.#windows.set(folderId, { start: Math.max(start, grown - MAX_FOLDER_ROWS), end: grown });
      return children[end]?.id ?? null;
    }
    const grown = Math.max(0, start - FOLDER_WINDOW);
    this.#windows.set(folderId, { start: grown, end: Math.min(end, grown + MAX_FOLDER_ROWS) });
    return children[start - 1]?.id ?? null;
  }

  /**
   * Moves the windows of the large folders on `path` (root first) so that its last node is
   * shown, centred, if it was outside.
   */
  centerOn(path: readonly CatalogNode[]): void {
    for (let depth = 0; depth + 1 < path.length; depth += 1) {
      const folder = path[depth] as CatalogNode;
      const children = windowable(folder);
      if (children.length <= FOLDER_WINDOW) continue;
      const index = children.indexOf(path[depth + 1] as CatalogNode);
      if (index === -1) continue;
      const { start, end } = this.#fit(folder.id, children.length);
      if (index >= start && index < end) continue;
      const from = Math.max(
        0,
        Math.min(index - FOLDER_WINDOW / 2, children.length - FOLDER_WINDOW),
      );
      this.#windows.set(folder.id, { start: from, end: from + FOLDER_WINDOW });
    }
  }
}
