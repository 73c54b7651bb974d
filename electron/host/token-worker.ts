/**
 * The host's token worker (a `worker_thread` started by token-pool.ts): counts one text per
 * message, so the tokenizer's CPU time and tables stay off the main thread (Electron's main
 * process must never block on it). Bundled to out/token-worker.mjs.
 */
import { parentPort } from 'node:worker_threads';
import { createTokenCounter, TOKEN_ENCODINGS, type TokenCounter, type TokenEncoding } from '../../shared/context/tokens';

/** What the pool sends: one text to count in one encoding. */
export interface TokenWorkerRequest {
  id: number;
  text: string;
  encoding: TokenEncoding;
}

/** What the worker answers: the count, or a one-line reason it could not count. */
export type TokenWorkerResponse = { id: number; tokens: number } | { id: number; error: string };

// One counter per encoding, made on first use: each loads its own tables (tens of MB).
const counters = new Map<TokenEncoding, TokenCounter>();

function counterFor(encoding: TokenEncoding): TokenCounter {
  if (!TOKEN_ENCODINGS.includes(encoding)) throw new Error(`unknown token encoding ${JSON.stringify(encoding)}`);
  let counter = counters.get(encoding);
  if (!counter) {
    counter = createTokenCounter(encoding);
    counters.set(encoding, counter);
  }
  return counter;
}

const port = parentPort;
if (!port) throw new Error('token-worker.ts runs only as a worker thread (see token-pool.ts)');

port.on('message', (request: TokenWorkerRequest) => {
  const { id, text, encoding } = request;
  let response: TokenWorkerResponse;
  try {
    if (typeof text !== 'string') throw new Error(`expected a string to count, got ${typeof text}`);
    response = { id, tokens: counterFor(encoding).count(text) };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});
