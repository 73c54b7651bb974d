// A window's store kept in step with its view (view-sync.ts), against views made by the
// shared CatalogView the host uses, behind a small stand-in for the host's calls.
import { describe, expect, it, vi } from 'vitest';
import { CatalogView } from '../../shared/catalog/catalog-view';
import type { ViewPatch, ViewState } from '../../shared/catalog/view-wire';
import { HostError } from '../../shared/host-error';
import type { WindowApi, WindowEvent } from '../../shared/window-api';
import { createAppStore } from './app-store';
import { DEFAULT_COLUMNS } from './column-sizes';
import { splitPatch, startViewSync } from './view-sync';

/** The view calls of a host with no servers, answered by CatalogView as the host does. */
function viewHost() {
  const views = new Map<string, CatalogView>();
  const listeners = new Set<(event: WindowEvent) => void>();
  let seq = 0;
  const send = (viewId: string, view: CatalogView) => {
    const event: WindowEvent = { seq: ++seq, type: 'view', frame: view.frame(viewId) };
    for (const listener of listeners) listener(event);
  };
  const api: Pick<WindowApi, 'openView' | 'updateView' | 'closeView' | 'onEvent'> = {
    async openView(viewId: string, state: Partial<ViewState>) {
      const view = views.get(viewId) ?? new CatalogView(() => ({ size: 0, get: () => undefined, has: () => false, ids: () => [] }));
      view.reset(state);
      views.set(viewId, view);
      send(viewId, view);
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
  return { api, views };
}

function windowOn(api: ReturnType<typeof viewHost>['api']) {
  const store = createAppStore({ api: api as WindowApi, columns: DEFAULT_COLUMNS, storage: null });
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
