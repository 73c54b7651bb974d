/**
 * Browser mode's HostApi: the same contract as the preload's, with calls over one WebSocket
 * at `/ws?token=T` and events down a streamed GET at `/events?token=T` (shared/ws-protocol.ts).
 * The two live and die together: losing either drops both and reconnects with backoff, and
 * the store re-fetches the snapshot whenever the link opens again.
 */
import { HostError, type HostApi, type HostEvent, type HostMethod } from '../shared/host-api';
import { createRemoteHostApi } from '../shared/host-remote';
import { EVENTS_PATH, TOKEN_PARAM, WS_PATH, type WsCall } from '../shared/ws-protocol';
import { backoffDelay, type HostLink, type HostLinkStatus } from './host-link';
import { createLineSplitter, isRefusalCloseCode, parseServerFrame, socketUrl } from './ws-frames';

interface PendingCall {
  frame: WsCall;
  resolve: (response: unknown) => void;
  reject: (error: unknown) => void;
}

/** A HostApi and its link, for a page opened at `location` (which carries `?token=`). */
export function createWsHostApi(location: Location): { api: HostApi; link: HostLink } {
  const token = new URLSearchParams(location.search).get(TOKEN_PARAM) ?? '';
  const url = socketUrl(location, WS_PATH, TOKEN_PARAM, token);
  const eventsUrl = `${EVENTS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`;
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
    const stream = new AbortController();
    let ws: WebSocket | null = null;
    let opened = false;
    let over = false;

    /** Ends this attempt once, whichever side went first, and schedules the next. */
    function end(refused: boolean | Promise<boolean>): void {
      if (over) return;
      over = true;
      stream.abort();
      if (socket === ws) socket = null;
      ws?.close();
      failPending();
      void Promise.resolve(refused).then((isRefused) => scheduleRetry(isRefused));
    }

    function openSocket(): void {
      const opening = new WebSocket(url);
      ws = opening;
      socket = opening;
      opening.onopen = () => {
        opened = true;
        attempt = 0;
        setStatus({ state: 'open' });
        for (const call of queued.splice(0)) transmit(call);
      };
      opening.onmessage = (message) => {
        const frame = parseServerFrame(message.data);
        if (!frame || 'event' in frame) return;
        const call = pending.get(frame.id);
        pending.delete(frame.id);
        call?.resolve(frame.response);
      };
      opening.onclose = (event) => end(classifyFailure(opened, event.code));
    }

    // Events first: once the stream's headers are in, the host has subscribed this page, so
    // the snapshot the store asks for over the socket misses no event.
    fetch(eventsUrl, { cache: 'no-store', signal: stream.signal })
      .then((response) => {
        if (!response.ok || !response.body) return end(response.status === 401 || response.status === 403);
        openSocket();
        return readEvents(response.body);
      })
      // The stream ended or broke: the host is gone (or this attempt was ended already).
      .then(
        () => end(false),
        () => end(false),
      );
  }

  async function readEvents(body: ReadableStream<Uint8Array>): Promise<void> {
    const lines = createLineSplitter((line) => {
      const frame = parseServerFrame(line);
      if (!frame || !('event' in frame)) return;
      for (const listener of eventListeners) {
        // A listener's bug is reported, and must not cut the stream (that would reconnect forever).
        try {
          listener(frame.event);
        } catch (error) {
          reportError(error);
        }
      }
    });
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      lines.push(value);
    }
    lines.end();
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
