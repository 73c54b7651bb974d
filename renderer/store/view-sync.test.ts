// A window's store kept in step with its view (view-sync.ts), against views made by the
// shared CatalogView the host uses, behind a small stand-in for the host's calls.
import { describe, expect, it, vi } from 'vitest';
import { CatalogView } from '../../shared/catalog/catalog-view';
import type { ViewPatch, ViewState } from '../../shared/catalog/view-wire';
import type { ContextPatch } from '../../shared/context/context-wire';
import { HostError } from '../../shared/host-error';
import type { WindowApi, WindowEvent } from '../../shared/window-api';
import { createAppStore } from './app-store';
import { DEFAULT_COLUMNS } from './column-sizes';
import { EMPTY_CONTEXT } from './context-slice';
import { splitPatch, startViewSync } from './view-sync';
import { resourceKeyString } from '../../shared/catalog/resource-key';

/** The view calls of a host with no servers, answered by CatalogView as the host does. */
function viewHost() {
  const views = new Map<string, CatalogView>();
  const listeners = new Set<(event: WindowEvent) => void>();
  const contextCalls: ContextPatch[] = [];
  const contextFrames = new Map<string, number>();
  let seq = 0;
  const sendContext = (viewId: string) => {
    const frame = (contextFrames.get(viewId) ?? 0) + 1;
    contextFrames.set(viewId, frame);
    const event: WindowEvent = {
      seq: ++seq,
      type: 'context',
      frame: { ...EMPTY_CONTEXT, viewId, frame },
    };
    for (const listener of listeners) listener(event);
  };
  const send = (viewId: string, view: CatalogView) => {
    const event: WindowEvent = { seq: ++seq, type: 'view', frame: view.frame(viewId) };
    for (const listener of listeners) listener(event);
  };
  const api: Pick<
    WindowApi,
    'openView' | 'updateView' | 'closeView' | 'onEvent' | 'updateContext'
  > = {
    async openView(viewId: string, state: Partial<ViewState>) {
      const view =
        views.get(viewId) ??
        new CatalogView(() => ({ size: 0, get: () => undefined, has: () => false, ids: () => [] }));
      view.reset(state);
      views.set(viewId, view);
      send(viewId, view);
      // A new view's context frames count from 1, as a restarted host's would.
      contextFrames.delete(viewId);
      sendContext(viewId);
    },
    async updateContext(viewId: string, patch: ContextPatch) {
      contextCalls.push(patch);
      sendContext(viewId);
    },
    async updateView(viewId: string, patch: ViewPatch) {
      const view = views.get(viewId);
      if (!view) throw new HostError('invalid-input', `no view with id ${viewId}`);
      const change = view.update(patch);
      send(viewId, view);
      return change;
    },
    async closeView(viewId: string) {
      views.delete(viewId);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { api, views, contextCalls };
}

function windowOn(api: ReturnType<typeof viewHost>['api']) {
  // Selecting a resource also reads and watches it; those calls are not this test's.
  const reads = {
    readResource: () => new Promise(() => {}),
    watchResources: async () => {},
    cancelRequest: async () => {},
  };
  const store = createAppStore({
    api: { ...reads, ...api } as unknown as WindowApi,
    columns: DEFAULT_COLUMNS,
    storage: null,
  });
  const stop = startViewSync(store, api);
  return { store, stop };
}

describe('startViewSync', () => {
  it('opens the window’s view and applies the frames the host sends for it', async () => {
    const { api, views } = viewHost();
    const { store } = windowOn(api);
    await vi.waitFor(() => expect(store.getState().view.frame).toBeGreaterThan(0));
    expect(views.has(store.getState().viewId)).toBe(true);
    store.getState().setSearchText('  readme ');
    await vi.waitFor(() => expect(store.getState().view.query).toBe('readme'));
  });

  it('opens the view again, with the whole state, when the host no longer knows it', async () => {
    const { api, views } = viewHost();
    const { store } = windowOn(api);
    store.getState().setSearchText('guide');
    await vi.waitFor(() => expect(store.getState().view.query).toBe('guide'));
    // The host dropped the view, as a restarted host would have; the next change finds out.
    views.delete(store.getState().viewId);
    store.getState().setSort('priority');
    await vi.waitFor(() => expect(views.has(store.getState().viewId)).toBe(true));
    await vi.waitFor(() => expect(store.getState().view.frame).toBe(1));
    expect(store.getState().view.query).toBe('guide');
  });

  it('tells the host which resource is selected, and tells a view opened again', async () => {
    const { api, views, contextCalls } = viewHost();
    const { store } = windowOn(api);
    await vi.waitFor(() => expect(store.getState().context.frame).toBe(1));
    store.getState().openNode({
      id: 'r',
      kind: 'resource',
      serverId: 's1',
      label: 'a',
      resourceCount: 1,
      resource: { serverId: 's1', uri: 'docs://a', name: 'a' },
    });
    const key = resourceKeyString({ serverId: 's1', uri: 'docs://a' });
    expect(contextCalls).toEqual([{ select: key }]);
    // A folder is not a resource: the host is told nothing is selected.
    store.getState().openNode({
      id: 'f',
      kind: 'folder',
      serverId: 's1',
      label: 'docs',
      resourceCount: 1,
      children: [],
    });
    expect(contextCalls[1]).toEqual({ select: null });
    store.getState().openNode({
      id: 'r',
      kind: 'resource',
      serverId: 's1',
      label: 'a',
      resourceCount: 1,
      resource: { serverId: 's1', uri: 'docs://a', name: 'a' },
    });
    await vi.waitFor(() => expect(store.getState().context.frame).toBe(4));
    // The included list opened: the host is told, as it sends the list only while it is shown.
    store.getState().setShowIncluded(true);
    expect(contextCalls.at(-1)).toEqual({ showIncluded: true });
    await vi.waitFor(() => expect(store.getState().context.frame).toBe(5));
    // The Context tab shown: the host is told (it builds the focus index ahead then).
    store.getState().setContextShown(true);
    expect(contextCalls.at(-1)).toEqual({ shown: true });
    await vi.waitFor(() => expect(store.getState().context.frame).toBe(6));
    // The host forgot the view: opened again, it hears the selection, the open list and the shown
    // tab again, and its frames from 1 are shown.
    views.delete(store.getState().viewId);
    store.getState().setSort('priority');
    await vi.waitFor(() =>
      expect(contextCalls.at(-1)).toEqual({
        select: key,
        previewChars: 200_000,
        showIncluded: true,
        shown: true,
      }),
    );
    await vi.waitFor(() => expect(store.getState().context.frame).toBe(2));
  });

  it('frees the view on the host when stopped', async () => {
    const { api, views } = viewHost();
    const { store, stop } = windowOn(api);
    await vi.waitFor(() => expect(store.getState().view.frame).toBeGreaterThan(0));
    stop();
    await vi.waitFor(() => expect(views.size).toBe(0));
  });
});

describe('splitPatch', () => {
  it('sends long lists of opened rows in parts the host accepts, the rest of the change with the first', () => {
    const open = Array.from({ length: 4500 }, (_, i) => `f${i}`);
    const parts = splitPatch({ query: 'x', open });
    expect(parts).toHaveLength(3);
    expect(parts[0]).toMatchObject({ query: 'x' });
    expect(parts.flatMap((part) => part.open ?? [])).toEqual(open);
    expect(parts.every((part) => (part.open?.length ?? 0) <= 2000)).toBe(true);
    expect(splitPatch({ sort: 'name' })).toEqual([{ sort: 'name' }]);
  });
});
