/**
 * The read of an expanded template URI, kept in a store shaped like the app's own. ContentView
 * reads `read`, `cancelRead` and `reread` from whatever AppStoreContext it sits in, so giving it
 * this store lets the template detail reuse it unchanged without touching the resource selection.
 */
import { createStore } from 'zustand/vanilla';
import type { HostCalls } from '../../../shared/host-api';
import type { ReadResult, ServerId } from '../../../shared/mcp-types';
import type { AppState, AppStore } from '../../store/app-state';
import { describeError } from '../../store/describe-error';

/** A store for ContentView, plus the action that starts a read. */
export interface TemplateReadStore {
  store: AppStore;
  /** Reads `uri`, cancelling a read still in flight; that read's late answer is ignored. */
  readUri(uri: string): void;
  /** Copies the app's state in, so any other selector of ContentView still sees real data. */
  mirror(state: AppState): void;
}

let counter = 0;

/** Builds the store from the app's current state; everything but the read stays the app's. */
export function createTemplateReadStore(
  base: AppState,
  api: HostCalls,
  serverId: ServerId,
): TemplateReadStore {
  let lastUri: string | null = null;

  function stopInFlight(): void {
    const { read } = store.getState();
    // The host ignores ids it no longer knows, so cancelling a finished request is harmless.
    if (read.status === 'loading') void api.cancelRequest(read.requestId).catch(() => {});
  }

  function start(uri: string, previous?: ReadResult): void {
    stopInFlight();
    lastUri = uri;
    const requestId = `template-read-${Date.now().toString(36)}-${++counter}`;
    store.setState({
      read: previous
        ? { status: 'loading', requestId, previous }
        : { status: 'loading', requestId },
    });
    const isCurrent = () => {
      const { read } = store.getState();
      return read.status === 'loading' && read.requestId === requestId;
    };
    api.readResource(serverId, uri, requestId).then(
      (result) => {
        if (isCurrent()) store.setState({ read: { status: 'loaded', result } });
      },
      (error: unknown) => {
        if (!isCurrent()) return;
        const text = describeError(error);
        store.setState({
          read:
            text.code === 'cancelled' ? { status: 'cancelled' } : { status: 'failed', error: text },
        });
      },
    );
  }

  const store: AppStore = createStore<AppState>()(() => ({
    ...base,
    read: { status: 'idle' },
    reread() {
      if (lastUri === null) return;
      const { read } = store.getState();
      start(
        lastUri,
        read.status === 'loaded'
          ? read.result
          : read.status === 'loading'
            ? read.previous
            : undefined,
      );
    },
    cancelRead() {
      if (store.getState().read.status !== 'loading') return;
      stopInFlight();
      store.setState({ read: { status: 'cancelled' } });
    },
  }));

  return {
    store,
    readUri: (uri) => start(uri),
    mirror(state) {
      const { read: _read, reread: _reread, cancelRead: _cancelRead, ...rest } = state;
      store.setState(rest);
    },
  };
}
