import { resourceKeyString } from '../catalog/resource-key';
import { describe, expect, it } from 'vitest';
import { catalogOf, compareRank, isRequired } from './policy-catalog';
import { byRank, type Scored } from './policy-focus';
import {
  decideContext,
  DEFAULT_POLICY,
  preparePolicy,
  type Candidate,
  type Mark,
  type PolicySettings,
} from './policy';

const c = (uri: string, annotations?: unknown, extra: Partial<Candidate> = {}): Candidate => ({
  serverId: 's1',
  uri,
  annotations,
  ...extra,
});
const marks = (entries: [string, Mark][] = []) =>
  new Map(entries.map(([uri, mark]) => [resourceKeyString({ serverId: 's1', uri }), mark]));
const policy = (overrides: Partial<PolicySettings> = {}): PolicySettings => ({
  ...DEFAULT_POLICY,
  ...overrides,
});
const kinds = (result: ReturnType<typeof decideContext>) =>
  Object.fromEntries(result.decisions.map((d) => [d.uri, d.kind]));

describe('decideContext', () => {
  it('reaches every kind of decision, each with a reason a person can read', () => {
    const result = decideContext(
      [
        c('a://picked', { priority: 0 }, { tokens: 10 }),
        c('a://pinned', undefined, { tokens: 10 }),
        c('a://auto', { priority: 0.8 }, { tokens: 1204 }),
        c('a://excluded', { priority: 1 }, { tokens: 10 }),
        c('a://user-only', { priority: 0.9, audience: ['user'] }, { tokens: 10 }),
        c('a://low', { priority: 0.3 }, { tokens: 10 }),
        c('a://big', { priority: 0.7 }, { tokens: 9000 }),
        c('a://broken', { priority: 0.9 }, { unreadable: 'server gone' }),
      ],
      marks([
        ['a://picked', 'include'],
        ['a://pinned', 'pin'],
        ['a://excluded', 'exclude'],
      ]),
      policy(),
    );
    expect(kinds(result)).toEqual({
      'a://auto': 'auto',
      'a://big': 'over-budget',
      'a://broken': 'unreadable',
      'a://excluded': 'excluded-by-user',
      'a://low': 'below-threshold',
      'a://picked': 'picked',
      'a://pinned': 'pinned',
      'a://user-only': 'excluded-by-audience',
    });
    const reason = (uri: string) => result.decisions.find((d) => d.uri === uri)?.reason;
    expect(reason('a://auto')).toBe(
      'rank 2 of 3: priority 0.8 ≥ 0.5; 1,204 tokens; 1,224 of 8,000 used',
    );
    expect(reason('a://big')).toBe(
      'rank 3 of 3: priority 0.7 ≥ 0.5; but 9,000 tokens would make 10,224 of 8,000',
    );
    expect(reason('a://user-only')).toBe('audience is user, not assistant');
    expect(reason('a://low')).toBe('priority 0.3 < 0.5');
    expect(reason('a://broken')).toBe('could not be read: server gone');
    expect(result.context.map((entry) => entry.uri)).toEqual([
      'a://pinned',
      'a://picked',
      'a://auto',
    ]);
    expect(result.used).toBe(1224);
  });

  it('includes priority 1 even over the budget, and says so', () => {
    const result = decideContext(
      [
        c('a://must', { priority: 1 }, { tokens: 900 }),
        c('a://nice', { priority: 0.9 }, { tokens: 50 }),
      ],
      marks(),
      policy({ budget: 500 }),
    );
    expect(kinds(result)).toEqual({ 'a://must': 'auto', 'a://nice': 'over-budget' });
    expect(result.decisions[0]?.reason).toBe(
      'priority 1 is required; 900 tokens; 900 of 500 used; over the budget by 400',
    );
    expect(result.overBudget).toBe(400);
    expect(result.warnings).toEqual([
      'over the budget by 400 tokens: required, pinned or picked resources do not fit',
    ]);
    // Not required: it competes like any other.
    expect(
      kinds(
        decideContext(
          [c('a://must', { priority: 1 }, { tokens: 900 })],
          marks(),
          policy({ budget: 500, requirePriorityOne: false }),
        ),
      ),
    ).toEqual({ 'a://must': 'over-budget' });
  });

  it('stops taking required resources once they alone fill four budgets', () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      c(`a://req/${i}`, { priority: 1 }, { tokens: 300 }),
    );
    const result = decideContext(many, marks(), policy({ budget: 500 }));
    // 4 × 500 = 2,000 tokens: six of 300 fit, the rest do not.
    expect(result.decisions.filter((d) => d.kind === 'auto')).toHaveLength(6);
    expect(result.decisions.find((d) => d.kind === 'over-budget')?.reason).toBe(
      'priority 1 is required, but 300 tokens would make 2,100, more than 4× the budget of 500',
    );
  });

  it('ranks by priority, then newer first, and skips what does not fit for what does', () => {
    const result = decideContext(
      [
        c('a://old', { priority: 0.8, lastModified: '2026-01-01T00:00:00Z' }, { tokens: 300 }),
        c('a://new', { priority: 0.8, lastModified: '2026-06-01T00:00:00Z' }, { tokens: 300 }),
        c('a://top', { priority: 0.9 }, { tokens: 300 }),
        c('a://small', { priority: 0.6 }, { tokens: 50 }),
      ],
      marks(),
      policy({ budget: 700 }),
    );
    expect(result.context.map((entry) => entry.uri)).toEqual(['a://top', 'a://new', 'a://small']);
    expect(kinds(result)['a://old']).toBe('over-budget');
  });

  it('with a half-life, lets a fresh resource outrank an old one of higher priority', () => {
    const now = Date.parse('2026-11-30T00:00:00Z');
    const candidates = [
      c('a://stale', { priority: 0.9, lastModified: '2025-11-30T00:00:00Z' }, { tokens: 10 }),
      c('a://fresh', { priority: 0.7, lastModified: '2026-11-29T00:00:00Z' }, { tokens: 10 }),
    ];
    expect(decideContext(candidates, marks(), policy()).context.map((e) => e.uri)).toEqual([
      'a://stale',
      'a://fresh',
    ]);
    expect(
      decideContext(candidates, marks(), policy({ halfLifeDays: 30 }), now).context.map(
        (e) => e.uri,
      ),
    ).toEqual(['a://fresh', 'a://stale']);
  });

  it('counts invalid annotations as absent, with a warning on the resource', () => {
    const result = decideContext(
      [
        c('a://p', { priority: 1.7 }, { tokens: 1 }),
        c('a://aud', { priority: 0.9, audience: ['bot'] }, { tokens: 1 }),
        c('a://lm', { priority: 0.9, lastModified: 'last tuesday' }, { tokens: 1 }),
      ],
      marks(),
      policy(),
    );
    // An invalid priority is no priority: unknown, so still in the running.
    expect(kinds(result)).toEqual({ 'a://aud': 'auto', 'a://lm': 'auto', 'a://p': 'auto' });
    const byUri = Object.fromEntries(result.decisions.map((d) => [d.uri, d]));
    expect(byUri['a://p']?.reason).toBe('rank 3 of 3: no priority set; 1 tokens; 3 of 8,000 used');
    expect(byUri['a://p']?.warnings).toEqual([
      'priority number 1.7 is not a number from 0 to 1; treated as absent',
    ]);
    expect(byUri['a://aud']?.warnings[0]).toContain('audience ["bot"]');
    expect(byUri['a://lm']?.warnings[0]).toContain('lastModified "last tuesday"');
  });

  it('estimates from the declared size before a read, and says it is an estimate', () => {
    const result = decideContext(
      [c('a://big', { priority: 0.9 }, { size: 4000 }), c('a://unknown', { priority: 0.9 })],
      marks(),
      policy(),
    );
    const [big, unknown] = result.decisions;
    expect(big).toMatchObject({ tokens: 1000, estimated: true });
    expect(big?.reason).toBe(
      'rank 1 of 2: priority 0.9 ≥ 0.5; about 1,000 tokens (estimated from its declared size, not read yet); 1,000 of 8,000 used',
    );
    expect(unknown?.reason).toContain('tokens not known until it is read');
    const guessed = decideContext(
      [c('a://g', { priority: 0.9 }, { guess: 300 })],
      marks(),
      policy(),
    ).decisions[0];
    expect(guessed).toMatchObject({ tokens: 300, estimated: true });
    expect(guessed?.reason).toBe(
      'rank 1 of 1: priority 0.9 ≥ 0.5; about 300 tokens (a guess: no size declared, not read yet); 300 of 8,000 used',
    );
  });

  it('with auto-include off, takes only what the user picked or pinned', () => {
    const result = decideContext(
      [c('a://one', { priority: 1 }, { tokens: 5 }), c('a://two', undefined, { tokens: 5 })],
      marks([['a://two', 'include']]),
      policy({ auto: false }),
    );
    expect(kinds(result)).toEqual({ 'a://one': 'not-picked', 'a://two': 'picked' });
  });

  it('with the audience filter set to "any", keeps user-only resources in play', () => {
    const result = decideContext(
      [c('a://u', { priority: 0.9, audience: ['user'] }, { tokens: 5 })],
      marks(),
      policy({ audience: 'any' }),
    );
    expect(kinds(result)).toEqual({ 'a://u': 'auto' });
  });

  it('gives the same decisions and order whatever order the catalog arrived in', () => {
    const candidates = Array.from({ length: 200 }, (_, i) =>
      c(
        `a://r/${i}`,
        {
          priority: (i % 11) / 10,
          ...(i % 3 === 0 && { audience: ['user'] }),
          lastModified: new Date(Date.UTC(2026, 0, 1 + (i % 50))).toISOString(),
        },
        { tokens: 37 + (i % 7) * 13 },
      ),
    );
    const userMarks = marks([
      ['a://r/4', 'exclude'],
      ['a://r/7', 'pin'],
      ['a://r/9', 'include'],
    ]);
    const forward = JSON.stringify(decideContext(candidates, userMarks, policy({ budget: 2000 })));
    const shuffled = [...candidates].sort(
      (a, b) =>
        ((a.uri.length * 31 + a.uri.charCodeAt(a.uri.length - 1)) % 17) -
        ((b.uri.length * 31 + b.uri.charCodeAt(b.uri.length - 1)) % 17),
    );
    expect(
      JSON.stringify(decideContext([...candidates].reverse(), userMarks, policy({ budget: 2000 }))),
    ).toBe(forward);
    expect(JSON.stringify(decideContext(shuffled, userMarks, policy({ budget: 2000 })))).toBe(
      forward,
    );
  });

  it('decides one catalog the same under settings it already saw as a fresh copy of it does', () => {
    // The rank is kept per catalog and settings, and the focus matches merged into it: a kept
    // rank must never leak into other settings, and a merge must order as a sort would.
    const candidates = Array.from({ length: 300 }, (_, i) =>
      c(`a://r/${i}`, i % 4 === 0 ? undefined : { priority: (i % 11) / 10 }, {
        tokens: 20 + (i % 9) * 7,
        ...(i % 5 === 0 && { size: 900 }),
      }),
    );
    const relevance = new Map(
      candidates
        .filter((_, i) => i % 7 === 0)
        .map((candidate, i) => [
          resourceKeyString(candidate),
          { score: (i % 4) / 3, words: ['x'], fields: ['title' as const] },
        ]),
    );
    const userMarks = marks([['a://r/14', 'pin']]);
    const variants: Partial<PolicySettings>[] = [
      { budget: 900 },
      { budget: 900, focus: 'x' },
      { budget: 400, threshold: 0.2 },
      { budget: 900, requirePriorityOne: false, focus: 'x' },
      { budget: 900, auto: false },
      { budget: 900, halfLifeDays: 7 },
    ];
    const fresh = variants.map((variant) =>
      JSON.stringify(decideContext([...candidates], userMarks, policy(variant), 0, relevance)),
    );
    for (const round of [0, 1]) {
      variants.forEach((variant, at) =>
        expect(
          JSON.stringify(decideContext(candidates, userMarks, policy(variant), 0, relevance)),
          `round ${round}, ${JSON.stringify(variant)}`,
        ).toBe(fresh[at]),
      );
    }
    // The focus changes the order: the matches merged in are not where the unfocused rank has them.
    expect(fresh[1]).not.toBe(fresh[0]);
  });

  it('ranks a relevance map refined from another (a few entries changed, added or gone) exactly as one sorted afresh', () => {
    const candidates = Array.from({ length: 400 }, (_, i) =>
      c(`a://r/${i}`, i % 4 === 0 ? undefined : { priority: (i % 11) / 10 }, {
        tokens: 20 + (i % 9) * 7,
      }),
    );
    const keyOf = (i: number) => resourceKeyString(candidates[i] as Candidate);
    const match = (score: number) => ({ score, words: ['x'], fields: ['title' as const] });
    const listed = new Map(
      candidates.flatMap((candidate, i) =>
        i % 3 === 0 ? [[resourceKeyString(candidate), match((i % 7) / 7)] as const] : [],
      ),
    );
    const refined = new Map(listed);
    for (const i of [0, 3, 42, 99, 300]) refined.set(keyOf(i), match(0.99));
    for (const i of [1, 2, 200]) refined.set(keyOf(i), match(0.5));
    refined.delete(keyOf(6));
    const keys = [0, 3, 42, 99, 300, 1, 2, 200, 6].map(keyOf);
    const settings = policy({ budget: 600, focus: 'x' });
    const userMarks = marks([['a://r/42', 'pin']]);
    // The listed map's order is made (and kept) first, as a curation does.
    preparePolicy(candidates, userMarks, settings, 0, listed).decide();
    const derived = preparePolicy(candidates, userMarks, settings, 0, refined, {
      from: listed,
      keys,
    });
    const afresh = preparePolicy([...candidates], userMarks, settings, 0, new Map(refined));
    expect([...derived.ranked()]).toEqual([...afresh.ranked()]);
    expect(JSON.stringify(derived.decide())).toBe(JSON.stringify(afresh.decide()));
    expect([...derived.ranked()].indexOf(keyOf(3))).toBeLessThan(5);
    expect([...derived.ranked()]).not.toContain(undefined);
  });

  it('decides a resource listed twice once, by its first listing', () => {
    const result = decideContext(
      [c('a://x', { priority: 0.9 }, { tokens: 5 }), c('a://x', { priority: 0.1 }, { tokens: 5 })],
      marks(),
      policy(),
    );
    expect(result.decisions).toHaveLength(1);
    expect(result.decisions[0]?.kind).toBe('auto');
  });

  it('orders equals by server name, not by the ids a run happens to give servers', () => {
    const both = (ids: [string, string]) =>
      decideContext(
        [
          {
            serverId: ids[0],
            serverName: 'beta',
            uri: 'x://same',
            annotations: { priority: 0.9 },
            tokens: 5,
          },
          {
            serverId: ids[1],
            serverName: 'alpha',
            uri: 'x://same',
            annotations: { priority: 0.9 },
            tokens: 5,
          },
        ],
        new Map(),
        policy(),
      ).context.map((entry) => entry.serverId);
    // Whatever the ids, alpha's resource comes first.
    expect(both(['s1', 's2'])).toEqual(['s2', 's1']);
    expect(both(['s10', 's2'])).toEqual(['s2', 's10']);
  });
});

describe('byRank', () => {
  it('orders scored matches exactly as compareRank does: required, score, newer, catalog order', () => {
    const candidates = Array.from({ length: 60 }, (_, i) =>
      c(`a://r/${i}`, {
        ...(i % 3 === 0 && { priority: 1 }),
        ...(i % 4 !== 0 && { lastModified: `2026-0${1 + (i % 5)}-01T00:00:00Z` }),
      }),
    );
    const catalog = catalogOf(candidates);
    const settings = policy();
    const scored: Scored[] = catalog.facts.map((facts, at) => ({
      at,
      score: [0.1, 0.5, 0.5, 0.9][at % 4] as number,
      required: isRequired(facts, settings) ? 1 : 0,
      time: facts.time,
    }));
    for (const a of scored)
      for (const b of scored)
        expect(Math.sign(byRank(a, b)), `${a.at} vs ${b.at}`).toBe(
          Math.sign(compareRank(catalog, settings, a.at, a.score, b.at, b.score)),
        );
  });
});
