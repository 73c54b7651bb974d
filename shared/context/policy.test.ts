import { resourceKeyString } from '../catalog/resource-key';
import { describe, expect, it } from 'vitest';
import { catalogOf, compareRank, factsAt, isRequired } from './policy-catalog';
import { byRank, type Scored } from './policy-focus';
import {
  decideContext,
  DEFAULT_POLICY,
  NO_TEXT,
  preparePolicy,
  type Candidate,
  type Mark,
  type Observed,
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

  it('takes priority 1 first, up to its share of the budget, and says so', () => {
    const result = decideContext(
      [
        c('a://must', { priority: 1 }, { tokens: 400 }),
        c('a://also', { priority: 1 }, { tokens: 200 }),
        c('a://nice', { priority: 0.9 }, { tokens: 50 }),
      ],
      marks(),
      policy({ budget: 1000 }),
    );
    // Half the budget by default: the smaller goes first (it fits), and 400 more would make 600
    // of the 500 allowed.
    expect(kinds(result)).toEqual({
      'a://also': 'auto',
      'a://must': 'over-budget',
      'a://nice': 'auto',
    });
    expect(result.decisions[1]?.reason).toBe(
      'priority 1 is required, but required resources may take 50% of the budget (500 tokens): 400 tokens would make 600',
    );
    expect(result.usedBy).toEqual({ marked: 0, required: 200, relevant: 0, fill: 50 });
    expect(result.overBudget).toBe(0);
    expect(result.crowding).toEqual([
      's1 marks 2 resources required (600 tokens): 1 went in, up to their share of 50% of the budget (500 tokens). To rank them with the rest, turn off "Priority 1 is required" (--no-required); to give them more, raise the share (--required-share).',
    ]);
    // The whole budget, when the share says so.
    expect(
      kinds(
        decideContext(
          [c('a://must', { priority: 1 }, { tokens: 900 })],
          marks(),
          policy({ budget: 1000, requiredShare: 1 }),
        ),
      ),
    ).toEqual({ 'a://must': 'auto' });
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

  /** 18 required notes of 340 tokens beside one answer the focus "rotate" finds, at 1,000. */
  const flood = (answerTokens: number) => {
    const notes = Array.from({ length: 18 }, (_, i) =>
      c(`n://note-${String(i).padStart(2, '0')}`, { priority: 1 }, { tokens: 340 }),
    );
    const answer = c('kb://rotate', undefined, { tokens: answerTokens });
    const relevance = new Map([
      [
        resourceKeyString(answer),
        { score: 1, words: ['rotate'], fields: ['title' as const], relevant: true },
      ],
    ]);
    return decideContext(
      [...notes, answer],
      marks(),
      policy({ budget: 1000, focus: 'rotate' }),
      0,
      relevance,
    );
  };

  it('never lets required resources mute the focus: the best match keeps its place', () => {
    const result = flood(300);
    expect(kinds(result)['kb://rotate']).toBe('auto');
    // One note fits the share of 500; the focus has the rest.
    expect(Object.values(kinds(result)).filter((kind) => kind === 'auto')).toHaveLength(2);
    expect(result.crowding[0]).toMatch(
      /^s1 marks 18 resources required \(6,120 tokens\): the best focus match \(rank \d+\) went in first, then 1 of them, up to their share of 50% of the budget \(500 tokens\)\./,
    );
  });

  it('takes the best focus match before the required, when their share would leave it no room', () => {
    const result = flood(700);
    expect(kinds(result)['kb://rotate']).toBe('auto');
    expect(result.usedBy).toEqual({ marked: 0, required: 0, relevant: 700, fill: 0 });
    expect(result.crowding[0]).toMatch(
      /^s1 marks 18 resources required \(6,120 tokens\): the best focus match \(rank \d+\) went in first, then 0 of them, /,
    );
    expect(result.decisions.find((d) => d.uri === 'n://note-00')?.reason).toBe(
      "priority 1 is required, but the focus's best match goes in first: 340 tokens would make 1,040 of 1,000",
    );
  });

  it('says why the best focus match stayed out when it is larger than the whole budget', () => {
    const result = flood(1200);
    expect(kinds(result)['kb://rotate']).toBe('over-budget');
    expect(result.crowding[0]).toMatch(
      /; the best focus match is rank \d+, and stayed out: its 1,200 tokens are more than the whole budget\./,
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
          { score: (i % 4) / 3, words: ['x'], fields: ['title' as const], relevant: true },
        ]),
    );
    const userMarks = marks([['a://r/14', 'pin']]);
    const variants: Partial<PolicySettings>[] = [
      { budget: 900 },
      { budget: 900, focus: 'xy' },
      { budget: 400, threshold: 0.2 },
      { budget: 900, requirePriorityOne: false, focus: 'xy' },
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

  it('decides a resource listed twice once, by its first listing', () => {
    const result = decideContext(
      [c('a://x', { priority: 0.9 }, { tokens: 5 }), c('a://x', { priority: 0.1 }, { tokens: 5 })],
      marks(),
      policy(),
    );
    expect(result.decisions).toHaveLength(1);
    expect(result.decisions[0]?.kind).toBe('auto');
  });

  it('without a focus, orders by priority, recency, an overview, then small before large', () => {
    const result = decideContext(
      [
        c('docs://kb/alpha.md', undefined, { size: 4000 }),
        c('docs://kb/zeta.md', undefined, { size: 800 }),
        c('docs://kb/aardvark.md'),
        c('docs://kb/README.md', undefined, { size: 6000 }),
        c('docs://kb/guide/getting-started.md'),
        c('docs://kb/beta.md', { lastModified: '2026-11-01T00:00:00Z' }),
        c('docs://kb/gamma.md', { priority: 0.9 }),
      ],
      marks(),
      policy(),
    );
    const byRankOrder = [...result.decisions]
      .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0))
      .map((decision) => decision.uri);
    expect(byRankOrder).toEqual([
      'docs://kb/gamma.md',
      'docs://kb/beta.md',
      'docs://kb/README.md',
      'docs://kb/guide/getting-started.md',
      'docs://kb/zeta.md',
      'docs://kb/alpha.md',
      'docs://kb/aardvark.md',
    ]);
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

describe('preparePolicy', () => {
  const key = (uri: string) => resourceKeyString({ serverId: 's1', uri });

  it('past a full budget, still says which resources could not be read, and why', () => {
    const prepared = preparePolicy(
      [
        c('a://fills', { priority: 0.9 }, { tokens: 8000 }),
        c('a://broken', { priority: 0.8 }, { unreadable: 'server gone' }),
        c('a://binary', { priority: 0.7 }, { tokens: 10 }),
        c('a://small', { priority: 0.6 }, { tokens: 10 }),
      ],
      new Map(),
      policy(),
    );
    const result = prepared.decide(new Map([[key('a://binary'), { unreadable: NO_TEXT }]]));
    expect(kinds(result)).toEqual({
      'a://fills': 'auto',
      'a://broken': 'unreadable',
      'a://binary': 'no-text',
      'a://small': 'over-budget',
    });
    expect(result.decision(key('a://broken'))?.reason).toBe('could not be read: server gone');
    expect(result.decision(key('a://small'))?.reason).toMatch(/but 10 tokens would make 8,010/);
  });

  it('sees what a run adds to the reads it decides on, wave after wave', () => {
    const prepared = preparePolicy(
      [c('a://one', { priority: 0.9 }, { size: 40_000 }), c('a://two', { priority: 0.8 })],
      new Map(),
      policy(),
    );
    const observed = new Map<string, Observed>();
    expect(prepared.decide(observed).decision(key('a://one'))).toMatchObject({
      kind: 'over-budget',
      estimated: true,
    });
    observed.set(key('a://one'), { tokens: 900 });
    expect(prepared.decide(observed).decision(key('a://one'))).toMatchObject({
      kind: 'auto',
      tokens: 900,
      estimated: false,
    });
    observed.set(key('a://two'), { unreadable: 'gone' });
    expect(kinds(prepared.decide(observed))).toEqual({
      'a://one': 'auto',
      'a://two': 'unreadable',
    });
  });
});

describe('byRank', () => {
  it('orders scored matches exactly as compareRank does: required, score, newer, overview, size', () => {
    const candidates = Array.from({ length: 60 }, (_, i) =>
      c(
        `a://r/${i}/${i % 7 === 0 ? 'README.md' : 'notes.md'}`,
        {
          ...(i % 3 === 0 && { priority: 1 }),
          ...(i % 4 !== 0 && { lastModified: `2026-0${1 + (i % 5)}-01T00:00:00Z` }),
        },
        i % 2 === 0 ? { size: 100 * (i % 5) } : {},
      ),
    );
    const catalog = catalogOf(candidates);
    const settings = policy();
    const scored: Scored[] = Array.from({ length: catalog.size }, (_, at) =>
      factsAt(catalog, at),
    ).map((facts, at) => ({
      at,
      score: [0.1, 0.5, 0.5, 0.9][at % 4] as number,
      required: isRequired(facts, settings) ? 1 : 0,
      time: facts.time,
      overview: facts.overview,
      size: facts.size,
    }));
    for (const a of scored)
      for (const b of scored)
        expect(Math.sign(byRank(a, b)), `${a.at} vs ${b.at}`).toBe(
          Math.sign(compareRank(catalog, settings, a.at, a.score, b.at, b.score)),
        );
  });
});
