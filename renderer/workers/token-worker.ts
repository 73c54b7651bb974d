/**
 * Counts tokens off the UI thread: a request is a batch of texts for one encoding, the
 * answer their counts in the same order. The tokenizer's tables load here, never in the page.
 */
import { createTokenCounter, TOKEN_ENCODINGS, type TokenCounter, type TokenEncoding } from '../../shared/context/tokens';

export interface TokenRequest {
  id: number;
  encoding: TokenEncoding;
  texts: string[];
}

export interface TokenResponse {
  id: number;
  counts?: number[];
  error?: string;
}

const counters = new Map<TokenEncoding, TokenCounter>();

self.onmessage = (message: MessageEvent<TokenRequest>) => {
  const { id, encoding, texts } = message.data;
  try {
    if (!TOKEN_ENCODINGS.includes(encoding)) throw new Error(`unknown encoding ${String(encoding)}`);
    let counter = counters.get(encoding);
    if (!counter) {
      counter = createTokenCounter(encoding);
      counters.set(encoding, counter);
    }
    const counts = texts.map((text) => (counter as TokenCounter).count(text));
    self.postMessage({ id, counts } satisfies TokenResponse);
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies TokenResponse);
  }
};
