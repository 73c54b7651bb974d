/**
 * Token counts, with gpt-tokenizer (pure JavaScript, the same code in the CLI and in the
 * page's worker). Counts are cached by a hash of the text, so re-assembling after a toggle
 * counts only what changed.
 */
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';

export type TokenEncoding = 'o200k_base' | 'cl100k_base';
export const TOKEN_ENCODINGS: readonly TokenEncoding[] = ['o200k_base', 'cl100k_base'];
export const DEFAULT_ENCODING: TokenEncoding = 'o200k_base';

const COUNTERS: Record<TokenEncoding, (text: string) => number> = {
  o200k_base: (text) => countO200k(text),
  cl100k_base: (text) => countCl100k(text),
};

/** A 53-bit FNV-1a of the text's UTF-16 code units, with its length: the cache key. */
export function textHash(text: string): string {
  let low = 0x811c9dc5;
  let high = 0x050c5d1f;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    low = Math.imul(low ^ code, 0x01000193) >>> 0;
    high = Math.imul(high ^ (code + index), 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}:${high.toString(36)}${low.toString(36)}`;
}

export interface TokenCounter {
  readonly encoding: TokenEncoding;
  count(text: string): number;
}

/** A counter for one encoding that remembers up to `capacity` counts. */
export function createTokenCounter(encoding: TokenEncoding = DEFAULT_ENCODING, capacity = 20_000): TokenCounter {
  const count = COUNTERS[encoding];
  const cache = new Map<string, number>();
  return {
    encoding,
    count(text) {
      if (text === '') return 0;
      const key = textHash(text);
      const known = cache.get(key);
      if (known !== undefined) return known;
      const tokens = count(text);
      if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
      cache.set(key, tokens);
      return tokens;
    },
  };
}
