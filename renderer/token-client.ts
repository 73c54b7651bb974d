/**
 * Token counts for the page, from a worker (workers/token-worker.ts). Texts asked for in the
 * same task go in one message; counts are remembered by a hash of the text. Where no worker
 * can start (tests in Node; a file:// page whose browser refuses module workers), or the
 * worker dies, it counts in this thread instead, so a count is never left unanswered.
 */
import { textHash, type TokenEncoding } from '../shared/context/encodings';
import type { TokenCounter } from '../shared/context/tokens';
import type { TokenRequest, TokenResponse } from './workers/token-worker';

export interface TokenClient {
  count(text: string, encoding: TokenEncoding): Promise<number>;
}

export function createTokenClient(): TokenClient {
  const known = new Map<string, number>();
  // The tokenizer's tables load in this thread only if the worker cannot count.
  const counters = new Map<TokenEncoding, Promise<TokenCounter>>();
  const countHere = async (text: string, encoding: TokenEncoding): Promise<number> => {
    let counter = counters.get(encoding);
    if (!counter) counters.set(encoding, (counter = import('../shared/context/tokens').then((tokens) => tokens.createTokenCounter(encoding))));
    return (await counter).count(text);
  };
  let dead = false;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (counts: number[]) => void; reject: (error: Error) => void; fallback: () => void }>();
  // Started by the first count: a page that never curates never loads the tokenizer, and a
  // listing is not slowed by a worker reading its tables.
  let worker: Worker | undefined | null = null;
  function started(): Worker | undefined {
    if (worker !== null) return worker;
    try {
      worker = typeof Worker === 'function' ? new Worker(new URL('./workers/token-worker.ts', import.meta.url), { type: 'module' }) : undefined;
    } catch {
      worker = undefined;
    }
    const running = worker;
    if (!running) return undefined;
    running.onmessage = (message: MessageEvent<TokenResponse>) => {
      const entry = waiting.get(message.data.id);
      waiting.delete(message.data.id);
      if (!entry) return;
      if (message.data.counts) entry.resolve(message.data.counts);
      else entry.reject(new Error(message.data.error ?? 'the token counter failed'));
    };
    running.onerror = () => {
      dead = true;
      running.terminate();
      // What was waiting is counted here instead.
      for (const entry of waiting.values()) entry.fallback();
      waiting.clear();
    };
    return running;
  }
  // Texts asked for in the same task, per encoding, sent together.
  const batches = new Map<TokenEncoding, { texts: string[]; resolvers: ((count: number) => void)[]; rejecters: ((error: Error) => void)[] }>();

  function send(encoding: TokenEncoding): void {
    const batch = batches.get(encoding);
    batches.delete(encoding);
    if (!batch) return;
    const id = nextId++;
    const answer = (counts: number[]) => batch.resolvers.forEach((resolve, index) => resolve(counts[index] ?? 0));
    const countAllHere = () => void Promise.all(batch.texts.map((text) => countHere(text, encoding))).then(answer, (error: unknown) => batch.rejecters.forEach((reject) => reject(error instanceof Error ? error : new Error(String(error)))));
    const running = started();
    if (dead || !running) return countAllHere();
    waiting.set(id, {
      resolve: answer,
      reject: (error) => batch.rejecters.forEach((reject) => reject(error)),
      fallback: countAllHere,
    });
    running.postMessage({ id, encoding, texts: batch.texts } satisfies TokenRequest);
  }

  return {
    count(text, encoding) {
      const key = `${encoding}:${textHash(text)}`;
      const cached = known.get(key);
      if (cached !== undefined) return Promise.resolve(cached);
      return new Promise<number>((resolve, reject) => {
        let batch = batches.get(encoding);
        if (!batch) {
          batch = { texts: [], resolvers: [], rejecters: [] };
          batches.set(encoding, batch);
          queueMicrotask(() => send(encoding));
        }
        batch.texts.push(text);
        batch.resolvers.push((count) => {
          known.set(key, count);
          resolve(count);
        });
        batch.rejecters.push(reject);
      });
    },
  };
}
