import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_MARKS } from '../../../shared/catalog/view-rows';
import { resourceKeyString } from '../../../shared/catalog/resource-key';
import { createFreshRows, FRESH_MS } from './fresh-rows';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('fresh rows', () => {
  it('lights up what a listing again added or changed, and lets it go after a few seconds', () => {
    let expired = 0;
    const fresh = createFreshRows(() => (expired += 1));
    expect(fresh.wrap(NO_MARKS)).toBe(NO_MARKS);
    fresh.add('s1', { added: ['a://new'], removed: ['a://gone'], changed: ['a://moved'] });
    const marks = fresh.wrap(NO_MARKS);
    expect(marks.fresh?.(resourceKeyString({ serverId: 's1', uri: 'a://new' }))).toBe('added');
    expect(marks.fresh?.(resourceKeyString({ serverId: 's1', uri: 'a://moved' }))).toBe('changed');
    expect(marks.fresh?.(resourceKeyString({ serverId: 's1', uri: 'a://gone' }))).toBeUndefined();
    // The same object while nothing changes: a frame's rows do not make a new one each.
    expect(fresh.wrap(NO_MARKS)).toBe(marks);
    vi.advanceTimersByTime(FRESH_MS);
    expect(expired).toBe(1);
    expect(fresh.wrap(NO_MARKS)).toBe(NO_MARKS);
    fresh.dispose();
  });
});
