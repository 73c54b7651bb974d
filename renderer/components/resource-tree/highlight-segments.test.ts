import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight-segments';

describe('highlightSegments', () => {
  it('marks the matched characters and keeps the rest as text', () => {
    expect(
      highlightSegments('Alpha billing', [
        { start: 0, end: 2 },
        { start: 6, end: 9 },
      ]),
    ).toEqual([
      { text: 'Al', marked: true },
      { text: 'pha ', marked: false },
      { text: 'bil', marked: true },
      { text: 'ling', marked: false },
    ]);
  });

  it('merges overlapping ranges and ignores ranges past the end', () => {
    expect(
      highlightSegments('abcdef', [
        { start: 3, end: 5 },
        { start: 1, end: 4 },
        { start: 9, end: 12 },
      ]),
    ).toEqual([
      { text: 'a', marked: false },
      { text: 'bcde', marked: true },
      { text: 'f', marked: false },
    ]);
    expect(highlightSegments('', [])).toEqual([{ text: '', marked: false }]);
  });
});
