import { describe, expect, it } from 'vitest';
import { EMPTY_CURATION } from '../../../shared/context/context-view';
import { doneCuration, emptyRun } from './context-done';

const curationWith = (focusSeen: { read: number; of: number }, unread = 0) =>
  doneCuration(
    { ...emptyRun(), focusSeen },
    { unread, total: 0, before: EMPTY_CURATION, stale: new Set(), serverName: () => undefined },
  );

describe('a finished run, as the windows get it', () => {
  it('says the focus ranked the rest of a large catalog by listing, and why in a small one', () => {
    expect(curationWith({ read: 50, of: 100_000 }).warnings).toEqual([
      'The focus read 50 of 100,000 resources, the best matches by name and description: the rest are ranked by their listing alone.',
    ]);
    expect(curationWith({ read: 38, of: 40 }).warnings).toEqual([
      'The focus read 38 of 40 resources: the others could not be read, and are ranked by their listing alone.',
    ]);
    expect(curationWith({ read: 40, of: 40 }).warnings).toEqual([]);
  });

  it('keeps a first decision working, with the reads it still makes, and says nothing of them yet', () => {
    const first = curationWith({ read: 12, of: 40 }, 28);
    expect(first).toMatchObject({ state: 'working', pending: 28, focusPending: 28 });
    expect(first.warnings).toEqual([]);
  });
});
