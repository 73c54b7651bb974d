import { describe, expect, it } from 'vitest';
import { judge } from './judge';
import { RULES, type Basis, type RuleId } from './rule-catalog';

const bases = Object.entries(RULES).flatMap(([rule, definition]) =>
  [definition.basis, (definition as { legacy?: Basis }).legacy]
    .filter((basis): basis is Basis => basis !== undefined)
    .map((basis) => [rule, basis] as const),
);

describe('the rule catalog', () => {
  it.each(bases)(
    '%s: its level is the word the spec says it with, or it says why it goes beyond',
    (_rule, basis) => {
      const word = basis.level === 'MUST' ? /\bMUST\b|\bMust\b/ : /\bSHOULD\b|\b[Ss]hould\b/;
      expect(word.test(basis.says) || (basis.beyond ?? '').length > 20).toBe(true);
    },
  );

  it('fails a broken MUST, warns of a broken SHOULD, and only warns where it may not apply', () => {
    const must = judge('read.unknown-resource-code', 'modern');
    const should = judge('read.unknown-resource-code', 'legacy');
    expect(must.broken('x')).toMatchObject({ verdict: 'fail', level: 'MUST' });
    expect(should.broken('x')).toMatchObject({
      verdict: 'warn',
      level: 'SHOULD',
      spec: { revision: '2025-11-25' },
    });
    expect(must.doubtful('x').verdict).toBe('warn');
    expect(Object.keys(RULES).every((rule) => judge(rule as RuleId).pass('ok').level)).toBe(true);
  });
});
