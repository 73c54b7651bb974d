/**
 * Keeps this window's view on the host (shared/catalog/catalog-view.ts) in step with the
 * store. The host holds the catalogs, the tree and the search, and the context session; the
 * window sends what the user changed (sort, search text, open rows, selection; marks and
 * settings go from context-slice.ts) and takes the frames the host sends back: `view` frames
 * of the tree, `context` frames of the context, for the same view id. The view is opened
 * again, with the whole state, whenever the link to the host comes back, since a host that
 * restarted knows no view. The marks and settings are the host's own and outlive it.
 */
import { resourceKeyString } from '../../shared/catalog/resource-key';
import type { ViewNode, ViewPatch } from '../../shared/catalog/view-wire';
import { PREVIEW_CHARS } from '../../shared/context/context-wire';
import type { WindowApi } from '../../shared/window-api';
import type { AppState, AppStore } from './app-state';

export function startViewSync(
  store: AppStore,
  api: Pick<WindowApi, 'openView' | 'updateView' | 'closeView' | 'onEvent'>,
): () => void {
  const viewId = store.getState().viewId;
  let lastFrame = 0;
  let patch: ViewPatch = {};
  let queued = false;
  let stopped = false;
  let lostSinceOpen = false;
  let querySent: { query: string; at: number } | undefined;

  const stopEvents = api.onEvent((event) => {
    // The slice takes only this view's frames, and only newer ones.
    if (event.type === 'context') return store.getState().applyContextFrame(event.frame);
    if (event.type === 'trace') return store.getState().applyTraceFrame(event.frame);
    if (event.type === 'timeline') return store.getState().applyTimelineFrame(event.frame);
    if (event.type !== 'view' || event.frame.viewId !== viewId || event.frame.frame <= lastFrame)
      return;
    lastFrame = event.frame.frame;
    store.getState().applyFrame(event.frame);
    // Answered: its query's frame, not one still searching (which shows an older answer).
    if (
      querySent !== undefined &&
      event.frame.query === querySent.query &&
      event.frame.searching === undefined
    ) {
      // A User Timing entry per search answered, from the keystroke's call to its frame, so
      // the cost at scale shows in DevTools and in our measurements.
      performance.clearMeasures('catalog-search');
      performance.measure('catalog-search', { start: querySent.at, end: performance.now() });
      querySent = undefined;
    }
  });

  /**
   * Sends the whole state: every call at once, never after awaiting an earlier one, since the
   * channel keeps their order and the host applies them in it.
   */
  function open(): Promise<unknown> {
    patch = {};
    const state = store.getState();
    const openIds = [...state.openIds];
    lastFrame = 0;
    state.restartContextFrames();
    const calls: Promise<unknown>[] = [
      api.openView(viewId, {
        sort: state.sort,
        query: state.searchText,
        open: openIds.slice(0, IDS_PER_CALL),
        selectedId: state.selectedNodeId,
      }),
    ];
    for (let at = IDS_PER_CALL; at < openIds.length; at += IDS_PER_CALL)
      calls.push(api.updateView(viewId, { open: openIds.slice(at, at + IDS_PER_CALL) }));
    // What this window shows of the context is the view's, not the session's: a new view starts
    // without it.
    const select = state.selected ? resourceKeyString(state.selected) : null;
    if (
      select !== null ||
      state.previewChars !== PREVIEW_CHARS ||
      state.showIncluded ||
      state.contextShown
    ) {
      calls.push(
        state.sendContext({
          select,
          previewChars: state.previewChars,
          ...(state.showIncluded && { showIncluded: true }),
          ...(state.contextShown && { shown: true }),
        }),
      );
    }
    return Promise.all(calls);
  }

  function reopen(): void {
    if (stopped) return;
    void open().catch(() => undefined);
  }

  function send(): void {
    const next = patch;
    patch = {};
    if (Object.keys(next).length === 0) return;
    if (next.query !== undefined) querySent = { query: next.query.trim(), at: performance.now() };
    const go = async () => {
      try {
        await Promise.all(splitPatch(next).map((part) => api.updateView(viewId, part)));
        if (store.getState().viewError) store.setState({ viewError: null });
      } catch (error) {
        // A host that lost the view (it restarted, or dropped it) gets the whole state again.
        // (Over Electron's bridge a failure is a plain object with a message, not an Error.)
        const message =
          typeof error === 'object' && error !== null
            ? (error as { message?: unknown }).message
            : undefined;
        if (typeof message === 'string' && /no view with id/.test(message)) reopen();
        // A lost link has its own banner; anything else the host refused is said here.
        else if (store.getState().hostLink.state === 'open')
          store.setState({ viewError: typeof message === 'string' ? message : String(error) });
      }
    };
    const call = go();
    // Opening a folder whose rows the last frame did not carry: hold the tree's keys till they
    // come.
    if (next.open?.some((id) => rowsMissing(store.getState().view.tree, id)))
      store.getState().awaitRows(call);
  }

  function queue(change: ViewPatch): void {
    patch = { ...patch, ...change };
    // Changes made in one task go as one call, at the end of it (a microtask: a timer would
    // add a few milliseconds to every keystroke).
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      send();
    });
  }

  function onChange(state: AppState, previous: AppState): void {
    if (state.sort !== previous.sort) queue({ sort: state.sort });
    if (state.searchText !== previous.searchText) queue({ query: state.searchText });
    if (state.selectedNodeId !== previous.selectedNodeId)
      queue({ selectedId: state.selectedNodeId });
    // The detail pane's decision comes in the context frame, for the resource selected (or none).
    if (state.selected !== previous.selected)
      void state.sendContext({ select: state.selected ? resourceKeyString(state.selected) : null });
    if (state.viewLost !== previous.viewLost) reopen();
    if (state.openIds !== previous.openIds) {
      const open = [...state.openIds].filter((id) => !previous.openIds.has(id));
      const close = [...previous.openIds].filter((id) => !state.openIds.has(id));
      // A row opened and closed again before the call goes cancels out.
      const pendingOpen = (patch.open ?? []).filter((id) => !close.includes(id));
      const pendingClose = (patch.close ?? []).filter((id) => !open.includes(id));
      queue({ open: [...pendingOpen, ...open], close: [...pendingClose, ...close] });
    }
    const link = state.hostLink.state;
    if (link === 'lost' || link === 'refused' || link === 'paused') lostSinceOpen = true;
    if (link === 'open' && lostSinceOpen) {
      lostSinceOpen = false;
      reopen();
    }
  }

  const unsubscribe = store.subscribe(onChange);
  reopen();
  const stop = () => {
    if (stopped) return;
    stopped = true;
    unsubscribe();
    stopEvents();
    void api.closeView(viewId).catch(() => undefined);
  };
  // A page going away frees its view on the host (browser mode also does so when the socket
  // closes).
  globalThis.addEventListener?.('pagehide', stop, { once: true });
  return stop;
}

/** True when the row `id` is in `tree` without its children (the host did not send them). */
function rowsMissing(tree: readonly ViewNode[], id: string): boolean {
  const stack = [...tree];
  while (stack.length > 0) {
    const node = stack.pop() as ViewNode;
    if (node.id === id) return node.more === true;
    if (node.children) for (const child of node.children) stack.push(child);
  }
  return false;
}

/** Rows opened or closed per call, as the host accepts them. */
const IDS_PER_CALL = 2000;

/** A change as calls the host accepts: long lists of rows opened or closed go in parts. */
export function splitPatch(patch: ViewPatch): ViewPatch[] {
  const open = patch.open ?? [];
  const close = patch.close ?? [];
  if (open.length <= IDS_PER_CALL && close.length <= IDS_PER_CALL) return [patch];
  const parts: ViewPatch[] = [
    { ...patch, open: open.slice(0, IDS_PER_CALL), close: close.slice(0, IDS_PER_CALL) },
  ];
  for (let at = IDS_PER_CALL; at < Math.max(open.length, close.length); at += IDS_PER_CALL) {
    parts.push({
      open: open.slice(at, at + IDS_PER_CALL),
      close: close.slice(at, at + IDS_PER_CALL),
    });
  }
  return parts;
}
