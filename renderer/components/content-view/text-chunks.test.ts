import { describe, expect, it } from 'vitest';
import { splitIntoChunks } from './text-chunks';

describe('splitIntoChunks', () => {
  it('keeps every character, in order', () => {
    const text = Array.from({ length: 500 }, (_, n) => `line ${n}\n`).join('');
    expect(
      splitIntoChunks(text, 100)
        .map((chunk) => chunk.text)
        .join(''),
    ).toBe(text);
  });

  it('cuts after a line break when there is one late enough', () => {
    const chunks = splitIntoChunks('aaaaaaa\nbbbbbbbbbb', 10);
    expect(chunks.map((chunk) => chunk.text)).toEqual(['aaaaaaa\n', 'bbbbbbbbbb']);
  });

  it('cuts a single long line at the size, never inside a surrogate pair', () => {
    const chunks = splitIntoChunks('abcdefghi😀xyz', 10);
    expect(chunks[0]!.text).toBe('abcdefghi');
    expect(chunks.map((chunk) => chunk.text).join('')).toBe('abcdefghi😀xyz');
  });

  it('estimates wrapped lines for the scrollbar', () => {
    expect(splitIntoChunks('x'.repeat(800), 1000, 80)[0]!.estimatedLines).toBe(10);
    expect(splitIntoChunks('a\nb\n\nc', 1000, 80)[0]!.estimatedLines).toBe(4);
  });

  it('gives nothing for empty text', () => {
    expect(splitIntoChunks('')).toEqual([]);
  });
});
