// Browser mode's link (ws-host-api.ts) against a scripted host: a fake event stream and a
// fake socket, driven step by step, so the orderings that matter can be forced.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WindowEvent as HostEvent } from '../shared/window-api';
import type { HostLinkStatus } from './host-link';
import { CONNECT_TIMEOUT_MS, createWsHostApi, PAUSE_HIDDEN_AFTER_MS } from './ws-host-api';

class FakeSocket {
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: { id: number; method: string }[] = [];
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as { id: number; method: string });
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    queueMicrotask(() => this.onclose?.({ code: 1006 }));
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  reply(id: number, value: unknown, after?: number) {
    this.onmessage?.({
      data: JSON.stringify({
        id,
        response: { ok: true, value },
        ...(after !== undefined && { after }),
      }),
    });
  }
}

/** One request for the event stream, answered when the test says. */
interface FakeStream {
  answer(status?: number): void;
  line(message: unknown): void;
  end(): void;
  aborted: boolean;
}

let streams: FakeStream[] = [];

function fakeFetch(
  url: string,
  init?: { method?: string; signal?: AbortSignal },
): Promise<unknown> {
  if (init?.method === 'HEAD') return Promise.resolve({ status: 200 });
  return new Promise((resolve, reject) => {
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const stream: FakeStream = {
      aborted: false,
      answer: (status = 200) => resolve({ ok: status === 200, status, body }),
      line: (message) =>
        controller?.enqueue(new TextEncoder().encode(`${JSON.stringify(message)}\n`)),
      end: () => controller?.close(),
    };
    init?.signal?.addEventListener('abort', () => {
      stream.aborted = true;
      reject(new Error('aborted'));
      try {
        controller?.error(new Error('aborted'));
      } catch {
        // already closed
      }
    });
    expect(url).toBe('/events?token=t');
    streams.push(stream);
  });
}

/**
 * Lets the fakes' answers run through: they are promises only, so a turn of the event loop (which
 * advancing the fake clock by nothing takes) runs every reaction they set off.
 */
const settle = () => vi.advanceTimersByTimeAsync(0);
const event = (seq: number): HostEvent => ({ seq, type: 'server-removed', serverId: `s${seq}` });
/** The stream's first line: the host's state as the stream began. */
const snapshotLine = (seq: number) => ({ snapshot: { seq, servers: [], catalogs: [] } });

function start() {
  const { api, link } = createWsHostApi({
    search: '?token=t',
    protocol: 'http:',
    host: '127.0.0.1:1',
  } as Location);
  const log: string[] = [];
  link.onStatus((status: HostLinkStatus) => log.push(`status ${status.state}`));
  api.onEvent((received) => log.push(`event ${received.seq}`));
  return { api, link, log };
}

/**
 * A link opened in a tab hidden from the start, then left idle for the pause to come (fake timers).
 */
async function startIdleInBackground() {
  vi.stubGlobal(
    'document',
    Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState }),
  );
  const started = start();
  await vi.advanceTimersByTimeAsync(1);
  streams[0]?.answer();
  await vi.advanceTimersByTimeAsync(1);
  FakeSocket.made[0]?.open();
  await vi.advanceTimersByTimeAsync(PAUSE_HIDDEN_AFTER_MS + 1);
  return started;
}

