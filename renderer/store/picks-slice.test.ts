import { describe, expect, it } from 'vitest';
import { pickParts, PICKS_PER_CALL } from './picks-slice';

describe('picks sent in parts', () => {
  it('sends a profile of 50,000 picks in three calls, each within what the host accepts, in order', () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `["s1","docs://lumen/${i}.md"]`);
    const parts = pickParts(keys);
    expect(parts.map((part) => part.length)).toEqual([PICKS_PER_CALL, PICKS_PER_CALL, 10_000]);
    expect(parts.flat()).toEqual(keys);
  });

  it('splits long keys by size, and sends a key longer than a part alone', () => {
    const long = Array.from({ length: 5 }, (_, i) => `["s1","x://${String(i).repeat(400_000)}"]`);
    const huge = `["s1","x://${'h'.repeat(1_200_000)}"]`;
    const parts = pickParts([...long, huge, 'short']);
    expect(parts.map((part) => part.length)).toEqual([2, 2, 1, 1, 1]);
    expect(parts[4]).toEqual(['short']);
    expect(parts.flat()).toEqual([...long, huge, 'short']);
    expect(pickParts([])).toEqual([]);
  });
});
