import { describe, expect, it } from 'vitest';
import {
  canShowAll,
  DISPLAY_STEP,
  nextLimit,
  SHOW_ALL_LIMIT,
  sliceForDisplay,
} from './content-limits';

describe('sliceForDisplay', () => {
  it('keeps short text whole', () => {
    expect(sliceForDisplay('abc', 10)).toEqual({ shown: 'abc', remaining: 0 });
  });

  it('cuts long text and counts what is left', () => {
    expect(sliceForDisplay('abcdef', 4)).toEqual({ shown: 'abcd', remaining: 2 });
  });

  it('never cuts an emoji in half', () => {
    expect(sliceForDisplay('ab😀cd', 3)).toEqual({ shown: 'ab', remaining: 4 });
  });
});

describe('more and all', () => {
  it('adds one step, capped at the total', () => {
    expect(nextLimit(DISPLAY_STEP, 30_000_000, false)).toBe(2 * DISPLAY_STEP);
    expect(nextLimit(DISPLAY_STEP, 1_500_000, false)).toBe(1_500_000);
    expect(nextLimit(DISPLAY_STEP, 5_000_000, true)).toBe(5_000_000);
  });

  it('offers "Show all" only up to the limit', () => {
    expect(canShowAll(SHOW_ALL_LIMIT)).toBe(true);
    expect(canShowAll(30_000_000)).toBe(false);
  });
});
