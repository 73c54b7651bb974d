import { MIN_SECTION_TOKENS } from '../../../shared/context/context-items';
import { formatCount } from '../../../shared/context/policy';
import { plural } from '../../../shared/plural';

/**
 * The meter's words. It says the tokens of the text itself once counted (the preview's number), and
 * why the budget was charged otherwise where it was: each resource is charged for its part with the
 * blank line that follows it (the last part has none) and at least {@link MIN_SECTION_TOKENS}.
 */
export function budgetWords(context: {
  used: number;
  total: number;
  totalPending?: boolean;
  budget: number;
}): { label: string; charged?: string } {
  const { used, total, budget } = context;
  const counted = context.totalPending !== true && total > 0;
  const label = `${formatCount(counted ? total : used)} of ${plural(budget, 'token')} used`;
  if (!counted || total === used) return { label };
  return {
    label,
    charged: `the budget was charged ${formatCount(used)}: each resource for its part with the blank line after it (the last has none), at least ${MIN_SECTION_TOKENS}`,
  };
}
