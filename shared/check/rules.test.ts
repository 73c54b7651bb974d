import { describe, expect, it } from 'vitest';
import { fieldRules, paginationRules, type RawWalk } from './list-rules';
import { cacheRules } from './cache-rules';
import { iconRules, stabilityRule } from './more-rules';
import { completionRule, templateRules, unknownTemplateRule } from './template-rules';

const page = (resources: unknown[], extra: Record<string, unknown> = {}, cursor?: string) => ({
  cursor,
  result: { resources, ...extra },
});
const walk = (...pages: ReturnType<typeof page>[]): RawWalk => ({ pages });
const verdict = (results: { rule: string; verdict: string; detail: string }[], rule: string) =>
  results.find((result) => result.rule === rule);

describe('the check rules judged from raw pages', () => {
  it('fails a size that is not a non-negative integer, and passes one that is', () => {
    const bad = fieldRules(
      walk(
        page([
          { uri: 'a://1', name: 'one', size: -5 },
          { uri: 'a://2', name: 'two', size: 1.5 },
        ]),
      ),
    );
    expect(verdict(bad, 'fields.size')).toMatchObject({
      verdict: 'fail',
      detail: 'a://1: size is -5, not a non-negative integer (and 1 more)',
    });
    expect(
      verdict(fieldRules(walk(page([{ uri: 'a://1', name: 'one', size: 0 }]))), 'fields.size')
        ?.verdict,
    ).toBe('pass');
  });

  it('warns of "" as a next cursor before 2026-07-28, and passes it since', () => {
    const pages = walk(
      page([{ uri: 'a://1', name: 'one' }], { nextCursor: '' }),
      page([{ uri: 'a://2', name: 'two' }], {}, ''),
    );
    expect(verdict(paginationRules(pages, 'modern'), 'pagination.empty-cursor')?.verdict).toBe(
      'pass',
    );
    const legacy = walk(page([{ uri: 'a://1', name: 'one' }], { nextCursor: '' }));
    expect(verdict(paginationRules(legacy, 'legacy'), 'pagination.empty-cursor')).toMatchObject({
      verdict: 'warn',
      detail:
        'page 1 offers "" as its next cursor: before 2026-07-28 clients may take it for the end',
    });
  });

  it('judges the 2026-07-28 cache fields: a negative ttlMs, two cache scopes, another resultType', () => {
    const pages = walk(
      page([], { ttlMs: -1, cacheScope: 'public', resultType: 'partial' }),
      page([], { cacheScope: 'private' }, 'c2'),
    );
    const cacheable = pages.pages.map((entry) => ({
      method: 'resources/list',
      result: entry.result as Record<string, unknown>,
    }));
    expect(
      cacheRules(cacheable, [pages], 'modern').map((result) => [
        result.rule,
        result.verdict,
        result.detail,
      ]),
    ).toEqual([
      ['cache.ttl', 'fail', 'the answer to resources/list has no ttlMs'],
      ['cache.scope', 'fail', 'the pages of resources/list give public and private'],
      ['result.type', 'fail', 'page 1 has resultType "partial"'],
    ]);
    const good = walk(page([], { ttlMs: 1000, cacheScope: 'private' }));
    const read = { method: 'resources/read', result: { contents: [], ttlMs: 0 } };
    const withRead = cacheRules(
      [
        { method: 'resources/list', result: good.pages[0]?.result as Record<string, unknown> },
        read,
      ],
      [good],
      'modern',
    );
    // A read without its cacheScope: the hints are a MUST on reads too.
    expect(withRead.map((result) => result.verdict)).toEqual(['pass', 'fail', 'pass']);
    expect(withRead[1]?.detail).toBe('the answer to resources/read has no cacheScope');
    expect(
      cacheRules([], [walk(page([]))], 'legacy').every((result) => result.verdict === 'n/a'),
    ).toBe(true);
    // Nothing cacheable answered in 2026-07-28: not "0 results, each with…", but nothing judged.
    expect(cacheRules([], [], 'modern').map((result) => [result.rule, result.verdict])).toEqual([
      ['cache.ttl', 'n/a'],
      ['cache.scope', 'n/a'],
      ['result.type', 'pass'],
    ]);
  });

  it('judges a completion by the schema: 100 string values at most, total an integer, hasMore a boolean', () => {
    const answer = (completion: unknown) => [
      { template: 'a://{x}', variable: 'x', result: { completion } },
    ];
    const many = Array.from({ length: 101 }, (_, i) => `v${i}`);
    expect(completionRule(answer({ values: many }), true)).toMatchObject({
      verdict: 'fail',
      detail: 'completing x of a://{x} answered 101 values, where at most 100 are allowed',
    });
    expect(completionRule(answer({ values: ['a'], total: 1.5 }), true).detail).toBe(
      'completing x of a://{x} answered total 1.5, not an integer',
    );
    expect(completionRule(answer({ values: ['a'], hasMore: 'yes' }), true).detail).toBe(
      'completing x of a://{x} answered hasMore "yes", not a boolean',
    );
    expect(completionRule(answer({ values: [1] }), true).detail).toBe(
      'completing x of a://{x} answered value 1 is 1, not a string',
    );
    expect(completionRule(answer({ values: ['a'], total: 300, hasMore: true }), true).verdict).toBe(
      'pass',
    );
    // An error answers no values: nothing to judge.
    expect(
      completionRule(
        [{ template: 'a://{x}', variable: 'x', error: '-32602: no such variable' }],
        true,
      ).verdict,
    ).toBe('n/a');
    expect(completionRule([], false).verdict).toBe('n/a');
  });

  it('warns of values offered for a template nobody lists (a SHOULD), and passes -32602', () => {
    expect(unknownTemplateRule({ result: { completion: { values: ['x'] } } }, true)).toMatchObject({
      verdict: 'warn',
      level: 'SHOULD',
    });
    expect(unknownTemplateRule({ error: { code: -32603, message: 'boom' } }, true).detail).toBe(
      'answered -32603, where -32602 is asked for',
    );
    expect(unknownTemplateRule({ error: { code: -32602, message: 'no' } }, true).verdict).toBe(
      'pass',
    );
    expect(unknownTemplateRule(undefined, false).verdict).toBe('n/a');
  });

  it('fails a template that is not RFC 6570, and an icon on another scheme', () => {
    expect(
      templateRules(
        walk({
          cursor: undefined,
          result: { resourceTemplates: [{ uriTemplate: 'a://{unclosed', name: 't' }] },
        } as never),
      ).map((result) => [result.rule, result.verdict]),
    ).toEqual([
      ['templates.ends', 'pass'],
      ['templates.rfc6570', 'fail'],
    ]);
    const [schemes, svg] = iconRules([
      walk(
        page([
          { uri: 'a://1', name: 'one', icons: [{ src: 'javascript:alert(1)' }] },
          { uri: 'a://2', name: 'two', icons: [{ src: 'https://x.test/i.svg' }] },
          { uri: 'a://3', name: 'three', icons: [{ src: 'http://x.test/i.png' }] },
        ]),
      ),
    ]);
    expect(schemes).toMatchObject({
      verdict: 'fail',
      detail: `an icon's src is "javascript:alert(1)": only http:, https: and data: are allowed`,
    });
    // The spec's src "may be an HTTP/HTTPS URL": an http: icon alone passes.
    expect(
      iconRules([
        walk(page([{ uri: 'a://3', name: 'three', icons: [{ src: 'http://x.test/i.png' }] }])),
      ])[0],
    ).toMatchObject({ verdict: 'pass', detail: '1 icon, each http:, https: or data:' });
    // SVG is allowed: warned of, never failed.
    expect(svg).toMatchObject({ rule: 'icons.svg', verdict: 'warn', level: 'SHOULD' });
  });

  it('tells a set that varies per connection from one that changed over time', () => {
    const first = (uris: string[]) => ({ on: 'first' as const, uris });
    const second = (uris: string[]) => ({ on: 'second' as const, uris });
    // The first connection, listing again, still lists what it did: the second's differs.
    expect(
      stabilityRule([
        first(['a://1', 'a://2']),
        second(['a://1', 'a://3']),
        first(['a://1', 'a://2']),
      ]),
    ).toMatchObject({
      verdict: 'fail',
      detail:
        'the second connection lists 1 the first did not, and misses 1, while the first, listing again, still lists what it did: the set varies per connection (it may vary only by authorization)',
    });
    // The first, listing again, lists what the second did: it changed, for everyone.
    expect(
      stabilityRule([first(['a://1']), second(['a://1', 'a://2']), first(['a://1', 'a://2'])])
        .verdict,
    ).toBe('pass');
    expect(stabilityRule([first(['a://1']), second(['a://1'])]).verdict).toBe('pass');
    // A file server's 100,000: compared in one pass (by includes(), this took minutes).
    const files = Array.from({ length: 100_000 }, (_, i) => `file:///srv/${i}.md`);
    expect(stabilityRule([first(files), second([...files].reverse())])).toMatchObject({
      verdict: 'pass',
      detail: 'both list the same 100,000 resources',
    });
    // Changing under every listing: nothing can be concluded.
    expect(
      stabilityRule([first(['a://1']), second(['a://2']), first(['a://3']), second(['a://4'])])
        .verdict,
    ).toBe('n/a');
    expect(stabilityRule([first(['a://1'])]).verdict).toBe('n/a');
  });

  it('warns of a lastModified that is not ISO 8601 (a SHOULD), and fails a priority out of range (a MUST)', () => {
    const results = fieldRules(
      walk(
        page([
          { uri: 'a://1', name: 'one', annotations: { lastModified: 'last tuesday' } },
          { uri: 'a://2', name: 'two', annotations: { lastModified: '2026-01-12T15:00:58Z' } },
        ]),
      ),
    );
    expect(verdict(results, 'annotations.last-modified')).toMatchObject({
      verdict: 'warn',
      level: 'SHOULD',
      detail: 'a://1: lastModified "last tuesday" is not an ISO 8601 timestamp; treated as absent',
    });
    expect(verdict(results, 'annotations.valid')?.verdict).toBe('pass');
    const ranged = fieldRules(
      walk(page([{ uri: 'a://1', name: 'one', annotations: { priority: 2 } }])),
    );
    expect(verdict(ranged, 'annotations.valid')).toMatchObject({ verdict: 'fail', level: 'MUST' });
    expect(verdict(ranged, 'annotations.last-modified')?.verdict).toBe('n/a');
  });

  it('reports a loop in the template list, and judges the annotations of templates', () => {
    const loop = {
      pages: [{ cursor: undefined, result: { resourceTemplates: [], nextCursor: 'A' } }],
      stopped: 'cursor loop: page 2 points back to cursor "A"',
    };
    expect(templateRules(loop)[0]).toMatchObject({
      rule: 'templates.ends',
      verdict: 'fail',
      detail: 'cursor loop: page 2 points back to cursor "A"',
    });
    const templates = walk({
      cursor: undefined,
      result: {
        resourceTemplates: [
          { uriTemplate: 'a://{x}', name: 'x', annotations: { audience: ['robot'] } },
        ],
      },
    } as never);
    expect(verdict(fieldRules(walk(page([])), templates), 'annotations.valid')).toMatchObject({
      verdict: 'fail',
      detail:
        'template a://{x}: audience ["robot"] is not a list of "user" and "assistant"; treated as absent',
    });
  });
});
