import { describe, expect, it } from 'vitest';
import { resourceNodeId } from '../../../shared/catalog/node-ids';
import { createSearchIndex } from '../../../shared/catalog/search-index';
import type { ResourceEntry } from '../../../shared/mcp-types';
import { createSearchJobs } from './search-jobs';

const resources: ResourceEntry[] = Array.from({ length: 6000 }, (_, i) => ({
  serverId: 's1',
  uri: `a://x/${i % 3 === 0 ? 'alpha' : 'beta'}/${i}`,
  name: `item-${i}`,
}));

/**
 * Jobs over a catalog indexed as a search needs it. `slow`: every look at the clock finds the
 * budget spent, as on a catalog far too big for a frame.
 */
function jobs(slow: boolean) {
  const index = createSearchIndex();
  let fed = false;
  let clock = 0;
  const ended: (() => void)[] = [];
  const done = { count: 0, next: () => new Promise<void>((resolve) => ended.push(resolve)) };
  const searches = createSearchJobs({
    index,
    feed: () => {
      if (fed) return 0;
      fed = true;
      index.add('s1', resources, []);
      return resources.length;
    },
    done: () => {
      done.count += 1;
      ended.shift()?.();
    },
    now: () => (slow ? (clock += 100) : clock),
  });
  return { searches, done };
}

describe('search jobs', () => {
  it('answers a search that fits in a frame or two at once', () => {
    const { searches, done } = jobs(false);
    expect(searches.search('item-3000 ', 'w1')?.ids()).toEqual([
      resourceNodeId('s1', 'a://x/alpha/3000'),
    ]);
    expect(done.count).toBe(0);
  });

  it('goes on with a longer search in slices and says when it has ended', async () => {
    const { searches, done } = jobs(true);
    const ended = done.next();
    expect(searches.search('item-3000', 'w1')).toBeUndefined();
    // Asked again meanwhile (another frame of the same view): still going on.
    expect(searches.search('item-3000', 'w1')).toBeUndefined();
    await ended;
    expect(searches.search('item-3000', 'w1')?.ids()).toEqual([
      resourceNodeId('s1', 'a://x/alpha/3000'),
    ]);
  });

  it('abandons a search when the next keystroke asks for another', async () => {
    const { searches, done } = jobs(true);
    const ended = done.next();
    expect(searches.search('alpha', 'w1')).toBeUndefined();
    expect(searches.search('item-4001', 'w1')).toBeUndefined();
    await ended;
    expect(done.count).toBe(1);
    expect(searches.search('item-4001', 'w1')?.ids()).toEqual([
      resourceNodeId('s1', 'a://x/beta/4001'),
    ]);
    // The abandoned one was never finished: asked for again, it starts anew.
    expect(searches.search('alpha', 'w1')).toBeUndefined();
    searches.dispose();
  });

  it("leaves another window's search going on, and drops one cleared", async () => {
    const { searches, done } = jobs(true);
    const ended = done.next();
    expect(searches.search('alpha', 'w1')).toBeUndefined();
    expect(searches.search('item-4001', 'w2')).toBeUndefined();
    expect(searches.search('', 'w1')?.size).toBe(0);
    await ended;
    expect(searches.search('item-4001', 'w2')?.ids()).toEqual([
      resourceNodeId('s1', 'a://x/beta/4001'),
    ]);
    expect(done.count).toBe(1);
    searches.dispose();
  });
});

describe('a search that fails in a slice', () => {
  it('ends, says so, and leaves the next search to answer', async () => {
    const index = createSearchIndex();
    let feeds = 0;
    let clock = 0;
    let ended: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (ended = resolve));
    const searches = createSearchJobs({
      index,
      feed: () => {
        feeds += 1;
        if (feeds === 1) {
          index.add('s1', resources, []);
          return resources.length;
        }
        if (feeds === 2) throw new Error('the index changed under the run');
        return 0;
      },
      done: () => ended(),
      // Until it fails, every look at the clock finds the budget spent.
      now: () => (feeds < 2 ? (clock += 100) : clock),
    });
    expect(searches.search('item-3000', 'w1')).toBeUndefined();
    await done;
    expect(searches.search('item-3000', 'w1')?.ids()).toEqual([
      resourceNodeId('s1', 'a://x/alpha/3000'),
    ]);
  });
});

describe('a search while pages keep coming', () => {
  it('answers its view when it ends, though a page was indexed meanwhile', async () => {
    const index = createSearchIndex();
    index.add('s1', resources, []);
    let page: ResourceEntry[] = [];
    let clock = 0;
    let ended: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (ended = resolve));
    const searches = createSearchJobs({
      index,
      // A page that came since the last look, indexed first.
      feed: () => {
        const arrived = page;
        page = [];
        if (arrived.length > 0) index.add('s1', arrived, []);
        return arrived.length;
      },
      done: () => ended(),
      // Every look at the clock finds the budget spent: a catalog far too big for a frame.
      now: () => (clock += 100),
    });
    expect(searches.search('item-3000', 'w1')).toBeUndefined();
    // The listing goes on while the search does.
    page = [{ serverId: 's1', uri: 'a://x/late/1', name: 'late-1' }];
    await done;
    expect(searches.search('item-3000', 'w1')?.ids()).toEqual([
      resourceNodeId('s1', 'a://x/alpha/3000'),
    ]);
  });
});
