/**
 * Token counting on `worker_threads`, so the host's main thread (Electron's main process,
 * `mcp-context serve`, the CLI) never blocks on the tokenizer. Counts are cached by a hash of
 * the text; workers start with the first count and never keep the process alive when idle.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { TOKEN_ENCODINGS, textHash, type TokenEncoding } from '../../../shared/context/encodings';
import type { TokenWorkerRequest, TokenWorkerResponse } from './token-worker';

/** Counts tokens off the main thread. */
export interface TokenPool {
  /**
   * Tokens of `text` in `encoding`; cached by a hash of the text (shared/context/encodings.ts
   * textHash), so a recount of the same text costs no worker trip.
   */
  count(text: string, encoding: TokenEncoding): Promise<number>;
  /** Ends the workers; counts in flight reject with an Error('token pool closed'). */
  close(): Promise<void>;
}

/** What tests may see and do inside a pool: never used by the app. */
export interface TokenPoolProbe {
  /** Messages sent to workers so far (cache hits and empty texts send none). */
  readonly trips: number;
  /** Thread ids of the live workers. */
  readonly threadIds: number[];
  /** Requests sent to a worker and not yet answered. */
  readonly inFlight: number;
  /** Terminates a live worker as a crash would; resolves once the pool has seen it exit. */
  kill(index?: number): Promise<void>;
}

// At most this many attempts per text: a worker that dies twice on it is not tried a third time.
const ATTEMPTS = 2;
const CLOSED = 'token pool closed';

interface Job {
  id: number;
  text: string;
  encoding: TokenEncoding;
  attempts: number;
  resolve(tokens: number): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** The batch it is counting, if any. */
  jobs?: Job[];
  lastError?: string;
}

/**
 * The most texts, and characters, one message takes: the texts queued while a worker counted
 * go together (a curation reads hundreds of small resources, and a trip each cost more than
 * their counting). A text tried again after a worker died goes alone.
 */
const BATCH_TEXTS = 256;
const BATCH_CHARS = 1_000_000;

const probes = new WeakMap<TokenPool, TokenPoolProbe>();

/** The test hook of a pool made by {@link createTokenPool}. */
export function tokenPoolProbe(pool: TokenPool): TokenPoolProbe {
  const probe = probes.get(pool);
  if (!probe) throw new Error('not a pool made by createTokenPool');
  return probe;
}

