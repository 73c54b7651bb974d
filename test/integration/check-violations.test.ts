// mcp-context check against a server that breaks every rule on purpose
// (test/fixtures/violations-server.ts, raw JSON-RPC over stdio; and the hostile fixture for what
// cannot be broken together with the rest, such as an unsubscribe failing after a subscribe that
// worked): one test per rule, each finding its violation and saying where, in words.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport, RuleResult } from '../../shared/check/check-types';
import { checkServer } from '../../electron/host/check/conformance';
import { RULES } from '../../shared/check/rule-catalog';
import { fixture } from './harness';

type Variant = 'legacy' | 'undeclared' | 'modern' | 'hostile-unsubscribe';
const reports = {} as Record<Variant, CheckReport>;

beforeAll(async () => {
  const args: Record<Variant, [string, ...string[]]> = {
    legacy: ['violations-server.ts', '--era', 'legacy'],
    undeclared: ['violations-server.ts', '--era', 'legacy', '--undeclared'],
    modern: ['violations-server.ts', '--era', 'modern'],
    'hostile-unsubscribe': ['hostile-server.ts', '--mode', 'unsubscribe-fails'],
  };
  await Promise.all(
    (Object.keys(args) as Variant[]).map(async (variant) => {
      const outcome = await checkServer(fixture(...args[variant]), 5000);
      if (!('report' in outcome)) throw new Error(JSON.stringify(outcome));
      reports[variant] = outcome.report;
    }),
  );
});

const result = (variant: Variant, rule: string): RuleResult | undefined =>
  reports[variant].results.find((entry) => entry.rule === rule);

