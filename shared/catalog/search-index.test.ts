import { describe, expect, it } from 'vitest';
import type { ResourceEntry, TemplateEntry } from '../mcp-types';
import { resourceNodeId, templateNodeId } from './build-tree';
import { characterMask, createSearchIndex, type SearchIndex } from './search-index';
import type { CatalogNode, SearchMatches } from './tree-types';

const resource = (uri: string, extra: Partial<ResourceEntry> = {}): ResourceEntry => ({
  serverId: 's1',
  uri,
  name: uri.split('/').pop() ?? uri,
  ...extra,
});
const id = (uri: string) => resourceNodeId('s1', uri);

/**
 * The tree nodes of every entry indexed by these tests, by node id: matches are looked up by node.
 */
const nodes = new Map<string, CatalogNode>();

function indexOf(resources: ResourceEntry[], templates: TemplateEntry[] = []): SearchIndex {
  const index = createSearchIndex();
  index.add('s1', resources, templates);
  // A tree node knows its entry's position in the server's list, as build-tree.ts sets it.
  resources.forEach((entry, ordinal) =>
    nodes.set(resourceNodeId(entry.serverId, entry.uri), {
      id: '',
      kind: 'resource',
      serverId: 's1',
      label: '',
      resourceCount: 1,
      resource: entry,
      ordinal,
    }),
  );
  templates.forEach((entry, ordinal) =>
    nodes.set(templateNodeId('s1', entry.uriTemplate), {
      id: '',
      kind: 'template',
      serverId: 's1',
      label: '',
      resourceCount: 0,
      template: entry,
      ordinal,
    }),
  );
  return index;
}

function node(nodeId: string): CatalogNode {
  const found = nodes.get(nodeId);
  if (!found) throw new Error(`no node ${nodeId}`);
  return found;
}

/** Matching ids, best first. */
function ranked(matches: SearchMatches): string[] {
  return matches
    .ids()
    .sort((a, b) => (matches.get(node(b))?.score ?? 0) - (matches.get(node(a))?.score ?? 0));
}

