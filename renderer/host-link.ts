import { CAPTURE_PARAM } from '../shared/ws-protocol';

/**
 * Where the renderer's link to the host stands. Only browser mode can lose it (the socket);
 * in Electron the IPC channel lives as long as the window, so that link is always open.
 */
export type HostLinkStatus =
  | { state: 'connecting' }
  | { state: 'open' }
  | { state: 'lost'; retryAt: number }
  | { state: 'refused'; retryAt: number }
  /**
   * Browser mode: a tab hidden for a while lets go of its link (a browser keeps at most six
   * connections to one address, and each tab's event stream holds one), and takes it up again
   * when shown or called; the store then fetches the snapshot again.
   */
  | { state: 'paused' }
  /**
   * Browser mode, a capture's page: its capture was closed on the host (too many open, or the app
   * restarted). Not retried.
   */
  | { state: 'closed' };

/** The link as the UI sees it: its status, and a way to retry before the backoff ends. */
export interface HostLink {
  status(): HostLinkStatus;
  /** Called on every status change; `open` after a loss means state must be fetched again. */
  onStatus(listener: (status: HostLinkStatus) => void): () => void;
  retryNow(): void;
  /**
   * Where a capture the host opened (HostApi.openCapture) is shown: browser mode's page on the
   * same origin and token, with the capture named. Absent in the desktop app, whose main
   * process opens the capture's window itself.
   */
  captureUrl?(captureId: string): string;
}

/** This page's address with a capture named: the page a capture opens in, on this face's host. */
export function captureUrlOf(location: Pick<Location, 'href'>, captureId: string): string {
  const page = new URL(location.href);
  page.searchParams.set(CAPTURE_PARAM, captureId);
  return page.toString();
}

/**
 * The Electron face: IPC cannot drop while the page exists. A capture opens in a window main.ts
 * makes.
 */
export const alwaysOpenLink: HostLink = {
  status: () => ({ state: 'open' }),
  onStatus: () => () => {},
  retryNow: () => {},
};

/**
 * Reconnect delay for the n-th attempt (0-based): 0.5 s doubling to 15 s, so a restarted host is
 * found fast and a dead one is not hammered.
 */
export function backoffDelay(attempt: number): number {
  return Math.min(15_000, 500 * 2 ** Math.max(0, attempt));
}