describe('every rule finds its violation', () => {
  it.each<[string, Variant, 'fail' | 'warn', RegExp]>([
    [
      'capabilities.resources',
      'undeclared',
      'fail',
      /^resources\/list answers, but the server does not declare resources$/,
    ],
    [
      'capabilities.subscribe',
      'legacy',
      'fail',
      /^subscribe is declared, but resources\/subscribe violations:\/\/docs\/a failed: -32601/,
    ],
    [
      'capabilities.list-changed',
      'legacy',
      'fail',
      /^listChanged is not declared, yet the server sent list_changed once$/,
    ],
    ['pagination.ends', 'modern', 'fail', /^cursor loop: page 3 points back to cursor "A"$/],
    [
      'pagination.empty-cursor',
      'legacy',
      'warn',
      /^page 2 offers "" as its next cursor: before 2026-07-28 clients may take it for the end$/,
    ],
    [
      'pagination.no-duplicates',
      'legacy',
      'fail',
      /^page 2 lists violations:\/\/docs\/a again \(first on page 1\)$/,
    ],
    ['pagination.bogus-cursor', 'legacy', 'warn', /^answered a page for a cursor it never gave/],
    ['fields.required', 'legacy', 'fail', /^page 1, item 2 has no uri string$/],
    ['fields.uri', 'legacy', 'fail', /^page 2, item 6: "not a uri" is not a URI$/],
    [
      'fields.size',
      'legacy',
      'fail',
      /^violations:\/\/docs\/a: size is -1, not a non-negative integer \(and 1 more\)$/,
    ],
    [
      'annotations.valid',
      'legacy',
      'fail',
      /^violations:\/\/docs\/a: audience \["robot"\] is not a list of "user" and "assistant"; treated as absent \(and 2 more\)$/, // the third: a template's priority of 5
    ],
    [
      'annotations.last-modified',
      'legacy',
      'warn',
      /^violations:\/\/docs\/a: lastModified "yesterday" is not an ISO 8601 timestamp; treated as absent$/,
    ],
    ['templates.rfc6570', 'legacy', 'fail', /^violations:\/\/items\/\{id: unclosed "\{"/],
    ['templates.ends', 'modern', 'fail', /^cursor loop: page 2 points back to cursor "T"$/],
    [
      'templates.read',
      'legacy',
      'fail',
      /^violations:\/\/logs\/value-0, item 1 has neither text nor blob$/,
    ],
    [
      'templates.completion',
      'legacy',
      'fail',
      /^completing day of violations:\/\/logs\/\{day\} answered 150 values, where at most 100 are allowed$/,
    ],
    [
      'completion.unknown-template',
      'legacy',
      'warn',
      /^answered a completion for a template nobody lists, where -32602 is asked for$/,
    ],
    ['icons.schemes', 'legacy', 'fail', /^an icon's src is "javascript:alert\(1\)"/],
    ['icons.svg', 'legacy', 'warn', /^an icon is SVG \(data:image\/svg\+xml;base64,PHN2Zy8\+\)/],
    [
      'read.back',
      'legacy',
      'fail',
      /^violations:\/\/both, item 1 has both text and blob \(and 1 more; read 8 of the listed resources\)$/,
    ],
    [
      'read.not-empty',
      'legacy',
      'warn',
      /^violations:\/\/empty reads as an empty contents array \(read 8 of the listed resources\)$/,
    ],
    [
      'read.unknown-resource',
      'legacy',
      'warn',
      /^answered an empty contents array for a URI nobody lists, where an error is asked for$/,
    ],
    [
      'read.unknown-resource-code',
      'modern',
      'fail',
      /^answered -32002, where -32602 is asked for$/,
    ],
    [
      'read.unknown-resource-uri',
      'modern',
      'warn',
      /^the error has no data, where data\.uri "mcp-context-check:\/\/no\/such\/resource" is asked for$/,
    ],
    [
      'security.path-traversal',
      'legacy',
      'fail',
      /^file:\/\/\/srv\/data\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd is outside file:\/\/\/srv\/data\/, and the server answered it with content$/,
    ],
    [
      'subscriptions.unsubscribe',
      'hostile-unsubscribe',
      'fail',
      /^resources\/unsubscribe hostile:\/\/plain\/one failed: -32603: unsubscribing is not implemented$/,
    ],
    [
      'subscriptions.only-subscribed',
      'legacy',
      'warn',
      /^an update came for violations:\/\/docs\/b, which was not subscribed \(only violations:\/\/docs\/a\)$/,
    ],
    [
      'subscriptions.only-subscribed',
      'modern',
      'fail',
      /^an update came for violations:\/\/m\/never-asked, which was not subscribed \(only violations:\/\/m\/one\)$/,
    ],
    [
      'listing.per-connection',
      'modern',
      'fail',
      /^the second connection lists 1 the first did not, and misses 1/,
    ],
    [
      'cache.ttl',
      'modern',
      'fail',
      /^the answer to resources\/list has ttlMs -5( \(and 1 more\))?$/,
    ],
    ['cache.scope', 'modern', 'fail', /^the pages of resources\/list give public and private$/],
    ['result.type', 'modern', 'fail', /^page 3 has resultType "incomplete"$/],
    [
      'listen.acknowledged',
      'modern',
      'fail',
      /^notifications\/resources\/updated came on the stream before its acknowledgement$/,
    ],
    [
      'listen.subscription-id',
      'modern',
      'fail',
      /^notifications\/resources\/list_changed came with no _meta\["io\.modelcontextprotocol\/subscriptionId"\]$/,
    ],
    [
      'wire.schema',
      'modern',
      'fail',
      /^the answer to resources\/list is not a ListResourcesResult: must have required property 'resultType'$/,
    ],
  ])('%s (%s fixture)', (rule, variant, verdict, detail) => {
    const found = result(variant, rule);
    expect(found?.verdict, JSON.stringify(found)).toBe(verdict);
    expect(found?.detail).toMatch(detail);
    expect(found?.spec.section.length).toBeGreaterThan(5);
    // The level decides the verdict: a MUST fails, a SHOULD warns.
    expect(found?.level).toBe(verdict === 'fail' ? 'MUST' : 'SHOULD');
  });

  it('covers every rule the checker has, in both eras', () => {
    const all = new Set(
      Object.values(reports).flatMap((report) => report.results.map((entry) => entry.rule)),
    );
    const failed = new Set(
      Object.values(reports).flatMap((report) =>
        report.results
          .filter((entry) => entry.verdict === 'fail' || entry.verdict === 'warn')
          .map((entry) => entry.rule),
      ),
    );
    expect([...all].filter((rule) => !failed.has(rule))).toEqual([]);
    expect([...all].sort()).toEqual(Object.keys(RULES).sort());
  });
});
