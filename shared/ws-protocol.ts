/**
 * Browser mode's wire format: JSON text frames over one WebSocket at `/ws?token=<token>`.
 * The page's own token comes from its URL (`/?token=<token>`).
 */
import type { HostEvent, HostMethod } from './host-api';
import type { RpcResponse } from './host-remote';

/** The path of the WebSocket endpoint. */
export const WS_PATH = '/ws';
/** The query parameter that carries the per-run token, on the page and on the socket. */
export const TOKEN_PARAM = 'token';

/** Browser → host: one HostApi call. `id` is the caller's, echoed in the reply. */
export interface WsCall {
  id: number;
  method: HostMethod;
  args: unknown[];
}

/** Host → browser: a reply to a call, or a pushed event. */
export type WsServerMessage = { id: number; response: RpcResponse } | { event: HostEvent };
