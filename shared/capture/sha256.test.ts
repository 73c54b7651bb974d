import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256';

const native = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sha256', () => {
  it("gives FIPS 180-4's digests", () => {
    expect(sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(sha256('a'.repeat(1_000_000))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it("agrees with the host's node:crypto on every length around a block and on any text", () => {
    // The host hashes with node:crypto as it writes; a page checks with this: they must agree.
    for (let length = 0; length <= 130; length += 1) {
      const text = 'q'.repeat(length);
      expect(sha256(text), `${length} characters`).toBe(native(text));
    }
    const texts = [
      'é'.repeat(70_000),
      '😀'.repeat(40_000),
      // A pair across the slices the text is encoded in, and lone halves (U+FFFD, as Node).
      `${'a'.repeat(65_535)}😀b`,
      '\ud800',
      'x\udc00y\ud83d',
      '中文 ✓\u0000\n',
    ];
    for (const text of texts) expect(sha256(text)).toBe(native(text));
  });
});
