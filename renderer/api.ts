/**
 * Chooses the renderer's face: the Electron preload's `window.api` (IPC) when it exists,
 * otherwise browser mode's WebSocket. Nothing else in the renderer knows which one it got.
 */
import type { WindowApi } from '../shared/window-api';
import { alwaysOpenLink, type HostLink } from './host-link';
import { createWsHostApi } from './ws-host-api';

declare global {
  interface Window {
    /** Set by electron/preload.ts through contextBridge; absent in browser mode. */
    api?: WindowApi;
  }
}

/** The host as this page reaches it. */
export interface HostConnection {
  api: WindowApi;
  link: HostLink;
}

/** Picks the face once, at start. */
export function connectToHost(): HostConnection {
  if (window.api) return { api: window.api, link: alwaysOpenLink };
  return createWsHostApi(window.location);
}