beforeEach(() => {
  streams = [];
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', fakeFetch);
  // The link's timers (deadlines, retries, the pause) are the test's: time passes when it says.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("browser mode's link to the host", () => {
  it('opens the event stream before the socket, and hands on early events only after the link reports open', async () => {
    const { log } = start();
    await settle();
    expect(streams).toHaveLength(1);
    expect(FakeSocket.made).toHaveLength(0);
    streams[0]?.answer();
    streams[0]?.line(snapshotLine(3));
    streams[0]?.line({ event: event(4) });
    await settle();
    expect(FakeSocket.made).toHaveLength(1);
    expect(log).toEqual([]);
    FakeSocket.made[0]?.open();
    // The store holds events on "open" and asks for its snapshot: event 4 must come after that.
    expect(log).toEqual(['status open', 'event 4']);
  });

  it("answers the store's snapshot with the one the stream began with, and a later one over the socket", async () => {
    const { api } = start();
    const first = api.getSnapshot();
    await settle();
    streams[0]?.answer();
    streams[0]?.line({
      snapshot: {
        seq: 4,
        servers: [],
        catalogs: [
          {
            serverId: 's1',
            generation: 1,
            status: 'complete',
            templates: [],
            pages: 1,
            warnings: [],
            resourceCount: 1,
          },
        ],
      },
    });
    await settle();
    FakeSocket.made[0]?.open();
    await expect(first).resolves.toEqual({
      seq: 4,
      servers: [],
      catalogs: [
        {
          serverId: 's1',
          generation: 1,
          status: 'complete',
          templates: [],
          pages: 1,
          warnings: [],
          resourceCount: 1,
        },
      ],
    });
    expect(FakeSocket.made[0]?.sent).toEqual([]);
    const second = api.getSnapshot();
    await settle();
    expect(FakeSocket.made[0]?.sent[0]?.method).toBe('getSnapshot');
    FakeSocket.made[0]?.reply(FakeSocket.made[0]?.sent[0]?.id ?? 0, {
      seq: 9,
      servers: [],
      catalogs: [],
    });
    await expect(second).resolves.toEqual({ seq: 9, servers: [], catalogs: [] });
  });

  it('keeps a reply until the events sent before it have arrived', async () => {
    const { api, log } = start();
    await settle();
    streams[0]?.answer();
    streams[0]?.line(snapshotLine(10));
    await settle();
    FakeSocket.made[0]?.open();
    const added = api
      .addServer({ name: 'x', transport: { kind: 'stdio', command: 'x', args: [] } })
      .then((id) => log.push(`reply ${String(id)}`));
    await settle();
    const call = FakeSocket.made[0]?.sent[0];
    FakeSocket.made[0]?.reply(call?.id ?? 0, 's9', 12);
    await settle();
    expect(log).toEqual(['status open']);
    streams[0]?.line({ event: event(11) });
    streams[0]?.line({ event: event(12) });
    await added;
    expect(log).toEqual(['status open', 'event 11', 'event 12', 'reply s9']);
  });

  it('keeps one live attempt when a retry is asked for while one is connecting', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { api, link, log } = start();
      await vi.advanceTimersByTimeAsync(1);
      streams[0]?.answer();
      await vi.advanceTimersByTimeAsync(1);
      FakeSocket.made[0]?.open();
      // The host goes away: the stream ends, the socket is closed with it, a retry is set.
      streams[0]?.end();
      await vi.advanceTimersByTimeAsync(1);
      expect(log.at(-1)).toBe('status lost');
      expect(FakeSocket.made[0]?.readyState).toBe(3);
      await vi.advanceTimersByTimeAsync(600);
      expect(streams).toHaveLength(2);
      // The user clicks "Retry now" while that retry still waits for its stream.
      link.retryNow();
      await vi.advanceTimersByTimeAsync(1);
      expect(streams).toHaveLength(3);
      expect(streams[1]?.aborted).toBe(true);
      streams[2]?.answer();
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.made).toHaveLength(2);
      FakeSocket.made[1]?.open();
      streams[2]?.line(snapshotLine(0));
      streams[2]?.line({ event: event(5) });
      await vi.advanceTimersByTimeAsync(1);
      expect(log.filter((line) => line === 'event 5')).toHaveLength(1);
      const profiles = api.listProfiles();
      await vi.advanceTimersByTimeAsync(1);
      FakeSocket.made[1]?.reply(FakeSocket.made[1]?.sent[0]?.id ?? 0, []);
      await expect(profiles).resolves.toEqual([]);
      // Nothing from the superseded attempts touches the live one, and no retry is pending.
      expect(log.at(-1)).toBe('event 5');
      await vi.advanceTimersByTimeAsync(20_000);
      expect(streams).toHaveLength(3);
      expect(FakeSocket.made[1]?.readyState).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails calls in flight when the link drops, and says refused when the stream wants a new token', async () => {
    const { api, log } = start();
    await settle();
    streams[0]?.answer();
    await settle();
    FakeSocket.made[0]?.open();
    const read = api.readResource('s1', 'a://x');
    await settle();
    FakeSocket.made[0]?.close();
    await expect(read).rejects.toThrow('lost the connection to the host');
    expect(streams[0]?.aborted).toBe(true);
    expect(log.at(-1)).toBe('status lost');
    // The retry, half a second later.
    await vi.advanceTimersByTimeAsync(600);
    streams[1]?.answer(401);
    await settle();
    expect(log.at(-1)).toBe('status refused');
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('lets go of the link while the tab stays hidden and idle, and takes it up again when shown or called', async () => {
    const page = Object.assign(new EventTarget(), {
      visibilityState: 'visible' as DocumentVisibilityState,
    });
    vi.stubGlobal('document', page);
    const setVisibility = (state: DocumentVisibilityState) => {
      page.visibilityState = state;
      page.dispatchEvent(new Event('visibilitychange'));
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { api, log } = start();
      await vi.advanceTimersByTimeAsync(1);
      streams[0]?.answer();
      await vi.advanceTimersByTimeAsync(1);
      FakeSocket.made[0]?.open();
      // Hidden with a call in flight: the link stays.
      const read = api.readResource('s1', 'a://x');
      setVisibility('hidden');
      await vi.advanceTimersByTimeAsync(PAUSE_HIDDEN_AFTER_MS + 1);
      expect(log.at(-1)).toBe('status open');
      FakeSocket.made[0]?.reply(FakeSocket.made[0]?.sent[0]?.id ?? 0, { contents: [] });
      await read;
      // Idle now: the next check lets go of the stream and the socket, without a retry.
      await vi.advanceTimersByTimeAsync(PAUSE_HIDDEN_AFTER_MS + 1);
      expect(log.at(-1)).toBe('status paused');
      expect(streams[0]?.aborted).toBe(true);
      expect(FakeSocket.made[0]?.readyState).toBe(3);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(streams).toHaveLength(1);
      // Shown again: a new stream and socket, and "open" (the store fetches its snapshot again).
      setVisibility('visible');
      await vi.advanceTimersByTimeAsync(1);
      expect(streams).toHaveLength(2);
      streams[1]?.answer();
      await vi.advanceTimersByTimeAsync(1);
      FakeSocket.made[1]?.open();
      expect(log.at(-1)).toBe('status open');
      // Hidden and paused again, a call wakes the link and goes out once it is open.
      setVisibility('hidden');
      await vi.advanceTimersByTimeAsync(PAUSE_HIDDEN_AFTER_MS + 1);
      expect(log.at(-1)).toBe('status paused');
      const profiles = api.listProfiles();
      await vi.advanceTimersByTimeAsync(1);
      expect(streams).toHaveLength(3);
      streams[2]?.answer();
      await vi.advanceTimersByTimeAsync(1);
      FakeSocket.made[2]?.open();
      FakeSocket.made[2]?.reply(FakeSocket.made[2]?.sent[0]?.id ?? 0, []);
      await expect(profiles).resolves.toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('pauses a tab opened in the background', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { log } = await startIdleInBackground();
      expect(log.at(-1)).toBe('status paused');
      expect(streams[0]?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows "connecting" while it wakes, and fails the call if the stream never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { api, log } = await startIdleInBackground();
      // A call wakes the link; the browser never answers the stream (six connections taken).
      const read = api.readResource('s1', 'a://x');
      const failed = expect(read).rejects.toThrow('lost the connection to the host');
      await vi.advanceTimersByTimeAsync(1);
      expect(log.at(-1)).toBe('status connecting');
      await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
      await failed;
      expect(log.at(-1)).toBe('status lost');
      expect(streams[1]?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends queued calls and early events even when a status listener throws', async () => {
    const errors: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => errors.push(error));
    const { api, link, log } = start();
    link.onStatus(() => {
      throw new Error('a bug in a listener');
    });
    const profiles = api.listProfiles();
    await settle();
    streams[0]?.answer();
    streams[0]?.line(snapshotLine(1));
    streams[0]?.line({ event: event(2) });
    await settle();
    FakeSocket.made[0]?.open();
    expect(log).toEqual(['status open', 'event 2']);
    expect(errors).toHaveLength(1);
    FakeSocket.made[0]?.reply(FakeSocket.made[0]?.sent[0]?.id ?? 0, [], 2);
    await expect(profiles).resolves.toEqual([]);
  });

  it('after a reconnect, holds a reply until the new stream says where it starts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { api, log } = start();
      await vi.advanceTimersByTimeAsync(1);
      streams[0]?.answer();
      streams[0]?.line(snapshotLine(100));
      await vi.advanceTimersByTimeAsync(1);
      FakeSocket.made[0]?.open();
      // The host restarts: its seq starts again from zero.
      streams[0]?.end();
      await vi.advanceTimersByTimeAsync(600);
      streams[1]?.answer();
      await vi.advanceTimersByTimeAsync(1);
      FakeSocket.made[1]?.open();
      const added = api
        .addServer({ name: 'x', transport: { kind: 'stdio', command: 'x', args: [] } })
        .then(() => log.push('reply'));
      await vi.advanceTimersByTimeAsync(1);
      FakeSocket.made[1]?.reply(FakeSocket.made[1]?.sent[0]?.id ?? 0, 's1', 7);
      await vi.advanceTimersByTimeAsync(1);
      expect(log.at(-1)).toBe('status open');
      streams[1]?.line(snapshotLine(5));
      streams[1]?.line({ event: event(6) });
      streams[1]?.line({ event: event(7) });
      await added;
      expect(log.slice(-3)).toEqual(['event 6', 'event 7', 'reply']);
    } finally {
      vi.useRealTimers();
    }
  });
});
