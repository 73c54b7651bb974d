/**
 * Browser mode's wire format. Calls and their replies are JSON text frames over one WebSocket
 * at `/ws?token=<token>`; host events come down one streamed GET at `/events?token=<token>`,
 * a JSON message per line. A browser takes a bulk stream over HTTP two to three times faster
 * than over a WebSocket (26 MB of catalog: about 0.2 s against 0.55 s in Chromium), and a
 * listing of 100,000 resources is 26 MB of events. The page opens the stream first: the host
 * subscribes it before answering, so no event between that and the page's snapshot is lost.
 * The page's own token comes from its URL (`/?token=<token>`). Catalogs travel as counts
 * (shared/window-api.ts): the host sends each page only the rows of its view.
 */
import type { HostMethod } from './host-api';
import type { RpcResponse } from './host-remote';
import type { WindowEvent, WindowSnapshot } from './window-api';

/** The path of the WebSocket endpoint. */
export const WS_PATH = '/ws';
/** The path of the event stream. */
export const EVENTS_PATH = '/events';
/** The event stream's media type: one JSON message per line. */
export const EVENTS_TYPE = 'application/x-ndjson; charset=utf-8';
/** The query parameter that carries the per-run token, on the page and on the socket. */
export const TOKEN_PARAM = 'token';
/**
 * The query parameter that names an opened capture (HostApi.openCapture): the page, its socket and
 * its stream talk to that capture's host.
 */
export const CAPTURE_PARAM = 'capture';
/**
 * The close code of a capture's socket when its host closed: the page says so and stops retrying.
 */
export const CAPTURE_CLOSED_CODE = 4404;

/** Browser → host: one HostApi call. `id` is the caller's, echoed in the reply. */
export interface WsCall {
  id: number;
  method: HostMethod;
  args: unknown[];
}

/**
 * Host → browser: a reply to a call (on the socket), or an event, or the event stream's first
 * line (on the stream): the host's snapshot as the stream began, so the page needs no
 * snapshot call and every later line is
 * an event newer than it. A reply's `after` gives the seq of the last event sent before it,
 * which the page waits for before it resolves the call, so a reply never overtakes the events
 * it follows (a profile's servers are in the store when connectProfileServers returns).
 */
export type WsServerMessage =
  | { id: number; response: RpcResponse; after?: number }
  | { event: WindowEvent }
  | { snapshot: WindowSnapshot };

/** A host → browser message's text (a frame, or a line of the event stream). */
export function encodeServerMessage(message: WsServerMessage): string {
  return JSON.stringify(message);
}

/**
 * Where a browser-mode page sends the tab it opens for a sign-in (`?attempt=`); the host sends it
 * on to the authorization server.
 */
export const SIGN_IN_START_PATH = '/oauth/start';
/** Where the authorization server sends the browser back, on the serve's own origin. */
export const SIGN_IN_CALLBACK_PATH = '/oauth/callback';
export const ATTEMPT_PARAM = 'attempt';

/**
 * The tab's address for a sign-in: always on 127.0.0.1, where the redirect is, whatever name the
 * page was opened by.
 */
export function signInStartUrl(port: string | number, attempt: string): string {
  return `http://127.0.0.1:${port}${SIGN_IN_START_PATH}?${ATTEMPT_PARAM}=${encodeURIComponent(attempt)}`;
}
