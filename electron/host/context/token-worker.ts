/**
 * The host's token worker (a `worker_thread` started by token-pool.ts): counts a batch of
 * texts per message, so the tokenizer's CPU time and tables stay off the main thread (Electron's
 * main
 * process must never block on it). Bundled to out/token-worker.mjs.
 */
import { parentPort } from 'node:worker_threads';
import {
  createTokenCounter,
  TOKEN_ENCODINGS,
  type TokenCounter,
  type TokenEncoding,
} from '../../../shared/context/tokens';

/** What the pool sends: texts to count, each in its encoding. */
export interface TokenWorkerRequest {
  jobs: { id: number; text: string; encoding: TokenEncoding }[];
}

/**
 * What the worker answers per text, in the order asked: the count, or a one-line reason it could
 * not count.
 */
export type TokenWorkerResponse = { id: number; tokens: number } | { id: number; error: string };

// One counter per encoding, made on first use: each loads its own tables (tens of MB).
const counters = new Map<TokenEncoding, TokenCounter>();

function counterFor(encoding: TokenEncoding): TokenCounter {
  if (!TOKEN_ENCODINGS.includes(encoding))
    throw new Error(`unknown token encoding ${JSON.stringify(encoding)}`);
  let counter = counters.get(encoding);
  if (!counter) {
    counter = createTokenCounter(encoding);
    counters.set(encoding, counter);
  }
  return counter;
}

const port = parentPort;
if (!port) throw new Error('token-worker.ts runs only as a worker thread (see token-pool.ts)');

function countOne({ id, text, encoding }: TokenWorkerRequest['jobs'][number]): TokenWorkerResponse {
  try {
    if (typeof text !== 'string') throw new Error(`expected a string to count, got ${typeof text}`);
    return { id, tokens: counterFor(encoding).count(text) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (request: TokenWorkerRequest) => {
  port.postMessage({ results: (Array.isArray(request?.jobs) ? request.jobs : []).map(countOne) });
});
