import { describe, expect, it } from 'vitest';
import { moreNote, moveActive } from './suggestion-model';

describe('moreNote', () => {
  it('counts what the server left out when it gave a total', () => {
    expect(moreNote({ values: ['a', 'b'], total: 140, hasMore: true })).toBe('+138 more');
  });

  it('falls back to hasMore, and says nothing when all values are here', () => {
    expect(moreNote({ values: ['a'], hasMore: true })).toBe('more available: type to narrow');
    expect(moreNote({ values: ['a'], total: 1 })).toBeNull();
    expect(moreNote({ values: ['a', 'b'], total: 1 })).toBeNull();
  });
});

describe('moveActive', () => {
  it('starts at either end and wraps around', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(0, 0, 1)).toBe(-1);
  });
});
