/**
 * Token counts, with gpt-tokenizer (pure JavaScript, the same code in the CLI and in the
 * page's worker). Counts are cached by a hash of the text, so re-assembling after a toggle
 * counts only what changed.
 */
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { DEFAULT_ENCODING, textHash, type TokenEncoding } from './encodings';

export { DEFAULT_ENCODING, TOKEN_ENCODINGS, textHash, type TokenEncoding } from './encodings';

// A server's text is text: "<|endoftext|>" in a document is what a model receives as
// characters (an API never takes a special token from content), and gpt-tokenizer's default
// would throw "Disallowed special token" and leave the resource uncountable.
const AS_TEXT = { disallowedSpecial: new Set<string>() };
const COUNTERS: Record<TokenEncoding, (text: string) => number> = {
  o200k_base: (text) => countO200k(text, AS_TEXT),
  cl100k_base: (text) => countCl100k(text, AS_TEXT),
};

export interface TokenCounter {
  readonly encoding: TokenEncoding;
  count(text: string): number;
}

/** A counter for one encoding that remembers up to `capacity` counts. */
export function createTokenCounter(
  encoding: TokenEncoding = DEFAULT_ENCODING,
  capacity = 20_000,
): TokenCounter {
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
