/**
 * The tokenizer encodings we offer, and the hash counts are cached by. Kept apart from
 * tokens.ts so the page can name an encoding without loading the tokenizer's tables.
 */
export type TokenEncoding = 'o200k_base' | 'cl100k_base';
export const TOKEN_ENCODINGS: readonly TokenEncoding[] = ['o200k_base', 'cl100k_base'];
export const DEFAULT_ENCODING: TokenEncoding = 'o200k_base';

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
