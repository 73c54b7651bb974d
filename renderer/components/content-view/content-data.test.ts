import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  decodeBase64Head,
  decodeTextHead,
  hexBytesPerRow,
  hexDump,
} from './content-data';

describe('hex dump', () => {
  it('decodes only the head and prints offset, hex and ASCII', () => {
    const blob = btoa('ABC\u0000'.repeat(100));
    const bytes = decodeBase64Head(blob, 20);
    expect(bytes).toHaveLength(20);
    expect(hexDump(bytes).split('\n')[0]).toBe(
      '00000000  41 42 43 00 41 42 43 00 41 42 43 00 41 42 43 00  ABC.ABC.ABC.ABC.',
    );
    // A narrow pane: 8 bytes a row, every column whole.
    expect(hexDump(bytes, 8).split('\n').slice(0, 2)).toEqual([
      '00000000  41 42 43 00 41 42 43 00  ABC.ABC.',
      '00000008  41 42 43 00 41 42 43 00  ABC.ABC.',
    ]);
    expect(hexBytesPerRow(80)).toBe(16);
    expect(hexBytesPerRow(60)).toBe(8);
    expect(hexBytesPerRow(30)).toBe(4);
  });

  it('decodes the head of a huge blob without touching the rest', () => {
    const text = btoa('x'.repeat(300)) + '!'.repeat(20_000_000);
    // The blob as a String that notes which characters are read, one by one or by slice(): reading
    // it whole (a regular expression, atob, a copy) or any other way throws.
    const read: [number, number][] = [];
    const blob = new Proxy(new String(text), {
      get(target, key) {
        if (key === 'length') return text.length;
        if (key === 'slice' || key === 'substring')
          return (start = 0, end = text.length) => {
            read.push([start, Math.min(end, text.length)]);
            return text[key](start, end);
          };
        if (typeof key === 'string' && /^\d+$/.test(key)) {
          read.push([Number(key), Number(key) + 1]);
          return text[Number(key)];
        }
        throw new Error(`the blob was read another way: ${String(key)}`);
      },
    }) as unknown as string;
    const bytes = decodeBase64Head(blob, 256);
    expect(bytes).toHaveLength(256);
    expect(bytes.every((byte) => byte === 'x'.charCodeAt(0))).toBe(true);
    // The 344 base64 characters that make 256 bytes, and not one character of the 20 MB after.
    const characters = read.reduce((sum, [start, end]) => sum + Math.max(0, end - start), 0);
    expect(characters).toBe(Math.ceil(256 / 3) * 4);
    expect(Math.max(...read.map(([, end]) => end))).toBeLessThanOrEqual(400);
  });

  it('skips line breaks a server left in the base64', () => {
    expect(Array.from(decodeBase64Head('QUJD\nREVG\n', 6))).toEqual([65, 66, 67, 68, 69, 70]);
  });

  it('gives no bytes for something that is not base64', () => {
    expect(decodeBase64Head('A', 10)).toHaveLength(0);
  });
});

describe('decodeBase64', () => {
  it('decodes every byte for saving', () => {
    expect(Array.from(decodeBase64(btoa('\u0000\u00ff\u0010')))).toEqual([0, 255, 16]);
  });
});

describe('decodeTextHead', () => {
  it('reads UTF-8 and says when it stopped early', () => {
    const blob = btoa(String.fromCharCode(...new TextEncoder().encode('héllo wörld')));
    expect(decodeTextHead(blob, 1000)).toEqual({ text: 'héllo wörld', truncated: false });
    expect(decodeTextHead(blob, 3)?.truncated).toBe(true);
  });

  it('refuses bytes that are not UTF-8, so they are shown as binary', () => {
    expect(decodeTextHead(btoa('\u00ff\u00fe\u0000'), 100)).toBeNull();
  });
});