/** A pool of `size` workers (default 1: the machines here have 2 cores and the host needs one). */
export function createTokenPool(options: { size?: number; cacheEntries?: number } = {}): TokenPool {
  const size = options.size ?? 1;
  const cacheEntries = options.cacheEntries ?? 20_000;
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`token pool size must be a whole number of at least 1, got ${size}`);
  if (!Number.isInteger(cacheEntries) || cacheEntries < 0)
    throw new RangeError(
      `token pool cacheEntries must be a whole number of at least 0, got ${cacheEntries}`,
    );

  const cache = new Map<string, number>(); // insertion order = least recently used first
  const pending = new Map<string, Promise<number>>(); // one trip for concurrent counts of one text
  const queue: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let trips = 0;
  let closed = false;

  function remember(key: string, tokens: number): void {
    if (cacheEntries === 0) return;
    cache.delete(key);
    if (cache.size >= cacheEntries) cache.delete(cache.keys().next().value as string);
    cache.set(key, tokens);
  }

  function spawn(): Slot {
    const slot: Slot = { worker: startWorker() };
    slot.worker.on('message', (answer: { results: TokenWorkerResponse[] }) => {
      const jobs = slot.jobs;
      if (
        !jobs ||
        answer.results.length !== jobs.length ||
        answer.results.some((result, at) => result.id !== jobs[at]?.id)
      )
        return;
      slot.jobs = undefined;
      answer.results.forEach((result, at) => {
        const job = jobs[at] as Job;
        if ('error' in result) job.reject(new Error(`token count failed: ${result.error}`));
        else job.resolve(result.tokens);
      });
      pump();
    });
    // An uncaught error ends the worker; 'exit' follows, and is where it is replaced.
    slot.worker.on('error', (error: Error) => {
      slot.lastError = error.message.split('\n')[0];
    });
    slot.worker.on('exit', (code) => {
      slots.splice(slots.indexOf(slot), 1);
      const jobs = slot.jobs ?? [];
      slot.jobs = undefined;
      if (jobs.length === 0 || closed) return;
      for (const job of [...jobs].reverse()) {
        if (job.attempts < ATTEMPTS) queue.unshift(job);
        else
          job.reject(
            new Error(
              `token count failed: the token worker stopped ${ATTEMPTS} times on this text (${slot.lastError ?? `exit code ${code}`})`,
            ),
          );
      }
      pump();
    });
    slots.push(slot);
    return slot;
  }

  // Hands queued jobs to idle workers, starting workers up to `size`; idle workers are unref'd.
  function pump(): void {
    for (const slot of slots) {
      if (!slot.jobs) dispatch(slot);
    }
    while (queue.length > 0 && slots.length < size) {
      let slot: Slot;
      try {
        slot = spawn();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        for (const job of queue.splice(0)) job.reject(new Error(`token count failed: ${reason}`));
        return;
      }
      dispatch(slot);
    }
  }

  function dispatch(slot: Slot): void {
    const first = queue.shift();
    if (!first) {
      slot.worker.unref();
      return;
    }
    const jobs = [first];
    let chars = first.text.length;
    // A text tried again goes alone, so a text that kills the worker takes no other with it.
    if (first.attempts === 0) {
      while (
        jobs.length < BATCH_TEXTS &&
        queue[0] !== undefined &&
        queue[0].attempts === 0 &&
        chars + queue[0].text.length <= BATCH_CHARS
      ) {
        const next = queue.shift() as Job;
        chars += next.text.length;
        jobs.push(next);
      }
    }
    for (const job of jobs) job.attempts += 1;
    slot.jobs = jobs;
    slot.worker.ref();
    trips += 1;
    slot.worker.postMessage({
      jobs: jobs.map(({ id, text, encoding }) => ({ id, text, encoding })),
    } satisfies TokenWorkerRequest);
  }

  const pool: TokenPool = {
    count(text, encoding) {
      if (closed) return Promise.reject(new Error(`${CLOSED}: cannot count tokens after close()`));
      if (!TOKEN_ENCODINGS.includes(encoding))
        return Promise.reject(new Error(`unknown token encoding ${JSON.stringify(encoding)}`));
      if (text === '') return Promise.resolve(0);
      const key = `${encoding}:${textHash(text)}`;
      const known = cache.get(key);
      if (known !== undefined) {
        remember(key, known);
        return Promise.resolve(known);
      }
      const shared = pending.get(key);
      if (shared) return shared;
      const counted = new Promise<number>((resolve, reject) => {
        queue.push({ id: nextId++, text, encoding, attempts: 0, resolve, reject });
        pump();
      }).then(
        (tokens) => {
          pending.delete(key);
          remember(key, tokens);
          return tokens;
        },
        (error: unknown) => {
          pending.delete(key);
          throw error;
        },
      );
      pending.set(key, counted);
      return counted;
    },
    async close() {
      if (closed) return;
      closed = true;
      const stopped = [...queue.splice(0), ...slots.flatMap((slot) => slot.jobs ?? [])];
      for (const job of stopped) job.reject(new Error(CLOSED));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };

  probes.set(pool, {
    get trips() {
      return trips;
    },
    get threadIds() {
      return slots.map((slot) => slot.worker.threadId);
    },
    get inFlight() {
      return slots.reduce((sum, slot) => sum + (slot.jobs?.length ?? 0), 0);
    },
    async kill(index = 0) {
      const slot = slots[index];
      if (!slot) throw new Error(`no live token worker at index ${index}`);
      const exited = new Promise<void>((resolve) => slot.worker.once('exit', () => resolve()));
      await slot.worker.terminate();
      await exited;
    },
  });
  return pool;
}

// Where the worker is: bundled, token-worker.mjs sits in out/, beside the entry that holds
// this code (out/cli.mjs) or one folder up (out/chunks/*.mjs, out/electron/main.mjs). From
// source (vitest, tsx) it is token-worker.ts beside this file, and tsx must load it.
// execArgv is empty: the parent's flags (say `--input-type` from `node -e`) can break a worker.
function startWorker(): Worker {
  for (const relative of ['./token-worker.mjs', '../token-worker.mjs']) {
    const url = new URL(relative, import.meta.url);
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url)))
      return new Worker(url, { execArgv: [] });
  }
  const source = new URL('./token-worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(source)))
    throw new Error(
      `token worker not found: no token-worker.mjs near ${fileURLToPath(import.meta.url)} (run npm run build)`,
    );
  // tsx's `--import` hook registers itself only on the main thread in Node 20, so the worker
  // registers tsx's ESM hooks itself, then imports the TypeScript entry.
  let tsxApi: string;
  try {
    tsxApi = import.meta.resolve('tsx/esm/api');
  } catch {
    throw new Error(
      'token worker: running from TypeScript source needs the tsx dev dependency (npm install)',
    );
  }
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(bootstrap, { eval: true, execArgv: [] });
}
