import { formatCount, type UsedBy } from '../../../shared/context/policy';
import { useAppStore } from '../../store/use-app-store';
import { budgetWords } from './budget-words';
import { useSetting } from './use-setting';

/** The parts of the meter, in the order they fill it, with the words the legend gives them. */
const PARTS: readonly { key: keyof UsedBy; label: string }[] = [
  { key: 'marked', label: 'picked or pinned' },
  { key: 'required', label: 'required' },
  { key: 'relevant', label: 'focus matches' },
  { key: 'fill', label: 'fill' },
];

/**
 * Tokens used of the budget, as the host counted them, split by why they are in (what the user
 * marked, required resources, matches of the focus, fill), with how far over and how reading goes.
 */
export function BudgetMeter() {
  const used = useAppStore((state) => state.context.used);
  const overBudget = useAppStore((state) => state.context.overBudget);
  const usedBy = useAppStore((state) => state.context.usedBy);
  const working = useAppStore((state) => state.context.state === 'working');
  const read = useAppStore((state) => state.context.read);
  const pending = useAppStore((state) => state.context.pending);
  const total = useAppStore((state) => state.context.total);
  const totalPending = useAppStore((state) => state.context.totalPending === true);
  const budget = useSetting('budget');
  const scale = Math.max(budget, used, 1);
  const format = useSetting('format');
  const { label, over, charged } = budgetWords({
    used,
    total,
    totalPending,
    overBudget,
    budget,
    format,
  });
  const parts = PARTS.filter((part) => usedBy[part.key] > 0);
  const split = parts.map((part) => `${part.label} ${formatCount(usedBy[part.key])}`).join(', ');
  // Each part's width within the budget, in the order they fill it; what is over shows apart.
  const widths = parts.reduce<{ left: number; of: number[] }>(
    (acc, part) => {
      const within = Math.min(usedBy[part.key], acc.left);
      return { left: acc.left - within, of: [...acc.of, within] };
    },
    { left: budget, of: [] },
  ).of;
  return (
    <div className="budget">
      <div className="budget-label">
        <span>{label}</span>
        {charged ? (
          <span className="muted small" title={charged}>
            {' '}
            · charged {formatCount(used)}
          </span>
        ) : null}
        {over > 0 ? <span className="warn-text"> · {formatCount(over)} over</span> : null}
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
        aria-valuetext={`${label}${split ? `: ${split}` : ''}${charged ? `; ${charged}` : ''}`}
      >
        {parts.map((part, at) =>
          (widths[at] ?? 0) > 0 ? (
            <div
              key={part.key}
              className={`budget-part budget-${part.key}`}
              style={{ width: `${((widths[at] ?? 0) / scale) * 100}%` }}
            />
          ) : null,
        )}
        {overBudget > 0 ? (
          <div className="budget-over" style={{ width: `${(overBudget / scale) * 100}%` }} />
        ) : null}
      </div>
      {parts.length > 0 ? (
        <ul className="budget-legend small" aria-label="Where the tokens went">
          {parts.map((part) => (
            <li key={part.key}>
              <span className={`budget-swatch budget-${part.key}`} aria-hidden="true" />
              {part.label} {formatCount(usedBy[part.key])}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
