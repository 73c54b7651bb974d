/**
 * Browser mode: the built renderer, the HostApi's calls over one WebSocket and its events
 * down one streamed GET (shared/ws-protocol.ts), on loopback only, behind a per-run token and
 * Origin/Host checks (see request-guard.ts).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { MAX_OPEN_CAPTURES, type HostApi, type HostEvent } from '../../shared/host-api';
import { dispatchHostCall } from '../../shared/host-rpc';
import { batchCatalogPages, windowCalls, type PageBatcher } from '../host/catalog/batch-pages';
import { windowSnapshot, type WindowApi } from '../../shared/window-api';
import {
  CAPTURE_CLOSED_CODE,
  CAPTURE_PARAM,
  encodeServerMessage,
  EVENTS_PATH,
  EVENTS_TYPE,
  TOKEN_PARAM,
  WS_PATH,
  type WsServerMessage,
} from '../../shared/ws-protocol';
import { guardRequest, readCookie } from './request-guard';
import { loadStaticFile } from './static-files';
import type { WebSignInRoutes } from './sign-in-routes';

/** The same policy the Electron shell sets; 'self' covers our own ws:// endpoint. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'; frame-ancestors 'none'";

const COOKIE = 'mcp_context_token';
const CAPTURE_CLOSED = `this capture is no longer open (only the newest ${MAX_OPEN_CAPTURES} stay open, and none outlives the app): open its file again`;
/** Largest call a page may send: a URI may be up to 1,000,000 characters, escaped in JSON. */
const MAX_CALL_BYTES = 8 * 1024 * 1024;

export interface BrowserModeOptions {
  host: HostApi;
  /** The folder of the built renderer (out/renderer). */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Fixed token, for tests; a random one otherwise. */
  token?: string;
  /**
   * Most event bytes one page may leave unread before its stream is cut (it then reconnects
   * and takes a fresh snapshot). Default 256 MB: a catalog of 100,000 resources is 26 MB.
   */
  maxUnreadEventBytes?: number;
  /**
   * The host of a capture a page opened (HostApi.openCapture), named by `?capture=` on its page,
   * socket and stream.
   */
  captureHost?(captureId: string): (HostApi & { closed: Promise<void> }) | undefined;
  /** The sign-in routes on this origin (the host's way back from an authorization server). */
  signInRoutes?: WebSignInRoutes;
}

