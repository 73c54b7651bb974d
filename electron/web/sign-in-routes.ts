/**
 * Browser mode's way back from a sign-in (the host's SignInReturn), on the serve's own origin.
 * The page opens a tab at /oauth/start with an attempt id it also gave the host over its
 * token-guarded socket, so only a page holding the token can start one. That tab is given a
 * cookie bound to this sign-in and sent to the authorization server; the callback is taken
 * only with this sign-in's `state` and that cookie, and the tab is told how the sign-in ended.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ATTEMPT_PARAM, SIGN_IN_CALLBACK_PATH, SIGN_IN_START_PATH } from '../../shared/ws-protocol';
import { outcomeReply, type SignInReturn } from '../host/auth/sign-in-return';
import { allowedHosts, readCookie, sameToken } from './request-guard';

/**
 * How long the tab waits for the host to have the authorization URL (a registration can be slow).
 */
const START_WAIT_MS = 60_000;
/** Tabs that may wait for their page's call at once. */
const MAX_WAITING_TABS = 20;

interface Pending {
  state: string;
  attempt: string;
  /** The cookie's name suffix and value: the tab that started this sign-in holds them. */
  cookie: string;
  binding: string;
  reply: ReturnType<typeof outcomeReply>;
  arrived(url: URL): void;
  /** Resolves with where to send the tab, or the words of why not. */
  ready: Promise<URL | string>;
  settle(to: URL | string): void;
  done: boolean;
}

export interface WebSignInRoutes extends SignInReturn {
  /** Set once browser mode listens. */
  listening(origin: string, port: number): void;
  /** Answers the sign-in routes; false for any other path. */
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    headers: (response: ServerResponse) => void,
  ): boolean;
}

