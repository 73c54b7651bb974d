import { describe, expect, it } from 'vitest';
import { budgetWords } from './budget-words';

describe("the budget meter's words", () => {
  it("say the text's own count, the preview's, and why the charge was one more", () => {
    expect(budgetWords({ used: 1235, total: 1234, budget: 8000 })).toEqual({
      label: '1,234 of 8,000 tokens used',
      charged:
        'the budget was charged 1,235: each resource for its part with the blank line after it (the last has none), at least 12',
    });
  });

  it('say the charge alone while the text is being counted, and nothing more where both agree', () => {
    expect(budgetWords({ used: 1235, total: 900, totalPending: true, budget: 8000 })).toEqual({
      label: '1,235 of 8,000 tokens used',
    });
    expect(budgetWords({ used: 40, total: 40, budget: 100 })).toEqual({
      label: '40 of 100 tokens used',
    });
  });
});
