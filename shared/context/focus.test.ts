import { describe, expect, it } from 'vitest';
import {
  createFocusIndex,
  focusWords,
  indexContents,
  indexForFocus,
  type FocusDocument,
  type FocusMatch,
} from './focus';

const doc = (key: string, fields: Partial<FocusDocument> = {}): FocusDocument => ({
  key,
  uri: `kb://team/${key}`,
  name: key,
  ...fields,
});
/** The keys, best first (a ranking is a map by key, in no particular order). */
const order = (ranked: ReadonlyMap<string, FocusMatch>) =>
  [...ranked].sort(([a, x], [b, y]) => y.score - x.score || (a < b ? -1 : 1)).map(([key]) => key);

describe('focus ranking', () => {
  const index = createFocusIndex([
    doc('rotate-db-credentials.md', { title: 'Rotating the database credentials' }),
    doc('secrets.md', {
      title: 'How we manage secrets',
      description: 'Where each credential lives',
    }),
    doc('restart-api.md', { title: 'Restarting the API' }),
    doc('getUserById', { uri: 'api://users/getUserById', description: 'Fetch one user' }),
    doc('glossary.md', { title: 'Glossary', description: 'The words we use' }),
  ]);

  it('puts the document whose title says it first, and matches word forms ("credentials" finds "credential")', () => {
    const ranked = index.rank('rotate the database credentials');
    expect(order(ranked)).toEqual(['rotate-db-credentials.md', 'secrets.md']);
    expect(ranked.get('rotate-db-credentials.md')).toEqual({
      score: 1,
      words: ['rotate', 'database', 'credentials'],
      fields: ['title', 'name', 'uri'],
      relevant: true,
    });
    expect(ranked.get('secrets.md')).toMatchObject({
      words: ['credentials'],
      fields: ['description'],
    });
    expect(ranked.get('secrets.md')?.score).toBeLessThan(1);
  });

  it('reads identifiers and URI paths as words', () => {
    expect(focusWords('api://users/getUserById_v2')).toEqual([
      'api',
      'users',
      'get',
      'user',
      'by',
      'id',
      'v2',
    ]);
    expect(order(index.rank('look up a user'))).toEqual(['getUserById']);
  });

  it('ignores words that tell nothing apart, and a focus of only those matches nothing', () => {
    expect(index.rank('what is the').size).toBe(0);
    expect(index.rank('   ').size).toBe(0);
    // "the" is in two titles and must not lift them; a URI's scheme ("api:") is not a word of it.
    expect(order(index.rank('the api'))).toEqual(['restart-api.md']);
  });

  it('tolerates one typo in a long word, and takes a prefix of four letters', () => {
    expect(order(index.rank('glosary'))).toEqual(['glossary.md']);
    expect(order(index.rank('restar'))).toContain('restart-api.md');
  });

  it('keeps matching a word while it is typed past its stem ("billi" on the way to "billing")', () => {
    const billing = createFocusIndex([
      doc('invoices.md', { title: 'Billing and invoices' }),
      doc('search.md', { title: 'Search tuning' }),
    ]);
    for (const typed of ['bill', 'billi', 'billin', 'billing'])
      expect(order(billing.rank(typed)), typed).toEqual(['invoices.md']);
  });

  it('ranks the same built in slices, between other work, as built at once', async () => {
    const documents = Array.from({ length: 5000 }, (_, i) =>
      doc(`n${String(i).padStart(5, '0')}`, {
        title: `${['billing', 'search', 'auth'][i % 3]} runbook ${i}`,
        description: i % 7 === 0 ? 'rotate credentials' : 'notes',
      }),
    );
    let pauses = 0;
    const sliced = await indexForFocus(documents, async () => void (pauses += 1));
    expect(pauses).toBeGreaterThan(1);
    const whole = createFocusIndex(documents);
    for (const focus of ['billing runbook', 'rotate credentials 42', 'auth'])
      expect([...sliced.rank(focus)]).toEqual([...whole.rank(focus)]);
  });

  it('ranks a focus the same whatever was ranked on the index before it', async () => {
    const documents = Array.from({ length: 300 }, (_, i) =>
      doc(`n${String(i).padStart(3, '0')}`, {
        title: `${['billing', 'search', 'auth'][i % 3]} runbook ${i}`,
        description: i % 5 === 0 ? 'rotate credentials weekly' : 'notes on search',
      }),
    );
    const contents = await indexContents(
      documents
        .filter((_, i) => i % 4 === 0)
        .map((entry) => ({ key: entry.key, text: `The ${entry.title} says how to rotate.` })),
    );
    const used = createFocusIndex(documents);
    for (const focus of ['billing', 'search notes', 'rotate credentials', 'auth runbook 7'])
      used.rank(focus, focus.includes('rotate') ? contents : undefined);
    const fresh = createFocusIndex(documents);
    for (const focus of ['search runbook', 'rotate weekly', 'auth']) {
      expect([...used.rank(focus, contents)]).toEqual([...fresh.rank(focus, contents)]);
      expect([...used.rank(focus)]).toEqual([...fresh.rank(focus)]);
    }
  });

  it('answers as a map: by key, with the matches it iterates', () => {
    const ranked = index.rank('rotate credentials');
    expect(ranked.size).toBe(2);
    expect([...ranked.keys()].sort()).toEqual(['rotate-db-credentials.md', 'secrets.md']);
    for (const [key, match] of ranked) {
      expect(ranked.has(key)).toBe(true);
      expect(ranked.get(key)).toEqual(match);
    }
    expect([...ranked.values()]).toEqual([...ranked].map(([, match]) => match));
    expect(ranked.has('glossary.md')).toBe(false);
    expect(ranked.get('glossary.md')).toBeUndefined();
    expect(ranked.get('not-in-the-index')).toBeUndefined();
  });

  it('ranks text in other scripts as words, without stemming them', () => {
    const other = createFocusIndex([
      doc('a', { title: 'Schlüsselrotation für Datenbanken' }),
      doc('b', { title: 'ключи базы данных' }),
    ]);
    expect(order(other.rank('ключи'))).toEqual(['b']);
    expect(order(other.rank('schlüsselrotation'))).toEqual(['a']);
  });

  it('keeps the first listing of a key, as the policy does', () => {
    const twice = createFocusIndex([doc('a', { title: 'billing' }), doc('a', { title: 'search' })]);
    expect(twice.size).toBe(1);
    expect(twice.rank('search').size).toBe(0);
  });

  it("ranks a content where the focus's words stand together above one where they are apart", async () => {
    const filler = 'The service sends requests to the billing API and reads the answer.';
    const documents = [doc('apart.md'), doc('together.md'), doc('neither.md')];
    const contents = await indexContents([
      {
        key: 'apart.md',
        text: `Backoff grows each time. ${filler} The delay is exponential in the attempts.`,
      },
      {
        key: 'together.md',
        text: `Use exponential backoff for retries. ${filler} The delay grows each time.`,
      },
      { key: 'neither.md', text: filler },
    ]);
    const ranked = createFocusIndex(documents).rank('add exponential backoff', contents);
    expect(order(ranked)).toEqual(['together.md', 'apart.md']);
    expect(ranked.get('apart.md')?.words).toEqual(['exponential', 'backoff']);
  });
});
