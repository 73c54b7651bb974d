import { describe, expect, it } from 'vitest';
import { decisionTitle } from './decision-badge';

describe('a row’s decision tooltip', () => {
  it('says the decision in words and its tokens, and when the tokens are only an estimate', () => {
    expect(decisionTitle({ kind: 'auto', included: true, tokens: 148, estimated: false })).toBe(
      'auto-included: 148 tokens',
    );
    expect(
      decisionTitle({ kind: 'over-budget', included: false, tokens: 12_400, estimated: true }),
    ).toBe('over the budget: about 12,400 tokens');
  });
});