export function createWebSignInRoutes(options: { tabWaitMs?: number } = {}): WebSignInRoutes {
  let origin: string | undefined;
  let port = 0;
  const byState = new Map<string, Pending>();
  const byAttempt = new Map<string, Pending>();
  // A tab may arrive before the page's call does: it waits for its attempt.
  const awaited = new Map<string, Set<(pending: Pending) => void>>();
  let waiting = 0;

  const text = (
    response: ServerResponse,
    headers: (response: ServerResponse) => void,
    status: number,
    body: string,
    extra: Record<string, string | string[]> = {},
  ) => {
    headers(response);
    response.writeHead(status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...extra,
    });
    response.end(`${body}\n`);
  };

  async function start(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    headers: (response: ServerResponse) => void,
  ) {
    const attempt = url.searchParams.get(ATTEMPT_PARAM) ?? '';
    let pending = byAttempt.get(attempt);
    if (!pending && /^[A-Za-z0-9_-]{16,100}$/.test(attempt)) {
      // Any local page can aim tabs here: a bounded number wait at once, and each leaves nothing
      // behind.
      if (waiting >= MAX_WAITING_TABS)
        return text(
          response,
          headers,
          429,
          'Too many sign-in tabs are waiting: close some, and start again from MCP Context Inspector.',
        );
      waiting += 1;
      pending = await new Promise<Pending | undefined>((resolve) => {
        const waiters = awaited.get(attempt) ?? new Set();
        awaited.set(attempt, waiters);
        const leave = () => {
          waiters.delete(found);
          if (waiters.size === 0 && awaited.get(attempt) === waiters) awaited.delete(attempt);
        };
        const found = (one: Pending) => {
          clearTimeout(timer);
          resolve(one);
        };
        const timer = setTimeout(() => {
          leave();
          resolve(undefined);
        }, options.tabWaitMs ?? 10_000);
        waiters.add(found);
        response.on('close', () => {
          clearTimeout(timer);
          leave();
          resolve(undefined);
        });
      });
      waiting -= 1;
    }
    if (!pending)
      return text(
        response,
        headers,
        404,
        'No sign-in is waiting for this tab. Start it again from MCP Context Inspector.',
      );
    let timer: NodeJS.Timeout | undefined;
    const to = await Promise.race([
      pending.ready,
      new Promise<string>(
        (resolve) =>
          (timer = setTimeout(
            () => resolve('the authorization server took too long to answer: start again'),
            START_WAIT_MS,
          )),
      ),
    ]);
    clearTimeout(timer);
    if (typeof to === 'string')
      return text(response, headers, 400, `The sign-in did not start: ${to}`);
    headers(response);
    response.writeHead(302, {
      Location: to.href,
      'Cache-Control': 'no-store',
      'Set-Cookie': `mcp_context_sign_in_${pending.cookie}=${pending.binding}; HttpOnly; SameSite=Lax; Path=${SIGN_IN_CALLBACK_PATH}; Max-Age=900`,
    });
    response.end();
  }

  function callback(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    headers: (response: ServerResponse) => void,
  ) {
    const pending = byState.get(url.searchParams.get('state') ?? '');
    if (!pending || pending.done)
      return text(
        response,
        headers,
        400,
        'This is not the sign-in MCP Context Inspector is waiting for.',
      );
    // The state alone could have been seen on the way: the cookie says this browser started it.
    if (
      !sameToken(
        readCookie(request.headers.cookie, `mcp_context_sign_in_${pending.cookie}`),
        pending.binding,
      )
    )
      return text(
        response,
        headers,
        400,
        'This browser did not start this sign-in: start it again from MCP Context Inspector.',
      );
    pending.done = true;
    pending.reply.send((status, body) =>
      text(response, headers, status, body, {
        'Set-Cookie': `mcp_context_sign_in_${pending.cookie}=; HttpOnly; SameSite=Lax; Path=${SIGN_IN_CALLBACK_PATH}; Max-Age=0`,
      }),
    );
    pending.arrived(url);
  }

  return {
    listening(at, on) {
      origin = at;
      port = on;
    },
    async open(state, attempt) {
      if (!origin) throw new Error('browser mode is not listening yet');
      if (!attempt)
        throw new Error(
          'in browser mode a sign-in goes through a tab the page opens: sign in from the page',
        );
      byAttempt.get(attempt)?.settle('another sign-in took this tab');
      let arrived!: (url: URL) => void;
      const returned = new Promise<URL>((resolve) => (arrived = resolve));
      let settle!: (to: URL | string) => void;
      const ready = new Promise<URL | string>((resolve) => (settle = resolve));
      const pending: Pending = {
        state,
        attempt,
        cookie: randomBytes(6).toString('hex'),
        binding: randomBytes(24).toString('base64url'),
        reply: outcomeReply(),
        arrived,
        ready,
        settle,
        done: false,
      };
      byState.set(state, pending);
      byAttempt.set(attempt, pending);
      for (const waiter of awaited.get(attempt) ?? []) waiter(pending);
      awaited.delete(attempt);
      return {
        redirect: `${origin}${SIGN_IN_CALLBACK_PATH}`,
        returned,
        authorize: (to) => settle(to),
        finish: (outcome) => {
          settle(outcome.words);
          pending.reply.finish(outcome);
        },
        close: () => {
          settle('the sign-in is over');
          if (byState.get(state) === pending) byState.delete(state);
          if (byAttempt.get(attempt) === pending) byAttempt.delete(attempt);
        },
      };
    },
    handle(request, response, url, headers) {
      if (url.pathname !== SIGN_IN_START_PATH && url.pathname !== SIGN_IN_CALLBACK_PATH)
        return false;
      // DNS rebinding: only this server's own names (the browser's navigation sends no Origin to
      // check).
      if (
        !request.headers.host ||
        !allowedHosts(port).includes(request.headers.host.toLowerCase())
      ) {
        text(
          response,
          headers,
          421,
          `refused: Host ${JSON.stringify(request.headers.host ?? '')} is not this server`,
        );
        return true;
      }
      if (request.method !== 'GET') {
        text(response, headers, 405, 'method not allowed');
        return true;
      }
      if (url.pathname === SIGN_IN_START_PATH)
        void start(request, response, url, headers).catch(() => response.destroy());
      else callback(request, response, url, headers);
      return true;
    },
  };
}
