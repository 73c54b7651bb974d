/**
 * Browser mode's HostApi: the same contract as the preload's, over one WebSocket at
 * `/ws?token=T` (shared/ws-protocol.ts). Reconnects with backoff; the store re-fetches the
 * snapshot whenever the link opens again.
 */
import { HostError, type HostApi, type HostEvent, type HostMethod } from '../shared/host-api';
import { createRemoteHostApi } from '../shared/host-remote';
import { TOKEN_PARAM, WS_PATH, type WsCall } from '../shared/ws-protocol';
import { backoffDelay, type HostLink, type HostLinkStatus } from './host-link';
import { isRefusalCloseCode, parseServerFrame, socketUrl } from './ws-frames';

interface PendingCall {
  frame: WsCall;
  resolve: (response: unknown) => void;
  reject: (error: unknown) => void;
}

/** A HostApi and its link, for a page opened at `location` (which carries `?token=`). */
export function createWsHostApi(location: Location): { api: HostApi; link: HostLink } {
  const token = new URLSearchParams(location.search).get(TOKEN_PARAM) ?? '';
  const url = socketUrl(location, WS_PATH, TOKEN_PARAM, token);
  const eventListeners = new Set<(event: HostEvent) => void>();
  const statusListeners = new Set<(status: HostLinkStatus) => void>();
  const pending = new Map<number, PendingCall>();
  const queued: PendingCall[] = [];
  let status: HostLinkStatus = { state: 'connecting' };
  let socket: WebSocket | null = null;
  let nextId = 1;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function setStatus(next: HostLinkStatus): void {
    status = next;
    for (const listener of statusListeners) listener(next);
  }

  function connect(): void {
    clearTimeout(retryTimer);
    // No status change here: while retrying after a loss the banner stays up until the socket opens.
    let opened = false;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      opened = true;
      attempt = 0;
      setStatus({ state: 'open' });
      for (const call of queued.splice(0)) transmit(call);
    };
    ws.onmessage = (message) => {
      const frame = parseServerFrame(message.data);
      if (!frame) return;
      if ('event' in frame) {
        for (const listener of eventListeners) listener(frame.event);
        return;
      }
      const call = pending.get(frame.id);
      pending.delete(frame.id);
      call?.resolve(frame.response);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      failPending();
      void classifyFailure(opened, event.code).then((refused) => scheduleRetry(refused));
    };
  }

  // A failed handshake hides its HTTP status from the page; ask the page URL itself whether
  // the token still works (a 401/403 means no, a network error means the host is gone).
  async function classifyFailure(opened: boolean, code: number): Promise<boolean> {
    if (isRefusalCloseCode(code)) return true;
    if (opened) return false;
    try {
      const probe = await fetch(`./?${TOKEN_PARAM}=${encodeURIComponent(token)}`, { method: 'HEAD', cache: 'no-store' });
      return probe.status === 401 || probe.status === 403;
    } catch {
      return false;
    }
  }

  function scheduleRetry(refused: boolean): void {
    const delay = backoffDelay(attempt++);
    const retryAt = Date.now() + delay;
    setStatus(refused ? { state: 'refused', retryAt } : { state: 'lost', retryAt });
    retryTimer = setTimeout(connect, delay);
  }

  function failPending(): void {
    const error = new HostError('disconnected', 'lost the connection to the host');
    for (const call of [...pending.values(), ...queued.splice(0)]) call.reject(error);
    pending.clear();
  }

  function transmit(call: PendingCall): void {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      call.reject(new HostError('disconnected', 'lost the connection to the host'));
      return;
    }
    pending.set(call.frame.id, call);
    socket.send(JSON.stringify(call.frame));
  }

  function send(method: HostMethod, args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const call: PendingCall = { frame: { id: nextId++, method, args }, resolve, reject };
      // Calls made while the socket is still opening wait for it; after a loss they fail at once
      // so a button never hangs until some later reconnect.
      if (status.state === 'connecting') queued.push(call);
      else transmit(call);
    });
  }

  function subscribe(listener: (event: HostEvent) => void): () => void {
    eventListeners.add(listener);
    return () => eventListeners.delete(listener);
  }

  const link: HostLink = {
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    retryNow() {
      if (status.state === 'lost' || status.state === 'refused') connect();
    },
  };

  connect();
  return { api: createRemoteHostApi(send, subscribe), link };
}
