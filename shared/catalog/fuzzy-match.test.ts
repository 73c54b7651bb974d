import { describe, expect, it } from 'vitest';
import { hasCompactSubsequence, subsequencePositions } from './fuzzy-match';

describe('hasCompactSubsequence', () => {
  it('answers exactly whether subsequencePositions finds a match', () => {
    // A small deterministic generator over a few letters and separators, so matches are common.
    let state = 7;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const text = (length: number) =>
      Array.from({ length }, () => 'abcab-/ x'[Math.floor(next() * 9)]).join('');
    let agreedOnYes = 0;
    for (let round = 0; round < 5000; round += 1) {
      const field = text(1 + Math.floor(next() * 40));
      const word = text(1 + Math.floor(next() * 4)).replace(/[\s]/g, 'a');
      const expected = subsequencePositions(field, word) !== undefined;
      expect(
        hasCompactSubsequence(field, word),
        `${JSON.stringify(word)} in ${JSON.stringify(field)}`,
      ).toBe(expected);
      if (expected) agreedOnYes += 1;
    }
    // Both answers were exercised, not only "no".
    expect(agreedOnYes).toBeGreaterThan(500);
  });

  it('turns down letters strewn too far apart', () => {
    expect(hasCompactSubsequence('b-i-l-l', 'bill')).toBe(true);
    expect(hasCompactSubsequence(`b${'x'.repeat(30)}ill`, 'bill')).toBe(false);
  });
});
