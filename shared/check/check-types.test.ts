import { describe, expect, it } from 'vitest';
import { bySeverity, type RuleResult, type Verdict } from './check-types';

const result = (rule: string, verdict: Verdict): RuleResult => ({
  rule,
  title: rule,
  verdict,
  level: 'MUST',
  detail: '',
  spec: { revision: '2026-07-28', section: 's' },
});

describe('a report', () => {
  it('lists failures first, then warnings, passes and what did not apply, each in judged order', () => {
    const judged = [
      result('a', 'pass'),
      result('b', 'n/a'),
      result('c', 'warn'),
      result('d', 'fail'),
      result('e', 'pass'),
      result('f', 'fail'),
      result('g', 'warn'),
    ];
    expect(bySeverity(judged).map((entry) => `${entry.verdict} ${entry.rule}`)).toEqual([
      'fail d',
      'fail f',
      'warn c',
      'warn g',
      'pass a',
      'pass e',
      'n/a b',
    ]);
    // The judged list itself is left as it was.
    expect(judged[0]?.rule).toBe('a');
  });
});
