/**
 * Keeps the store in step with the host: subscribe to events first, hold them, fetch the
 * snapshot, then apply only events newer than it. Repeats the fetch whenever the link opens
 * again after a loss, since events sent while we were away are gone.
 */
import type { WindowApi } from '../../shared/window-api';
import type { HostLink } from '../host-link';
import type { AppStore } from './app-state';
import { describeError } from './describe-error';
import { createEventGate } from './reducers/event-gate';

export function startHostSync(store: AppStore, api: WindowApi, link: HostLink): () => void {
  const gate = createEventGate();
  let stopped = false;
  let synced = false;

  const unsubscribeEvents = api.onEvent((event) => {
    for (const ready of gate.push(event)) store.getState().applyEvent(ready);
  });

  async function fetchSnapshot(): Promise<void> {
    gate.hold();
    try {
      const snapshot = await api.getSnapshot();
      if (stopped) return;
      const state = store.getState();
      state.applySnapshot(snapshot);
      for (const event of gate.release(snapshot.seq)) state.applyEvent(event);
      // What was on screen may have changed while we were away.
      if (synced && state.selected) state.reread();
      synced = true;
    } catch (error) {
      // Still holding: the next reopen fetches again.
      if (!stopped) store.setState({ syncError: describeError(error).message });
    }
  }

  let lostSinceFetch = false;
  const unsubscribeStatus = link.onStatus((status) => {
    store.getState().setHostLink(status);
    if (status.state === 'lost' || status.state === 'refused' || status.state === 'paused')
      lostSinceFetch = true;
    if (status.state === 'open' && lostSinceFetch) {
      lostSinceFetch = false;
      void fetchSnapshot();
    }
  });
  store.getState().setHostLink(link.status());
  // Before the socket opens, the call waits for it; over IPC it goes at once.
  void fetchSnapshot();

  return () => {
    stopped = true;
    unsubscribeEvents();
    unsubscribeStatus();
  };
}
