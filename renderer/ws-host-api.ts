/**
 * Browser mode's HostApi: the same contract as the preload's, with calls over one WebSocket
 * at `/ws?token=T` and events down a streamed GET at `/events?token=T` (shared/ws-protocol.ts).
 * One connection attempt holds both; losing either ends the attempt and reconnects with
 * backoff, and the store re-fetches the snapshot whenever the link opens again. Only the
 * current attempt may touch calls, events and the status: an attempt ended early (a retry
 * clicked while one is still connecting) is shut without a word. An attempt that has not
 * opened in 15 s has failed, so no call waits unseen (a stream the browser never starts, say).
 */
import type { HostMethod } from '../shared/host-api';
import { HostError } from '../shared/host-error';
import type {
  WindowApi as HostApi,
  WindowEvent as HostEvent,
  WindowSnapshot as HostSnapshot,
} from '../shared/window-api';
import { createRemoteHostApi } from '../shared/host-remote';
import {
  CAPTURE_CLOSED_CODE,
  CAPTURE_PARAM,
  EVENTS_PATH,
  TOKEN_PARAM,
  WS_PATH,
  type WsCall,
} from '../shared/ws-protocol';
import { backoffDelay, captureUrlOf, type HostLink, type HostLinkStatus } from './host-link';
import { createLineSplitter, isRefusalCloseCode, parseServerFrame, socketUrl } from './ws-frames';

