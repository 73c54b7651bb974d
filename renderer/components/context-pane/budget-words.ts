import { MIN_SECTION_TOKENS } from '../../../shared/context/context-items';
import { formatCount } from '../../../shared/context/policy';
import { plural } from '../../../shared/plural';

/**
 * The meter's words. It says the tokens of the text itself once counted (the preview's number), and
 * why the budget was charged otherwise where it was: in Markdown each resource is charged for its
 * part with the blank line that follows it (the last part has none) and at least
 * {@link MIN_SECTION_TOKENS}; JSON is counted whole, its indentation not as its parts were. What is
 * over the budget is said of the number shown.
 */
export function budgetWords(context: {
  used: number;
  total: number;
  totalPending?: boolean;
  overBudget: number;
  budget: number;
  format: 'markdown' | 'json';
}): { label: string; over: number; charged?: string } {
  const { used, total, budget } = context;
  const counted = context.totalPending !== true && total > 0;
  const shown = counted ? total : used;
  const label = `${formatCount(shown)} of ${plural(budget, 'token')} used`;
  const over = counted ? Math.max(0, total - budget) : context.overBudget;
  if (!counted || total === used) return { label, over };
  const why =
    context.format === 'markdown'
      ? `each resource for its part with the blank line after it (the last has none), at least ${MIN_SECTION_TOKENS}`
      : 'each resource for its part alone; the JSON text is counted whole, as it is indented';
  return { label, over, charged: `the budget was charged ${formatCount(used)}: ${why}` };
}
