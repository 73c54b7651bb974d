import { describe, expect, it } from 'vitest';
import { budgetWords } from './budget-words';

const base = { overBudget: 0, budget: 8000, format: 'markdown' as const };

describe("the budget meter's words", () => {
  it("say the text's own count, the preview's, and why the charge was one more", () => {
    expect(budgetWords({ ...base, used: 1235, total: 1234 })).toEqual({
      label: '1,234 of 8,000 tokens used',
      over: 0,
      charged:
        'the budget was charged 1,235: each resource for its part with the blank line after it (the last has none), at least 12',
    });
  });

  it('say the charge alone while the text is being counted, and nothing more where both agree', () => {
    expect(
      budgetWords({ ...base, used: 1235, total: 900, totalPending: true, overBudget: 3 }),
    ).toEqual({
      label: '1,235 of 8,000 tokens used',
      over: 3,
    });
    expect(budgetWords({ ...base, used: 40, total: 40, budget: 100 })).toEqual({
      label: '40 of 100 tokens used',
      over: 0,
    });
  });

  it('say what is over of the number shown, and why JSON counts otherwise', () => {
    expect(budgetWords({ ...base, format: 'json', used: 3990, total: 4100, budget: 4000 })).toEqual(
      {
        label: '4,100 of 4,000 tokens used',
        over: 100,
        charged:
          'the budget was charged 3,990: each resource for its part alone; the JSON text is counted whole, as it is indented',
      },
    );
  });
});