describe('createSearchIndex', () => {
  it('treats an empty or blank query as no filter', () => {
    const index = indexOf([resource('a://x/readme.md')]);
    expect(index.search('').size).toBe(0);
    expect(index.search('   \t').size).toBe(0);
  });

  it('matches title, name, uri and description, case-insensitively, keyed by tree node id', () => {
    const index = indexOf([
      resource('a://x/1', { title: 'Quarterly Report' }),
      resource('a://x/budget.md'),
      resource('a://x/invoices/2', { name: 'two' }),
      resource('a://x/3', { description: 'Mentions ROADMAP here' }),
    ]);
    expect(index.search('REPORT').ids()).toEqual([id('a://x/1')]);
    expect(index.search('budget').ids()).toEqual([id('a://x/budget.md')]);
    expect(index.search('invoices').ids()).toEqual([id('a://x/invoices/2')]);
    expect(index.search('roadmap').ids()).toEqual([id('a://x/3')]);
  });

  it('indexes templates by title, name, uriTemplate and description', () => {
    const index = indexOf(
      [],
      [{ serverId: 's1', uriTemplate: 'db://tables/{table}', name: 'table' }],
    );
    const match = index.search('tables').get(node(templateNodeId('s1', 'db://tables/{table}')));
    expect(match?.ranges).toEqual([{ field: 'uriTemplate', start: 5, end: 11 }]);
  });

  it('requires every word to match, each in any field', () => {
    const index = indexOf([
      resource('a://billing/guide.md', { title: 'Invoices' }),
      resource('a://billing/other.md', { title: 'Refunds' }),
    ]);
    expect(index.search('billing invoices').ids()).toEqual([id('a://billing/guide.md')]);
    expect(index.search('billing nothing').size).toBe(0);
  });

  it('falls back to in-order letters within one field, ranked below whole substrings', () => {
    const index = indexOf([
      resource('a://x/1', { name: 'quarterly-report.md' }),
      resource('a://x/2', { name: 'qreport.md' }),
    ]);
    expect(ranked(index.search('qrep'))).toEqual([id('a://x/2'), id('a://x/1')]);
    // The letters of one word must sit in one field, not straddle two.
    expect(indexOf([resource('a://q/1', { name: 'rep' })]).search('qrep').size).toBe(0);
  });

  it('ranks an exact name over a prefix, a prefix over a word start, a word start over mid-word', () => {
    const index = indexOf([
      resource('a://x/4', { name: 'catalogue' }),
      resource('a://x/3', { name: 'my-log' }),
      resource('a://x/2', { name: 'logbook' }),
      resource('a://x/1', { name: 'log' }),
    ]);
    expect(ranked(index.search('log'))).toEqual([
      id('a://x/1'),
      id('a://x/2'),
      id('a://x/3'),
      id('a://x/4'),
    ]);
  });

  it('ranks a title hit over a uri hit over a description hit', () => {
    const index = indexOf([
      resource('a://x/3', { name: 'c', description: 'about zebra' }),
      resource('a://zebra/2', { name: 'b' }),
      resource('a://x/1', { name: 'a', title: 'Zebra facts' }),
    ]);
    expect(ranked(index.search('zebra'))).toEqual([
      id('a://x/1'),
      id('a://zebra/2'),
      id('a://x/3'),
    ]);
  });

  it('gives merged highlight ranges per field', () => {
    const index = indexOf([resource('a://x/1', { name: 'billing.md', title: 'Billing guide' })]);
    const match = index.search('bill billing gde').get(node(id('a://x/1')));
    expect(match?.ranges).toEqual([
      { field: 'title', start: 0, end: 7 },
      { field: 'title', start: 8, end: 9 },
      { field: 'title', start: 11, end: 13 },
      { field: 'name', start: 0, end: 7 },
    ]);
  });

  it('keeps highlight offsets right for characters whose lowercase is longer', () => {
    const index = indexOf([resource('a://x/1', { title: 'İstanbul notes' })]);
    expect(index.search('notes').get(node(id('a://x/1')))?.ranges).toEqual([
      { field: 'title', start: 9, end: 14 },
    ]);
  });

  it('keeps only the best matches when given a limit', () => {
    const index = indexOf([
      resource('a://x/1', { name: 'xlogx' }),
      resource('a://x/2', { name: 'log' }),
      resource('a://x/3', { name: 'logs' }),
    ]);
    expect(index.search('log', 2).ids().sort()).toEqual([id('a://x/2'), id('a://x/3')]);
  });

  it('gives the same answers when a query is typed, extended, and backspaced', () => {
    const index = indexOf(
      Array.from({ length: 300 }, (_, i) =>
        resource(`a://x/${['red', 'green', 'blue'][i % 3]}/item-${i}`),
      ),
    );
    const fresh = (query: string) =>
      [
        ...indexOf(
          Array.from({ length: 300 }, (_, i) =>
            resource(`a://x/${['red', 'green', 'blue'][i % 3]}/item-${i}`),
          ),
        )
          .search(query)
          .ids(),
      ].sort();
    for (const query of [
      'r',
      're',
      'red',
      'red ',
      'red i',
      'red it',
      'red 1',
      're',
      'g',
      'gr',
      'gre 2',
    ]) {
      expect(index.search(query).ids().sort(), query).toEqual(fresh(query));
    }
  });

  it('finds digits, letters beyond ASCII and punctuation, which the letter masks do not cover', () => {
    const index = indexOf([
      resource('a://x/1', { title: 'Café menu' }),
      resource('a://x/2', { title: 'Report 2026-07' }),
      resource('a://x/3', { title: 'v2.1 notes (draft)' }),
      resource('a://x/4', { title: 'Привет мир' }),
    ]);
    expect(index.search('café').ids()).toEqual([id('a://x/1')]);
    expect(index.search('2026-07').ids()).toEqual([id('a://x/2')]);
    expect(index.search('v2.1 (draft)').ids()).toEqual([id('a://x/3')]);
    expect(index.search('мир').ids()).toEqual([id('a://x/4')]);
    // The digits share four bits: 4 and 0 look alike to the mask, never to the match.
    expect(index.search('2046').size).toBe(0);
    expect(characterMask('ab09')).toBe(characterMask('ba45'));
    expect(characterMask('ab')).not.toBe(characterMask('ac'));
    expect(characterMask('abcdefghijklmnopqrstuvwxyz0123456789')).toBeLessThan(2 ** 30);
  });

  it('narrows across servers: a server without hits for the earlier query gets none for the longer one', () => {
    const index = createSearchIndex();
    index.add(
      's1',
      [resource('a://x/red-1'), resource('a://x/red-2'), resource('a://x/blue-1')],
      [],
    );
    index.add(
      's2',
      [resource('b://y/blue-12', { serverId: 's2' }), resource('b://y/red-12', { serverId: 's2' })],
      [],
    );
    expect(index.search('red').ids().sort()).toEqual(
      [id('a://x/red-1'), id('a://x/red-2'), resourceNodeId('s2', 'b://y/red-12')].sort(),
    );
    expect(index.search('blue').size).toBe(2);
    expect(index.search('red 1').ids().sort()).toEqual(
      [id('a://x/red-1'), resourceNodeId('s2', 'b://y/red-12')].sort(),
    );
    expect(index.search('red 12').ids()).toEqual([resourceNodeId('s2', 'b://y/red-12')]);
    index.add('s1', [resource('a://x/red-12b')], []);
    expect(index.search('red 12').ids().sort()).toEqual(
      [id('a://x/red-12b'), resourceNodeId('s2', 'b://y/red-12')].sort(),
    );
  });

  it("finds the same as a fresh index while a word grows, even a match spread wider than its prefix's", () => {
    const names = [
      'a' + 'x'.repeat(12) + 'bc',
      'a' + 'x'.repeat(9) + 'b' + 'y'.repeat(4) + 'cd',
      'abc',
      'xaxbxcxdx',
      'a-b-c-d-e-f',
    ];
    const resources = names.map((name, i) => resource(`a://x/${i}`, { name }));
    const typing = indexOf(resources);
    for (const query of ['a', 'ab', 'abc', 'abcd', 'abcde', 'abcdef']) {
      expect(typing.search(query).ids().sort(), query).toEqual(
        indexOf(resources).search(query).ids().sort(),
      );
    }
    expect(typing.search('abc').ids()).toContain(id('a://x/0'));
  });

  it('keeps the same URI of two servers apart, and forgets a server on clear', () => {
    const index = createSearchIndex();
    index.add('s1', [resource('a://x/1', { name: 'old' })], []);
    index.add('s2', [resource('a://x/1', { serverId: 's2', name: 'other' })], []);
    expect(index.size).toBe(2);
    expect(index.search('old').ids()).toEqual([id('a://x/1')]);
    index.clear('s1');
    expect(index.search('old').size).toBe(0);
    expect(index.search('other').ids()).toEqual([resourceNodeId('s2', 'a://x/1')]);
    index.clear();
    expect(index.size).toBe(0);
  });

  it('finds a match by the tree node of its slot, even after the server it belongs to is cleared', () => {
    const index = createSearchIndex();
    const first = resource('a://x/1', { name: 'apple' });
    index.add('s1', [resource('a://x/0', { name: 'pear' }), first], []);
    const matches = index.search('apple');
    const appleNode: CatalogNode = {
      id: id('a://x/1'),
      kind: 'resource',
      serverId: 's1',
      label: 'apple',
      resourceCount: 1,
      resource: first,
      ordinal: 1,
    };
    expect(matches.has(appleNode)).toBe(true);
    expect(matches.has({ ...appleNode, ordinal: 0 })).toBe(false);
    index.clear('s1');
    // A view made before the clear still reads its own matches.
    expect(matches.get(appleNode)?.ranges).toEqual([{ field: 'name', start: 0, end: 5 }]);
  });
});