interface PendingCall {
  frame: WsCall;
  resolve: (response: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * A hidden tab with no call in flight lets go of its link after this long (see HostLinkStatus
 * 'paused').
 */
export const PAUSE_HIDDEN_AFTER_MS = 30_000;
/** An attempt whose socket is not open after this long has failed (a stream that never answers). */
export const CONNECT_TIMEOUT_MS = 15_000;
/** A link that stayed open this long starts its backoff over when it drops. */
const STEADY_AFTER_MS = 10_000;

/** One try at connecting: the event stream, then the socket. */
interface Attempt {
  readonly stream: AbortController;
  socket: WebSocket | null;
  /** The socket is open: calls go out, and events go to the listeners. */
  opened: boolean;
  /** When the socket opened. */
  openedAt: number;
  /** Fails the attempt if it has not opened in time. */
  deadline: ReturnType<typeof setTimeout> | undefined;
  ended: boolean;
  /** Events that came down the stream before the socket opened, handed on once it does. */
  readonly early: HostEvent[];
  /** The snapshot the stream began with: the answer to the store's next getSnapshot. */
  readonly snapshot: Promise<HostSnapshot>;
  tookSnapshot: boolean;
  readonly gotSnapshot: (snapshot: HostSnapshot) => void;
  readonly noSnapshot: (error: unknown) => void;
}

/**
 * Why a link failed: the token refused, the host gone (for now), or the page's capture closed for
 * good.
 */
type Failure = 'refused' | 'lost' | 'closed';

/** A HostApi and its link, for a page opened at `location` (which carries `?token=`). */
export function createWsHostApi(location: Location): { api: HostApi; link: HostLink } {
  const query = new URLSearchParams(location.search);
  const token = query.get(TOKEN_PARAM) ?? '';
  // A page opened on a capture talks to that capture's host, over the same guarded endpoints.
  const capture = query.get(CAPTURE_PARAM);
  const onCapture = capture === null ? '' : `&${CAPTURE_PARAM}=${encodeURIComponent(capture)}`;
  const url = `${socketUrl(location, WS_PATH, TOKEN_PARAM, token)}${onCapture}`;
  const eventsUrl = `${EVENTS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}${onCapture}`;
  const eventListeners = new Set<(event: HostEvent) => void>();
  const statusListeners = new Set<(status: HostLinkStatus) => void>();
  const pending = new Map<number, PendingCall>();
  const queued: PendingCall[] = [];
  // Replies that arrived before the events sent ahead of them (see WsServerMessage's `after`).
  let early: { after: number; call: PendingCall; response: unknown }[] = [];
  // The seq of the last event handed to the listeners, or where the current stream began;
  // unknown (-Infinity) until the current stream's first line, so no reply resolves before it.
  let delivered = Number.NEGATIVE_INFINITY;
  let status: HostLinkStatus = { state: 'connecting' };
  let current: Attempt | null = null;
  let nextId = 1;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function setStatus(next: HostLinkStatus): void {
    status = next;
    for (const listener of statusListeners) {
      // A listener's bug is reported; it must not stop what follows a status change.
      try {
        listener(next);
      } catch (error) {
        reportError(error);
      }
    }
  }

  function connect(): void {
    clearTimeout(retryTimer);
    // No status change here: while retrying after a loss the banner stays up until the socket
    // opens.
    if (current) shut(current);
    let gotSnapshot: (snapshot: HostSnapshot) => void = () => {};
    let noSnapshot: (error: unknown) => void = () => {};
    const snapshot = new Promise<HostSnapshot>((resolve, reject) => {
      gotSnapshot = resolve;
      noSnapshot = reject;
    });
    // Unhandled until the store asks for it; an attempt that ends first rejects it.
    snapshot.catch(() => {});
    const attempt: Attempt = {
      stream: new AbortController(),
      socket: null,
      opened: false,
      openedAt: 0,
      deadline: undefined,
      ended: false,
      early: [],
      snapshot,
      tookSnapshot: false,
      gotSnapshot,
      noSnapshot,
    };
    current = attempt;
    delivered = Number.NEGATIVE_INFINITY;
    attempt.deadline = setTimeout(() => lose(attempt, 'lost'), CONNECT_TIMEOUT_MS);
    // Events first: the host subscribes the stream before its first line, so the snapshot the
    // store asks for once the socket opens misses no event.
    fetch(eventsUrl, { cache: 'no-store', signal: attempt.stream.signal })
      .then(async (response) => {
        if (attempt.ended) return;
        if (!response.ok || !response.body)
          return lose(
            attempt,
            response.status === 404 && capture !== null
              ? 'closed'
              : response.status === 401 || response.status === 403
                ? 'refused'
                : 'lost',
          );
        openSocket(attempt);
        await readEvents(attempt, response.body);
        // The stream ended: the host is gone.
        lose(attempt, 'lost');
      })
      .catch(() => lose(attempt, 'lost'));
  }

  /** Closes an attempt's stream and socket; when it is the current one, its calls fail. */
  function shut(attempt: Attempt): void {
    if (attempt.ended) return;
    attempt.ended = true;
    attempt.noSnapshot(new HostError('disconnected', 'lost the connection to the host'));
    clearTimeout(attempt.deadline);
    attempt.stream.abort();
    attempt.socket?.close();
    if (current !== attempt) return;
    current = null;
    failPending();
  }

  /** The current attempt failed: shut it and retry with backoff. A superseded one only shuts. */
  function lose(attempt: Attempt, refused: Failure | (() => Promise<Failure>)): void {
    if (attempt.ended || current !== attempt) return shut(attempt);
    shut(attempt);
    // A page cut off again and again (say, at the unread limit) backs off instead of looping.
    if (attempt.opened && Date.now() - attempt.openedAt >= STEADY_AFTER_MS) failures = 0;
    void Promise.resolve(typeof refused === 'function' ? refused() : refused).then((isRefused) => {
      // A retry the user asked for meanwhile is already under way.
      if (current === null) scheduleRetry(isRefused);
    });
  }

  function openSocket(attempt: Attempt): void {
    const socket = new WebSocket(url);
    attempt.socket = socket;
    socket.onopen = () => {
      if (attempt.ended) return;
      attempt.opened = true;
      attempt.openedAt = Date.now();
      clearTimeout(attempt.deadline);
      // The store holds events and asks for a snapshot on this; the early events wait behind it.
      setStatus({ state: 'open' });
      for (const call of queued.splice(0)) transmit(call);
      for (const event of attempt.early.splice(0)) deliver(event);
      armPause();
    };
    socket.onmessage = (message) => {
      if (attempt.ended) return;
      const frame = parseServerFrame(message.data);
      if (!frame || !('id' in frame)) return;
      const call = pending.get(frame.id);
      pending.delete(frame.id);
      if (!call) return;
      if (frame.after === undefined || frame.after <= delivered) call.resolve(frame.response);
      else early.push({ after: frame.after, call, response: frame.response });
    };
    socket.onclose = (event) => lose(attempt, () => classifyFailure(attempt.opened, event.code));
  }

  function deliver(event: HostEvent): void {
    for (const listener of eventListeners) {
      // A listener's bug is reported, and must not cut the stream (that would reconnect forever).
      try {
        listener(event);
      } catch (error) {
        reportError(error);
      }
    }
    delivered = event.seq;
    settleEarlyReplies();
  }

  function settleEarlyReplies(): void {
    if (early.length === 0) return;
    const ready = early.filter((reply) => reply.after <= delivered);
    early = early.filter((reply) => reply.after > delivered);
    for (const reply of ready) reply.call.resolve(reply.response);
  }

  async function readEvents(attempt: Attempt, body: ReadableStream<Uint8Array>): Promise<void> {
    const lines = createLineSplitter((line) => {
      if (attempt.ended) return;
      const frame = parseServerFrame(line);
      if (!frame) return;
      if ('snapshot' in frame) {
        delivered = frame.snapshot.seq;
        attempt.gotSnapshot(frame.snapshot);
        settleEarlyReplies();
      } else if ('event' in frame) {
        if (attempt.opened) deliver(frame.event);
        else attempt.early.push(frame.event);
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
  // A capture's page whose capture closed (404 for it) is told so, and not retried.
  async function classifyFailure(opened: boolean, code: number): Promise<Failure> {
    if (code === CAPTURE_CLOSED_CODE && capture !== null) return 'closed';
    if (isRefusalCloseCode(code)) return 'refused';
    if (opened) return 'lost';
    try {
      const probe = await fetch(`./?${TOKEN_PARAM}=${encodeURIComponent(token)}${onCapture}`, {
        method: 'HEAD',
        cache: 'no-store',
      });
      if (probe.status === 404 && capture !== null) return 'closed';
      return probe.status === 401 || probe.status === 403 ? 'refused' : 'lost';
    } catch {
      return 'lost';
    }
  }

  function scheduleRetry(failure: Failure): void {
    clearTimeout(retryTimer);
    if (failure === 'closed') return setStatus({ state: 'closed' });
    const delay = backoffDelay(failures++);
    const retryAt = Date.now() + delay;
    setStatus(failure === 'refused' ? { state: 'refused', retryAt } : { state: 'lost', retryAt });
    retryTimer = setTimeout(connect, delay);
  }

  function failPending(): void {
    const error = new HostError('disconnected', 'lost the connection to the host');
    const calls = [...pending.values(), ...queued.splice(0), ...early.map((reply) => reply.call)];
    pending.clear();
    early = [];
    for (const call of calls) call.reject(error);
  }

  function transmit(call: PendingCall): void {
    const socket = current?.opened ? current.socket : null;
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      call.reject(new HostError('disconnected', 'lost the connection to the host'));
      return;
    }
    pending.set(call.frame.id, call);
    socket.send(JSON.stringify(call.frame));
  }

  function send(method: HostMethod, args: unknown[]): Promise<unknown> {
    // The store's snapshot after each (re)connect is the one the stream began with.
    if (method === 'getSnapshot' && current && !current.tookSnapshot) {
      current.tookSnapshot = true;
      return current.snapshot.then((value) => ({ ok: true, value }));
    }
    return new Promise((resolve, reject) => {
      const call: PendingCall = { frame: { id: nextId++, method, args }, resolve, reject };
      // Calls made while the socket is still opening wait for it; after a loss they fail at once
      // so a button never hangs until some later reconnect. A paused link wakes up for a call.
      if (status.state === 'connecting') {
        queued.push(call);
      } else if (status.state === 'paused') {
        queued.push(call);
        wake();
      } else {
        transmit(call);
      }
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
    captureUrl: (captureId) => captureUrlOf(location, captureId),
  };

  /** Takes up a paused link again: "connecting" until it opens, so a call never waits unseen. */
  function wake(): void {
    if (current) return;
    setStatus({ state: 'connecting' });
    connect();
  }

  // A hidden tab lets go of its link once idle (see HostLinkStatus 'paused'), checked whenever
  // it is hidden or its link opens while hidden, and takes the link up again when shown.
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;
  const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

  function pauseIfIdle(): void {
    pauseTimer = undefined;
    if (!hidden() || status.state !== 'open' || !current) return;
    if (pending.size > 0 || queued.length > 0 || early.length > 0) {
      pauseTimer = setTimeout(pauseIfIdle, PAUSE_HIDDEN_AFTER_MS);
      return;
    }
    shut(current);
    setStatus({ state: 'paused' });
  }

  /** Starts the idle check, when the tab is hidden and none is running. */
  function armPause(): void {
    if (hidden() && pauseTimer === undefined)
      pauseTimer = setTimeout(pauseIfIdle, PAUSE_HIDDEN_AFTER_MS);
  }

  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      clearTimeout(pauseTimer);
      pauseTimer = undefined;
      if (hidden()) armPause();
      else if (status.state === 'paused') wake();
    });
  }

  connect();
  return { api: createRemoteHostApi(send, subscribe), link };
}
