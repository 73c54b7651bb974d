/**
 * Browser mode's way back from a sign-in (the host's SignInReturn), on the serve's own origin.
 * The page calls the host first, naming an attempt id, over its token-guarded socket; the host
 * expects that attempt at once (`expect`), and only then does the page send its tab to
 * /oauth/start with it. So only a page holding the token can start one, and a tab with an attempt
 * nobody expects is refused at once, without waiting or holding a place. Each attempt is taken by
 * one tab. That tab is given a cookie bound to this sign-in and sent to the authorization server;
 * the callback is taken only with this sign-in's `state` and that cookie, and the tab is told how
 * the sign-in ended.
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
/** Attempts expected at once; a page's call past that forgets the oldest. */
const MAX_EXPECTED = 20;
/** An attempt id as a page makes them. */
const ATTEMPT_FORM = /^[A-Za-z0-9_-]{16,100}$/;

interface Pending {
  state: string;
  attempt: string;
  /** The cookie's name suffix and value: the tab that started this sign-in holds them. */
  cookie: string;
  binding: string;
  reply: ReturnType<typeof outcomeReply>;
  arrived(url: URL): void;
  /** Resolves with where to send the tab, or what to tell it instead, in a sentence. */
  ready: Promise<URL | string>;
  settle(to: URL | string): void;
  /** A tab has taken this attempt: another is refused. */
  taken: boolean;
  done: boolean;
}

/** An attempt a page's call named, whose sign-in has not opened its way back yet. */
interface Expected {
  taken: boolean;
  /** Resolves with the sign-in once it opens, or undefined once it is forgotten. */
  opened: Promise<Pending | undefined>;
  resolve(pending: Pending | undefined): void;
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

/** `tabWaitMs`: how long a tab with an expected attempt waits for its sign-in to open. */
export function createWebSignInRoutes(options: { tabWaitMs?: number } = {}): WebSignInRoutes {
  let origin: string | undefined;
  let port = 0;
  const byState = new Map<string, Pending>();
  const byAttempt = new Map<string, Pending>();
  const expected = new Map<string, Expected>();

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

  /** Waits for an expected attempt's sign-in to open: bounded, and given up if the tab leaves. */
  const opening = (waiting: Expected, response: ServerResponse) =>
    new Promise<Pending | undefined>((resolve) => {
      const leave = () => done(undefined);
      const timer = setTimeout(leave, options.tabWaitMs ?? 10_000);
      const done = (pending: Pending | undefined) => {
        clearTimeout(timer);
        response.off('close', leave);
        resolve(pending);
      };
      response.once('close', leave);
      void waiting.opened.then(done);
    });

  async function start(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    headers: (response: ServerResponse) => void,
  ) {
    const attempt = url.searchParams.get(ATTEMPT_PARAM) ?? '';
    const open = byAttempt.get(attempt);
    const waiting = open ? undefined : expected.get(attempt);
    const claim = open ?? waiting;
    // Nobody expects it (any local page can aim tabs here): told at once, nothing kept.
    if (!claim)
      return text(
        response,
        headers,
        404,
        'No sign-in is waiting for this tab. Start it again from MCP Context Inspector.',
      );
    if (claim.taken)
      return text(
        response,
        headers,
        409,
        'This sign-in was opened in another tab already: finish it there, or start it again from MCP Context Inspector.',
      );
    claim.taken = true;
    const pending = open ?? (waiting && (await opening(waiting, response)));
    if (!pending) {
      // Still expected (this tab stopped waiting): another tab may take it.
      if (waiting && expected.get(attempt) === waiting) {
        waiting.taken = false;
        return text(
          response,
          headers,
          503,
          'The sign-in has not started yet: open this page again in a moment.',
        );
      }
      return text(
        response,
        headers,
        404,
        'The sign-in this tab was opened for is over. Start it again from MCP Context Inspector.',
      );
    }
    let timer: NodeJS.Timeout | undefined;
    const to = await Promise.race([
      pending.ready,
      new Promise<string>(
        (resolve) =>
          (timer = setTimeout(
            () =>
              resolve(
                'The sign-in did not start: the authorization server took too long to answer. Start it again from MCP Context Inspector.',
              ),
            START_WAIT_MS,
          )),
      ),
    ]);
    clearTimeout(timer);
    if (typeof to === 'string') return text(response, headers, 400, to);
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
    expect(attempt) {
      if (!ATTEMPT_FORM.test(attempt) || expected.has(attempt) || byAttempt.has(attempt))
        return () => {};
      for (const [oldest, entry] of expected) {
        if (expected.size < MAX_EXPECTED) break;
        expected.delete(oldest);
        entry.resolve(undefined);
      }
      let resolve!: (pending: Pending | undefined) => void;
      const opened = new Promise<Pending | undefined>((done) => (resolve = done));
      const entry: Expected = { taken: false, opened, resolve };
      expected.set(attempt, entry);
      return () => {
        if (expected.get(attempt) !== entry) return;
        expected.delete(attempt);
        resolve(undefined);
      };
    },
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
      const replaced = byAttempt.get(attempt);
      replaced?.settle('The sign-in did not start: another sign-in took this tab.');
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
        taken: replaced?.taken ?? false,
        done: false,
      };
      byState.set(state, pending);
      byAttempt.set(attempt, pending);
      // Its tab may have come already, and be waiting for this.
      const waiting = expected.get(attempt);
      if (waiting) {
        expected.delete(attempt);
        pending.taken = waiting.taken;
        waiting.resolve(pending);
      }
      return {
        redirect: `${origin}${SIGN_IN_CALLBACK_PATH}`,
        returned,
        authorize: (to) => settle(to),
        finish: (outcome) => {
          settle(outcome.words);
          pending.reply.finish(outcome);
        },
        close: () => {
          settle(
            'The sign-in this tab was opened for is over. Start it again from MCP Context Inspector.',
          );
          if (byState.get(state) === pending) byState.delete(state);
          if (byAttempt.get(attempt) !== pending) return;
          // Over before its tab came (a registration refused at once): the tab, on its way, is
          // still told how it ended, for a while.
          if (pending.taken) byAttempt.delete(attempt);
          else
            setTimeout(() => {
              if (byAttempt.get(attempt) === pending) byAttempt.delete(attempt);
            }, START_WAIT_MS).unref();
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
