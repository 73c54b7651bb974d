// The window's side of the context: it shows the host's frames, newest only, and what it sent
// and has not seen answered, behind a small stand-in for the host's updateContext.
import { describe, expect, it, vi } from 'vitest';
import { resourceKeyString } from '../../shared/catalog/resource-key';
import type { ViewNode } from '../../shared/catalog/view-wire';
import type { ContextFrame, ContextPatch } from '../../shared/context/context-wire';
import { HostError } from '../../shared/host-error';
import type { WindowApi } from '../../shared/window-api';
import type { AppStore } from './app-state';
import { createAppStore } from './app-store';
import { DEFAULT_COLUMNS } from './column-sizes';
import { EMPTY_CONTEXT, shownSettings } from './context-slice';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A host whose updateContext answers when told to, sending its frame first, as the real one does.
 */
function contextHost() {
  const calls: ContextPatch[] = [];
  const answers: (() => void)[] = [];
  let frame = 0;
  let settings = EMPTY_CONTEXT.settings;
  const api = {
    updateContext: vi.fn((viewId: string, patch: ContextPatch) => {
      calls.push(patch);
      return new Promise<void>((resolve) =>
        answers.push(() => {
          settings = { ...settings, ...patch.settings };
          store
            .getState()
            .applyContextFrame({ ...EMPTY_CONTEXT, viewId, frame: ++frame, settings });
          resolve();
        }),
      );
    }),
    updateView: vi.fn(async () => ({})),
  } as unknown as WindowApi;
  const store = createAppStore({ api, columns: DEFAULT_COLUMNS, storage: null });
  store.getState().setHostLink({ state: 'open' });
  return { store, api, calls, answer: () => answers.shift()?.() };
}

const frameOf = (
  store: AppStore,
  frame: number,
  change: Partial<ContextFrame> = {},
): ContextFrame => ({ ...EMPTY_CONTEXT, viewId: store.getState().viewId, frame, ...change });

describe('the context frames a window shows', () => {
  it('shows only its own view’s frames, and never an older one after a newer', () => {
    const { store } = contextHost();
    const apply = (frame: ContextFrame) => store.getState().applyContextFrame(frame);
    apply(frameOf(store, 2, { includedCount: 5 }));
    apply(frameOf(store, 1, { includedCount: 9 }));
    apply({ ...frameOf(store, 3, { includedCount: 7 }), viewId: 'another window' });
    expect(store.getState().context.includedCount).toBe(5);
    apply(frameOf(store, 3, { includedCount: 6 }));
    expect(store.getState().context.includedCount).toBe(6);
  });

  it('takes the first frame of a view opened again, whose host counts from 1, and keeps the old one shown till then', () => {
    const { store } = contextHost();
    store.getState().applyContextFrame(frameOf(store, 40, { includedCount: 3 }));
    store.getState().restartContextFrames();
    expect(store.getState().context.includedCount).toBe(3);
    store.getState().applyContextFrame(frameOf(store, 1, { includedCount: 4 }));
    expect(store.getState().context.includedCount).toBe(4);
  });
});

describe('changing the context', () => {
  it('shows a setting at once, sends changes made meanwhile as one call, and then shows the host’s', async () => {
    const { store, calls, answer } = contextHost();
    store.getState().setContextSettings({ auto: false });
    expect(shownSettings(store.getState()).auto).toBe(false);
    // Typed while the first call is on its way: one call for all three.
    store.getState().setContextSettings({ focus: 'd' });
    store.getState().setContextSettings({ focus: 'da' });
    store.getState().setContextSettings({ budget: 3000 });
    expect(calls).toEqual([{ settings: { auto: false } }]);
    answer();
    await flush();
    expect(calls[1]).toEqual({ settings: { focus: 'da', budget: 3000 } });
    expect(shownSettings(store.getState())).toMatchObject({
      auto: false,
      focus: 'da',
      budget: 3000,
    });
    answer();
    await flush();
    expect(store.getState().settingsSent).toEqual({});
    expect(store.getState().context.settings).toMatchObject({
      auto: false,
      focus: 'da',
      budget: 3000,
    });
  });

  it('pins a resource, and a second press before the host answers clears the pin rather than pinning again', async () => {
    const { store, calls } = contextHost();
    const key = resourceKeyString({ serverId: 's1', uri: 'docs://a' });
    store.getState().toggleMark(key, undefined, 'pin');
    store.getState().toggleMark(key, undefined, 'pin');
    expect(calls).toEqual([
      { mark: { keys: [key], mark: 'pin' } },
      { mark: { keys: [key], mark: null } },
    ]);
  });

  it('picks a resource by its row’s mark, and a folder through the host’s toggle', () => {
    const { store, api, calls } = contextHost();
    const resource = { serverId: 's1', uri: 'docs://a', name: 'a' };
    const row: ViewNode = {
      id: 'r',
      kind: 'resource',
      serverId: 's1',
      label: 'a',
      resourceCount: 1,
      resource,
      mark: 'include',
    };
    store.getState().togglePick(row);
    expect(calls).toEqual([{ mark: { keys: [resourceKeyString(resource)], mark: null } }]);
    store.getState().togglePick({
      id: 'f',
      kind: 'folder',
      serverId: 's1',
      label: 'docs',
      resourceCount: 3,
      children: [],
    });
    expect(api.updateView).toHaveBeenCalledWith(store.getState().viewId, { toggleUnder: 'f' });
    // The folder's keys are the host's business: the window sent no marks for them.
    expect(calls).toHaveLength(1);
  });

  it('asks for five times the preview again on "Show more"', () => {
    const { store, calls } = contextHost();
    store.getState().showMorePreview();
    expect(calls).toEqual([{ previewChars: 1_200_000 }]);
  });

  it('says in one line why the host refused a change, until one goes through', async () => {
    const updateContext = vi
      .fn()
      .mockRejectedValueOnce(
        new HostError('invalid-input', 'budget: expected an integer\nat settings.budget'),
      )
      .mockResolvedValue(undefined);
    const store = createAppStore({
      api: { updateContext } as unknown as WindowApi,
      columns: DEFAULT_COLUMNS,
      storage: null,
    });
    store.getState().setHostLink({ state: 'open' });
    await store.getState().sendContext({ settings: { budget: 1.5 } });
    expect(store.getState().contextError).toBe('budget: expected an integer');
    await store.getState().sendContext({ settings: { budget: 1500 } });
    expect(store.getState().contextError).toBeNull();
  });
});
