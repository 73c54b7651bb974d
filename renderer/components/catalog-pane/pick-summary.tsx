import { useAppStore } from '../../store/use-app-store';

/** How many resources are picked for the context, across every server and whatever the search. */
export function PickSummary() {
  const count = useAppStore((state) => state.picked.size);
  const clearPicks = useAppStore((state) => state.clearPicks);
  return (
    <div className="pick-summary small">
      <span role="status" aria-label="Picked resources" className={count > 0 ? 'pick-count active' : 'pick-count muted'}>
        {count.toLocaleString('en')} picked
      </span>
      {count > 0 ? (
        <button type="button" className="small-button" onClick={clearPicks}>
          Clear picks
        </button>
      ) : null}
    </div>
  );
}
