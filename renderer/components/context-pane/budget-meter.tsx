import { formatCount } from '../../../shared/context/policy';
import { plural } from '../../../shared/plural';
import { useAppStore } from '../../store/use-app-store';
import { useSetting } from './use-setting';

/** Tokens used of the budget, as the host counted them, with how far over and how reading goes. */
export function BudgetMeter() {
  const used = useAppStore((state) => state.context.used);
  const overBudget = useAppStore((state) => state.context.overBudget);
  const working = useAppStore((state) => state.context.state === 'working');
  const read = useAppStore((state) => state.context.read);
  const pending = useAppStore((state) => state.context.pending);
  const budget = useSetting('budget');
  const within = Math.min(used, budget);
  const scale = Math.max(budget, used, 1);
  const label = `${formatCount(used)} of ${plural(budget, 'token')} used`;
  return (
    <div className="budget">
      <div className="budget-label">
        <span>{label}</span>
        {overBudget > 0 ? (
          <span className="warn-text"> · {formatCount(overBudget)} over</span>
        ) : null}
        {working ? (
          <span className="muted small" role="status">
            {' '}
            · Reading… {read} read{pending ? `, ${pending} to go` : ''}
          </span>
        ) : null}
      </div>
      <div
        className="budget-bar"
        role="meter"
        aria-label="Budget used"
        aria-valuemin={0}
        aria-valuemax={budget}
        aria-valuenow={used}
        aria-valuetext={label}
      >
        <div className="budget-used" style={{ width: `${(within / scale) * 100}%` }} />
        {overBudget > 0 ? (
          <div className="budget-over" style={{ width: `${(overBudget / scale) * 100}%` }} />
        ) : null}
      </div>
    </div>
  );
}
