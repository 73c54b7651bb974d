/**
 * Where the authorization server sends the browser back after a sign-in. The CLI and the
 * desktop app listen on loopback (RFC 8252: 127.0.0.1, a random port, for this sign-in only);
 * browser mode answers on its own origin (electron/web/sign-in-routes.ts). Either way only the
 * request with this sign-in's `state` ends the wait, and the browser's tab is told how it ended.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One sign-in's way back. */
export interface SignInCallback {
  /** The redirect URI, exactly as registered and sent. */
  redirect: string;
  /** Resolves with the address the browser came back to, with this sign-in's `state`. */
  returned: Promise<URL>;
  /** The authorization URL is ready (browser mode sends the tab the page opened there). */
  authorize(url: URL): void;
  /** How the sign-in ended, in words, for the browser's tab. */
  finish(outcome: { ok: boolean; words: string }): void;
  close(): void;
}

export interface SignInReturn {
  /**
   * Opens the way back for the sign-in with `state`; `attempt` names the tab a page opened for it
   * (browser mode).
   */
  open(state: string, attempt?: string): Promise<SignInCallback>;
  /**
   * Told, as a page's sign-in call arrives, that a tab with `attempt` is coming (browser mode):
   * only an expected attempt's tab is let in. Returns how to forget it once the sign-in ends.
   */
  expect?(attempt: string): () => void;
}

const PLAIN = {
  'content-type': 'text/plain; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};
/**
 * The browser's tab waits this long for the outcome of the code's exchange before it is told to
 * look in the app.
 */
const OUTCOME_WAIT_MS = 30_000;

/** Holds a response to the callback until the sign-in says how it ended. */
export function outcomeReply(): {
  send(respond: (status: number, text: string) => void): void;
  finish(outcome: { ok: boolean; words: string }): void;
} {
  let outcome: { ok: boolean; words: string } | undefined;
  let waiting: ((status: number, text: string) => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const say = (
    respond: (status: number, text: string) => void,
    said: { ok: boolean; words: string },
  ) => respond(said.ok ? 200 : 400, `${said.words}\n\nYou can close this tab.`);
  return {
    send(respond) {
      if (outcome) return say(respond, outcome);
      waiting = respond;
      timer = setTimeout(() => {
        waiting = undefined;
        respond(200, 'Received. MCP Context Inspector finishes the sign-in and says how it went.');
      }, OUTCOME_WAIT_MS);
      timer.unref?.();
    },
    finish(said) {
      outcome = said;
      clearTimeout(timer);
      if (waiting) say(waiting, said);
      waiting = undefined;
    },
  };
}

/** The loopback listener (CLI and desktop): 127.0.0.1, a port of its own, for one sign-in. */
export const loopbackReturn: SignInReturn = {
  async open(state) {
    let arrived!: (url: URL) => void;
    const returned = new Promise<URL>((resolve) => (arrived = resolve));
    let done = false;
    const reply = outcomeReply();
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/callback' || request.method !== 'GET')
        return void response.writeHead(404, PLAIN).end();
      if (done || url.searchParams.get('state') !== state)
        return void response
          .writeHead(400, PLAIN)
          .end('This is not the sign-in MCP Context Inspector is waiting for.');
      done = true;
      reply.send((status, text) => response.writeHead(status, PLAIN).end(text));
      arrived(url);
    });
    server.listen(0, '127.0.0.1');
    await new Promise<void>((resolve, reject) =>
      server.once('listening', resolve).once('error', reject),
    );
    return {
      redirect: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
      returned,
      authorize: () => {},
      finish: (outcome) => reply.finish(outcome),
      close: () => {
        // The tab's reply goes first; then nothing more is taken.
        server.close();
        setTimeout(() => server.closeAllConnections(), 1000).unref?.();
      },
    };
  },
};
