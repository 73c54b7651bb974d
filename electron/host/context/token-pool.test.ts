// Real workers, started from the TypeScript source through tsx (the source case of token-pool.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { createTokenCounter, type TokenEncoding } from '../../../shared/context/tokens';
import { createTokenPool, tokenPoolProbe, type TokenPool } from './token-pool';

const ENCODINGS: TokenEncoding[] = ['o200k_base', 'cl100k_base'];

// Varied text, so a megabyte is not one token pattern repeated.
function prose(bytes: number, seed = 1): string {
  const words = [
    'context',
    'resource',
    'the',
    'MCP',
    'server',
    '42',
    'tokens,',
    'über',
    'naïve',
    '{"uri":',
    'file:///a/b.ts',
    '\n',
    'budget.',
  ];
  const parts: string[] = [];
  let length = 0;
  let state = seed;
  while (length < bytes) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const word = words[state % words.length] as string;
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(' ');
}

const TEXTS = [
  'hello world',
  'Grüße aus Köln — naïve café, 日本語のテキスト, 한국어, العربية, emoji 🧑‍💻🚀 and a flag 🇺🇦',
  '    indented\n\tcode();\r\n// comment\n',
  'a'.repeat(10_000),
  prose(1024 * 1024),
];

let pools: TokenPool[] = [];
function pool(options?: Parameters<typeof createTokenPool>[0]): TokenPool {
  const made = createTokenPool(options);
  pools.push(made);
  return made;
}

afterEach(async () => {
  await Promise.all(pools.map((made) => made.close()));
  pools = [];
});

describe('token pool', () => {
  it('counts what createTokenCounter counts, in both encodings, up to 1 MB and non-ASCII', async () => {
    const tokens = pool();
    for (const encoding of ENCODINGS) {
      const direct = createTokenCounter(encoding);
      const counts = await Promise.all(TEXTS.map((text) => tokens.count(text, encoding)));
      expect(counts).toEqual(TEXTS.map((text) => direct.count(text)));
    }
  });

  it('counts empty text as 0 without a worker trip', async () => {
    const tokens = pool();
    await expect(tokens.count('', 'o200k_base')).resolves.toBe(0);
    expect(tokenPoolProbe(tokens).trips).toBe(0);
    expect(tokenPoolProbe(tokens).threadIds).toEqual([]);
  });

  it('resolves 200 concurrent counts correctly, on one worker and on two, the texts queued meanwhile going in batches', async () => {
    const texts = Array.from(
      { length: 200 },
      (_, index) => `${index}: ${prose(200 + index * 13, index + 7)}`,
    );
    const direct = createTokenCounter('cl100k_base');
    for (const size of [1, 2]) {
      const tokens = pool({ size });
      const counts = await Promise.all(texts.map((text) => tokens.count(text, 'cl100k_base')));
      expect(counts).toEqual(texts.map((text) => direct.count(text)));
      // One trip per text cost more than counting a small one: those that wait go together.
      expect(tokenPoolProbe(tokens).trips).toBeLessThan(10);
      expect(tokenPoolProbe(tokens).threadIds).toHaveLength(size);
    }
  });

  it('answers a repeated text from its cache, per encoding, and forgets the least recent', async () => {
    const tokens = pool({ cacheEntries: 2 });
    const probe = tokenPoolProbe(tokens);
    const first = await tokens.count('the same text', 'o200k_base');
    await expect(tokens.count('the same text', 'o200k_base')).resolves.toBe(first);
    expect(probe.trips).toBe(1);
    await tokens.count('the same text', 'cl100k_base');
    expect(probe.trips).toBe(2);
    // Concurrent counts of one text share one trip.
    await Promise.all([
      tokens.count('twice at once', 'o200k_base'),
      tokens.count('twice at once', 'o200k_base'),
    ]);
    expect(probe.trips).toBe(3);
    // Two entries: 'the same text' in o200k_base was pushed out by the two after it.
    await tokens.count('the same text', 'o200k_base');
    expect(probe.trips).toBe(4);
  });

  it('rejects an unknown encoding with a clear message, without a trip', async () => {
    const tokens = pool();
    await expect(tokens.count('x', 'p50k_base' as TokenEncoding)).rejects.toThrow(
      'unknown token encoding "p50k_base"',
    );
    expect(tokenPoolProbe(tokens).trips).toBe(0);
  });

  it('replaces a killed worker, retries what it was counting, and goes on counting', async () => {
    const tokens = pool();
    const probe = tokenPoolProbe(tokens);
    const text = prose(2 * 1024 * 1024, 3);
    const counting = tokens.count(text, 'o200k_base');
    expect(probe.inFlight).toBe(1);
    const [before] = probe.threadIds;
    await probe.kill();
    expect(probe.threadIds).toHaveLength(1);
    expect(probe.threadIds[0]).not.toBe(before);
    expect(probe.inFlight).toBe(1); // the retry, on the new worker
    await expect(counting).resolves.toBe(createTokenCounter('o200k_base').count(text));
    await expect(tokens.count('still counting', 'o200k_base')).resolves.toBe(
      createTokenCounter('o200k_base').count('still counting'),
    );
  });

  it('rejects a text after its worker stopped twice, with a one-line reason, then goes on', async () => {
    const tokens = pool();
    const probe = tokenPoolProbe(tokens);
    const counting = tokens.count(prose(2 * 1024 * 1024, 5), 'o200k_base');
    await probe.kill();
    await probe.kill();
    const error = await counting.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^token count failed: the token worker stopped 2 times on this text \(.+\)$/,
    );
    await expect(tokens.count('after the crash', 'cl100k_base')).resolves.toBe(
      createTokenCounter('cl100k_base').count('after the crash'),
    );
  });

  it('close() rejects what is in flight and queued, and later counts say the pool is closed', async () => {
    const tokens = pool();
    const inFlight = tokens.count(prose(2 * 1024 * 1024, 9), 'o200k_base');
    const queued = tokens.count('waiting in the queue', 'o200k_base');
    // Handlers first: close() rejects both before it resolves.
    const rejected = Promise.all([
      expect(inFlight).rejects.toThrow(/^token pool closed$/),
      expect(queued).rejects.toThrow(/^token pool closed$/),
    ]);
    expect(tokenPoolProbe(tokens).inFlight).toBe(1);
    await tokens.close();
    await rejected;
    expect(tokenPoolProbe(tokens).threadIds).toEqual([]);
    await expect(tokens.count('too late', 'o200k_base')).rejects.toThrow(
      'token pool closed: cannot count tokens after close()',
    );
  });

  it('leaves the main thread free while it counts 5 MB', async () => {
    const tokens = pool();
    const text = prose(5 * 1024 * 1024, 11);
    let turned = false;
    const counting = tokens.count(text, 'o200k_base').then((count) => ({ count, turned }));
    setImmediate(() => {
      turned = true;
    });
    const result = await counting;
    expect(result.turned).toBe(true);
    expect(result.count).toBe(createTokenCounter('o200k_base').count(text));
  }, 120_000);

  it('refuses a size that is not a whole number of at least 1', () => {
    expect(() => createTokenPool({ size: 0 })).toThrow(
      'token pool size must be a whole number of at least 1, got 0',
    );
  });
});
