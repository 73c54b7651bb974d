import { useMemo, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { TreeApi } from 'react-arborist';
import type { ViewNode as CatalogNode } from '../../../shared/catalog/view-wire';
import { typeAheadIndex } from './type-ahead';

const TYPE_AHEAD_RESET_MS = 700;
/** Longest a key waits for a folder's rows; past it, keys go on regardless. */
const HOLD_KEYS_MS = 2000;
/** Keys that move through rows, which must wait for rows still on their way. */
const NAVIGATION = new Set([
  'ArrowDown',
  'ArrowUp',
  'ArrowRight',
  'ArrowLeft',
  'Home',
  'End',
  'PageDown',
  'PageUp',
  ' ',
  'Enter',
]);

/**
 * The keys react-arborist handles differently from a checkbox tree, taken in the capture
 * phase before its container sees them: Space toggles the checkbox (arborist selects or
 * toggles), Enter opens the row in the detail pane (arborist starts a rename), and letters
 * jump by label (arborist's type-ahead reads `data.name`). Alt+E and Alt+P exclude or pin the
 * focused resource for the context (again to undo; letters alone are type-ahead). Arrows,
 * Home/End, PageUp/Down and "*" stay arborist's.
 */
export function useTreeKeys(
  tree: RefObject<TreeApi<CatalogNode> | null | undefined>,
  togglePick: (node: CatalogNode) => void,
  toggleMark: (node: CatalogNode, mark: 'exclude' | 'pin') => void,
  rowsPending: () => boolean,
) {
  const typed = useRef({ text: '', at: 0 });
  // The handler reads the refs when a key is pressed, never during render.
  return useMemo(
    // eslint-disable-next-line react-hooks/refs
    () => holdingWhileRowsPending(keyHandler(tree, typed, togglePick, toggleMark), rowsPending),
    [tree, togglePick, toggleMark, rowsPending],
  );
}

/**
 * Holds navigation keys while the rows of a folder just opened are on their way from the
 * host, and replays them in order once they came (or after {@link HOLD_KEYS_MS}).
 */
function holdingWhileRowsPending(
  handle: (event: KeyboardEvent<HTMLElement>) => void,
  rowsPending: () => boolean,
) {
  const held: { target: EventTarget; init: KeyboardEventInit }[] = [];
  let since = 0;
  let replaying = false;
  // One key at a time: a replayed Right may open another folder whose rows must come first.
  const replay = () => {
    if (rowsPending() && performance.now() - since < HOLD_KEYS_MS)
      return void setTimeout(replay, 5);
    const next = held.shift();
    if (!next) return;
    replaying = true;
    try {
      next.target.dispatchEvent(new globalThis.KeyboardEvent('keydown', next.init));
    } finally {
      replaying = false;
    }
    if (held.length > 0) {
      since = performance.now();
      setTimeout(replay, 0);
    }
  };
  return (event: KeyboardEvent<HTMLElement>) => {
    const waiting = !replaying && (held.length > 0 || rowsPending());
    if (!waiting || !NAVIGATION.has(event.key) || event.altKey || event.ctrlKey || event.metaKey)
      return handle(event);
    event.preventDefault();
    event.stopPropagation();
    if (held.length === 0) {
      since = performance.now();
      setTimeout(replay, 5);
    }
    held.push({
      target: event.target,
      init: {
        key: event.key,
        code: event.code,
        shiftKey: event.shiftKey,
        bubbles: true,
        cancelable: true,
      },
    });
  };
}

function keyHandler(
  tree: RefObject<TreeApi<CatalogNode> | null | undefined>,
  typed: RefObject<{ text: string; at: number }>,
  togglePick: (node: CatalogNode) => void,
  toggleMark: (node: CatalogNode, mark: 'exclude' | 'pin') => void,
) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const api = tree.current;
    if (!api) return;
    // By key position, so a layout or macOS's Option characters do not matter.
    if (
      event.altKey &&
      !event.ctrlKey &&
      !event.metaKey &&
      (event.code === 'KeyE' || event.code === 'KeyP')
    ) {
      event.preventDefault();
      event.stopPropagation();
      const focused = api.focusedNode;
      if (focused?.data.kind === 'resource')
        toggleMark(focused.data, event.code === 'KeyE' ? 'exclude' : 'pin');
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const node = api.focusedNode;
    // Space always toggles the checkbox, even mid type-ahead: it is the checkbox key.
    if (event.key === ' ') {
      typed.current = { text: '', at: 0 };
      event.preventDefault();
      event.stopPropagation();
      if (node) togglePick(node.data);
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      if (!node) return;
      node.select();
      node.activate();
      return;
    }
    // "/" belongs to the search field's shortcut, "*" to arborist (open siblings).
    if (event.key.length !== 1 || event.key === '/' || event.key === '*') {
      // Any other key (an arrow, say) ends the word being typed.
      typed.current = { text: '', at: 0 };
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    const now = performance.now();
    const text =
      (now - typed.current.at > TYPE_AHEAD_RESET_MS ? '' : typed.current.text) + event.key;
    typed.current = { text, at: now };
    const visible = api.visibleNodes;
    const index = typeAheadIndex(
      visible.map((row) => row.data.label),
      node?.rowIndex ?? -1,
      text,
    );
    const target = visible[index];
    if (target) api.focus(target.id);
  };
}