describe('a search in steps', () => {
  const many = Array.from({ length: 5000 }, (_, i) =>
    resource(`a://x/${i % 7 === 0 ? 'billing' : 'misc'}/${i}`, { title: `Item ${i}` }),
  );

  it('finds what a search at once finds, however often it stops', () => {
    const index = indexOf(many);
    const run = index.begin('billing 1');
    let steps = 0;
    while (!run?.step(() => true)) steps += 1;
    expect(steps).toBeGreaterThan(1);
    expect(run.matches().ids()).toEqual(indexOf(many).search('billing 1').ids());
  });

  it('narrows a run left unfinished: what it found so far, and every entry it had not tried', () => {
    const index = indexOf(many);
    const first = index.begin('billing');
    let stops = 0;
    first?.step(() => (stops += 1) >= 2);
    expect(first?.done).toBe(false);
    const next = index.begin('billing 14', first);
    next?.step();
    expect(next?.matches().ids()).toEqual(indexOf(many).search('billing 14').ids());
  });

  it('is stale once the index changed, and is then not remembered for narrowing', () => {
    const index = indexOf(many.slice(0, 10));
    const run = index.begin('billing');
    index.add('s1', [resource('a://x/billing/late')], []);
    expect(run?.version).not.toBe(index.version);
    run?.step();
    if (run) index.remember(run);
    expect(index.search('billing/late').ids()).toEqual([id('a://x/billing/late')]);
  });
});