export interface BrowserModeHandle {
  /** The address to open, token included. */
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

function securityHeaders(response: ServerResponse): void {
  response.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  // The token sits in the page's URL: never send it onward in a Referer.
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  response.setHeader('X-Frame-Options', 'DENY');
}

function refuse(response: ServerResponse, status: number, reason: string): void {
  securityHeaders(response);
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(`${reason}\n`);
}

/** Starts browser mode; resolves once it listens. */
export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserModeHandle> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const rendererDir = resolve(options.rendererDir);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_CALL_BYTES });
  let port = 0;
  // Per host (the live one, and each capture a page opened): its pages' streams and the seq of its
  // last event.
  const channels = new Map<HostApi, Channel>();
  const channelOf = (host: HostApi & { closed?: Promise<void> }): Channel => {
    let channel = channels.get(host);
    if (!channel) {
      const opened = openChannel(host);
      channels.set(host, (channel = opened));
      // A capture closed (the oldest of too many, or the app quitting): its pages are told so, and
      // let go.
      void host.closed
        ?.then(() => {
          channels.delete(host);
          opened.end();
        })
        .catch(() => {});
    }
    return channel;
  };
  /**
   * The host a request is for: the live one, or the capture its `?capture=` names (undefined: none
   * such).
   */
  const hostFor = (url: URL): HostApi | undefined => {
    const capture = url.searchParams.get(CAPTURE_PARAM);
    return capture === null ? options.host : options.captureHost?.(capture);
  };
  channelOf(options.host);

  const offeredToken = (request: IncomingMessage, url: URL) =>
    url.searchParams.get(TOKEN_PARAM) ?? readCookie(request.headers.cookie, COOKIE);

  const server = createServer((request, response) => {
    void handleHttp(request, response).catch(() => {
      if (!response.headersSent) refuse(response, 500, 'internal error');
      else response.destroy();
    });
  });

  async function handleHttp(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (options.signInRoutes?.handle(request, response, url, securityHeaders)) return;
    if (url.pathname === EVENTS_PATH) return streamEvents(request, response, url);
    const verdict = guardRequest(
      {
        host: request.headers.host,
        origin: request.headers.origin,
        token: offeredToken(request, url),
      },
      port,
      token,
      false,
    );
    if (!verdict.ok) return refuse(response, verdict.status, verdict.reason);
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return refuse(response, 405, 'method not allowed');
    if (!hostFor(url)) return refuse(response, 404, CAPTURE_CLOSED);
    const file = await loadStaticFile(rendererDir, url.pathname);
    if (!file) return refuse(response, 404, 'not found');
    securityHeaders(response);
    // The cookie lets the page's own assets load without repeating the token in every URL.
    response.setHeader('Set-Cookie', `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
    response.writeHead(200, {
      'Content-Type': file.type,
      'Cache-Control': 'no-store',
      'Content-Length': file.body.length,
    });
    response.end(request.method === 'HEAD' ? undefined : file.body);
  }

  /**
   * The host's events for one page, a line each, for as long as the page reads them. Only
   * with the token in the URL (never the cookie), and only for the page's own fetches.
   */
  function streamEvents(request: IncomingMessage, response: ServerResponse, url: URL): void {
    const verdict = guardRequest(
      {
        host: request.headers.host,
        origin: request.headers.origin,
        token: url.searchParams.get(TOKEN_PARAM) ?? undefined,
      },
      port,
      token,
      false,
    );
    if (!verdict.ok) return refuse(response, verdict.status, verdict.reason);
    if (request.method !== 'GET') return refuse(response, 405, 'method not allowed');
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin')
      return refuse(response, 403, `refused: a ${site} request`);
    const host = hostFor(url);
    if (!host) return refuse(response, 404, CAPTURE_CLOSED);
    const { streams, ends } = channelOf(host);
    securityHeaders(response);
    response.writeHead(200, { 'Content-Type': EVENTS_TYPE, 'Cache-Control': 'no-store' });
    const maxUnread = options.maxUnreadEventBytes ?? 256 * 1024 * 1024;
    const pages = batchCatalogPages((event) => {
      // A page that stopped reading (hung, or a tab in the background for long) must not
      // make the host hold every event since: cut it off, and it resynchronizes on return.
      // Checked before writing, so one large message alone never counts as falling behind.
      if (response.writableLength > maxUnread) return void response.destroy();
      if (!response.destroyed) response.write(`${encodeServerMessage({ event })}\n`);
    });
    // The snapshot first, taken after subscribing: every event the page misses is in it, and
    // events that come while it is made wait behind it (those it holds already are dropped).
    let snapshotSent = false;
    const held: HostEvent[] = [];
    const unsubscribe = host.onEvent((event) => {
      if (!snapshotSent) held.push(event);
      else pages.push(event);
    });
    streams.add(pages);
    const end = () => response.destroy();
    ends.add(end);
    const stop = () => {
      unsubscribe();
      pages.dispose();
      streams.delete(pages);
      ends.delete(end);
    };
    response.on('close', stop);
    host.getSnapshot().then(
      (snapshot) => {
        if (response.destroyed) return;
        response.write(`${encodeServerMessage({ snapshot: windowSnapshot(snapshot) })}\n`);
        snapshotSent = true;
        for (const event of held.splice(0)) if (event.seq > snapshot.seq) pages.push(event);
      },
      () => response.destroy(),
    );
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const verdict =
      url.pathname === WS_PATH
        ? guardRequest(
            {
              host: request.headers.host,
              origin: request.headers.origin,
              token: url.searchParams.get(TOKEN_PARAM) ?? undefined,
            },
            port,
            token,
            true,
          )
        : ({ ok: false, status: 404, reason: 'not found' } as const);
    if (!verdict.ok) {
      socket.end(
        `HTTP/1.1 ${verdict.status} Refused\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${verdict.reason}\n`,
      );
      return;
    }
    const host = hostFor(url);
    if (!host) {
      socket.end(
        `HTTP/1.1 404 Refused\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${CAPTURE_CLOSED}\n`,
      );
      return;
    }
    const channel = channelOf(host);
    sockets.handleUpgrade(request, socket, head, (ws) => serveSocket(ws, channel));
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    // Loopback only: browser mode must never be reachable from another machine.
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  options.signInRoutes?.listening(origin, port);

  return {
    url: `${origin}/?${TOKEN_PARAM}=${token}`,
    origin,
    port,
    token,
    close: () =>
      new Promise<void>((resolveClose) => {
        for (const channel of channels.values()) channel.stopCounting();
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

/** One host's side of browser mode: its pages' event streams, its calls, and its views' sockets. */
interface Channel {
  /**
   * Every open event stream's batcher: a snapshot taken for any page, and every reply, first sends
   * what they hold.
   */
  streams: Set<PageBatcher>;
  calls: Omit<WindowApi, 'onEvent'>;
  /**
   * The socket each view was last opened over: a page that reconnects opens its view again over its
   * new socket, and the old socket's late close must not take it away.
   */
  viewOwners: Map<string, WebSocket>;
  /**
   * Flushes the streams, and says the seq of the host's last event: the event a reply must not
   * overtake (see WsServerMessage).
   */
  sentSoFar(): number;
  stopCounting(): void;
  /** How to end each of its open streams and sockets (a socket's is marked). */
  ends: Set<(() => void) & { socket?: true }>;
  /** Ends every stream and socket (its host closed), telling sockets why. */
  end(): void;
}

function openChannel(host: HostApi): Channel {
  const streams = new Set<PageBatcher>();
  const allStreams: Pick<PageBatcher, 'flush'> = {
    flush: () => streams.forEach((stream) => stream.flush()),
  };
  let lastSeq = 0;
  const stopCounting = host.onEvent((event) => (lastSeq = event.seq));
  const ends: Channel['ends'] = new Set();
  return {
    streams,
    ends,
    end() {
      stopCounting();
      // Sockets first, so a page hears why (4404) before its event stream ends.
      const all = [...ends];
      for (const end of all) if (end.socket) end();
      for (const end of all) if (!end.socket) end();
    },
    calls: windowCalls(host, allStreams),
    viewOwners: new Map(),
    sentSoFar: () => {
      allStreams.flush();
      return lastSeq;
    },
    stopCounting,
  };
}

/**
 * One page's socket: calls in, replies out (events go down the page's event stream). Each
 * reply says the last event sent before it (`sentSoFar` flushes the streams and tells).
 */
function serveSocket(ws: WebSocket, { calls, viewOwners, sentSoFar, ends }: Channel): void {
  const end = Object.assign(() => ws.close(CAPTURE_CLOSED_CODE, 'capture closed'), {
    socket: true as const,
  });
  ends.add(end);
  ws.on('close', () => ends.delete(end));
  const send = (message: WsServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(encodeServerMessage(message));
  };
  // A message over the size limit (or any socket failure) ends this socket, never the host:
  // ws reports it as an 'error', which with no listener would be thrown.
  ws.on('error', () => ws.terminate());
  // A page's views live as long as its socket: a closed tab leaves nothing behind on the host.
  ws.on('close', () => {
    for (const [viewId, owner] of viewOwners) {
      if (owner !== ws) continue;
      viewOwners.delete(viewId);
      void calls.closeView(viewId);
    }
  });
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    let call: unknown;
    try {
      call = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (typeof call !== 'object' || call === null) return;
    const { id, method, args } = call as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) return;
    if (
      method === 'openView' &&
      Array.isArray(args) &&
      typeof args[0] === 'string' &&
      args[0].length <= 100 &&
      viewOwners.size < 1000
    )
      viewOwners.set(args[0], ws);
    void dispatchHostCall(calls, method, args).then((response) =>
      send({ id, response, after: sentSoFar() }),
    );
  });
}
