// The rank on catalogs as real servers send them: few annotations or none, a focus, sizes.
import { resourceKeyString } from '../catalog/resource-key';
import { describe, expect, it } from 'vitest';
import { createFocusIndex } from './focus';
import { decideContext, DEFAULT_POLICY, type Candidate, type PolicySettings } from './policy';

const c = (uri: string, annotations?: unknown, extra: Partial<Candidate> = {}): Candidate => ({
  serverId: 's1',
  uri,
  annotations,
  ...extra,
});
const policy = (overrides: Partial<PolicySettings> = {}): PolicySettings => ({
  ...DEFAULT_POLICY,
  ...overrides,
});
const included = (result: ReturnType<typeof decideContext>) =>
  result.context.map((entry) => entry.uri);

describe('auto-include without annotations', () => {
  it('takes resources that state no priority: unknown is not 0, even at threshold 0', () => {
    const bare = [c('kb://a', undefined, { tokens: 100 }), c('kb://b', undefined, { tokens: 100 })];
    expect(included(decideContext(bare, new Map(), policy()))).toEqual(['kb://a', 'kb://b']);
    expect(included(decideContext(bare, new Map(), policy({ threshold: 0 })))).toEqual([
      'kb://a',
      'kb://b',
    ]);
    const [first] = decideContext(bare, new Map(), policy()).decisions;
    expect(first?.reason).toBe('rank 1 of 2: no priority set; 100 tokens; 100 of 8,000 used');
  });

  it('still honours what a server states: a low priority stays out, 1 is required, user-only is left out', () => {
    const result = decideContext(
      [
        c('kb://low', { priority: 0.2 }, { tokens: 10 }),
        c('kb://must', { priority: 1 }, { tokens: 10 }),
        c('kb://mine', { audience: ['user'] }, { tokens: 10 }),
        c('kb://bare', undefined, { tokens: 10 }),
      ],
      new Map(),
      policy(),
    );
    expect(Object.fromEntries(result.decisions.map((d) => [d.uri, d.kind]))).toEqual({
      'kb://bare': 'auto',
      'kb://low': 'below-threshold',
      'kb://mine': 'excluded-by-audience',
      'kb://must': 'auto',
    });
    expect(included(result)).toEqual(['kb://must', 'kb://bare']);
  });

  it('ranks a stated high priority above an unknown one, and an unknown one above a stated middling one', () => {
    const result = decideContext(
      [
        c('kb://mid', { priority: 0.5 }, { tokens: 10 }),
        c('kb://bare', undefined, { tokens: 10, size: 10 }),
        c('kb://high', { priority: 0.9 }, { tokens: 10 }),
      ],
      new Map(),
      policy(),
    );
    expect(included(result)[0]).toBe('kb://high');
    // Equal scores (0.5 stated, 0.5 unknown) fall back to the URI order.
    expect(included(result).slice(1)).toEqual(['kb://bare', 'kb://mid']);
  });

  it('brings what matches the focus to the top, and the reason names the words and fields', () => {
    const candidates = [
      c('kb://guides/onboarding.md', undefined, { tokens: 100 }),
      c('kb://runbooks/rotate-database-credentials.md', undefined, { tokens: 148 }),
      c('kb://notes/glossary.md', undefined, { tokens: 100 }),
    ];
    const index = createFocusIndex([
      {
        key: resourceKeyString({ serverId: 's1', uri: 'kb://guides/onboarding.md' }),
        uri: 'kb://guides/onboarding.md',
        name: 'onboarding.md',
        title: 'Your first week',
      },
      {
        key: resourceKeyString({
          serverId: 's1',
          uri: 'kb://runbooks/rotate-database-credentials.md',
        }),
        uri: 'kb://runbooks/rotate-database-credentials.md',
        name: 'rotate-database-credentials.md',
        title: 'Database credentials',
      },
      {
        key: resourceKeyString({ serverId: 's1', uri: 'kb://notes/glossary.md' }),
        uri: 'kb://notes/glossary.md',
        name: 'glossary.md',
        title: 'Glossary',
      },
    ]);
    const settings = policy({ focus: 'rotate the database credentials', budget: 800 });
    const result = decideContext(
      candidates,
      new Map(),
      settings,
      0,
      index.rank(settings.focus ?? ''),
    );
    expect(included(result)[0]).toBe('kb://runbooks/rotate-database-credentials.md');
    const top = result.decisions.find(
      (d) => d.uri === 'kb://runbooks/rotate-database-credentials.md',
    );
    expect(top?.reason).toBe(
      'rank 1 of 3: focus matched "rotate database credentials" in the title, the name and the URI; no priority set; 148 tokens; 148 of 800 used',
    );
    // What the focus does not match stays out, and says why.
    const glossary = result.decisions.find((d) => d.uri === 'kb://notes/glossary.md');
    expect(glossary?.kind).toBe('not-relevant');
    expect(glossary?.reason).toBe(
      'not relevant to the focus: none of its words matched; rank 3 of 3: focus did not match; no priority set',
    );
  });

  it('prefers what fits over one resource that would push everything else out', () => {
    // Two unknowns: the one whose declared size is 3 budgets ranks below the small one.
    const result = decideContext(
      [
        c('kb://a-huge', undefined, { size: 4 * 3 * 1000 }),
        c('kb://b-small', undefined, { size: 400 }),
      ],
      new Map(),
      policy({ budget: 1000 }),
    );
    expect(result.decisions.map((d) => [d.uri, d.kind])).toEqual([
      ['kb://a-huge', 'over-budget'],
      ['kb://b-small', 'auto'],
    ]);
    expect(result.decisions[0]?.reason).toContain('large for the budget, ranked lower');
  });

  it('ranks binary content last, since the text context leaves it out', () => {
    const result = decideContext(
      [
        c('kb://a.png', undefined, { mimeType: 'image/png', tokens: 10 }),
        c('kb://b.md', undefined, { mimeType: 'text/markdown', tokens: 10 }),
      ],
      new Map(),
      policy(),
    );
    expect(included(result)).toEqual(['kb://b.md', 'kb://a.png']);
    expect(result.decisions[0]?.reason).toContain('image/png is binary, ranked low');
  });

  it('is deterministic: the same inputs give the same decisions, byte for byte', () => {
    const candidates = Array.from({ length: 50 }, (_, i) =>
      c(`kb://doc/${(i * 37) % 50}`, i % 3 === 0 ? { priority: (i % 10) / 10 } : undefined, {
        size: 100 + i * 10,
      }),
    );
    const once = JSON.stringify(
      decideContext(candidates, new Map(), policy({ budget: 500, focus: 'doc' })),
    );
    const reversed = JSON.stringify(
      decideContext([...candidates].reverse(), new Map(), policy({ budget: 500, focus: 'doc' })),
    );
    expect(reversed).toBe(once);
  });
});