describe('createSearchIndex at scale', () => {
  const areas = [
    'billing',
    'search',
    'auth',
    'storage',
    'notifications',
    'analytics',
    'payments',
    'reports',
  ];
  const kinds = ['guides', 'reference', 'runbooks', 'decisions', 'incidents'];
  const words = [
    'alpha',
    'bravo',
    'charlie',
    'delta',
    'echo',
    'foxtrot',
    'golf',
    'hotel',
    'india',
    'juliet',
    'kilo',
    'lima',
    'mike',
    'november',
    'oscar',
    'papa',
  ];
  /** The shape of test/fixtures/synthetic-server.ts's resources. */
  const synthetic = (i: number): ResourceEntry => {
    const area = areas[i % areas.length] ?? '';
    const kind = kinds[Math.floor(i / areas.length) % kinds.length] ?? '';
    const word = words[i % words.length] ?? '';
    const group = String(Math.floor(i / 40) % 50).padStart(2, '0');
    return resource(`synth://corp/${area}/${kind}/group-${group}/${word}-${i}.md`, {
      name: `${word}-${i}.md`,
      title: `${word[0]?.toUpperCase()}${word.slice(1)} ${area} ${kind.replace(/s$/, '')} ${i}`,
      description: `About ${area} ${kind}: item ${i}, tagged ${word}.`,
    });
  };

  it('searches 100,000 resources per keystroke', () => {
    const index = indexOf(Array.from({ length: 100_000 }, (_, i) => synthetic(i)));
    index.search('warm up');
    const time = (query: string) => {
      const started = performance.now();
      const matches = index.search(query);
      console.log(
        `search "${query}" over 100,000: ${(performance.now() - started).toFixed(1)} ms, ${matches.size} matches`,
      );
      return matches;
    };
    index.clear('nobody'); // forget the warm-up query, so the next one is a first keystroke
    expect(time('b').size).toBeGreaterThan(50_000);
    expect(time('bi').size).toBeGreaterThan(0);
    const narrowed = time('bil');
    expect(time('bill').size).toBeLessThanOrEqual(narrowed.size);
    expect(time('billing gui 12').size).toBeGreaterThan(0);
    expect(time('zqxj').size).toBe(0);
  });
});
