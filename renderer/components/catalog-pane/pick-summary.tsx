import { MAX_GONE_SHOWN } from '../../../shared/context/context-wire';
import { useAppStore } from '../../store/use-app-store';

/**
 * How many resources are picked for the context, across every server and whatever the
 * search, as the host counts them; picks whose resource is gone are said apart, since they
 * count nowhere until the user drops them (the Context tab lists them).
 */
export function PickSummary() {
  const count = useAppStore((state) => state.context.marks.picked);
  const gone = useAppStore((state) => state.context.gone.length);
  const clearPicks = useAppStore((state) => state.clearPicks);
  const setTab = useAppStore((state) => state.setRightTab);
  return (
    <div className="pick-summary small">
      <span
        role="status"
        aria-label="Picked resources"
        className={count > 0 ? 'pick-count active' : 'pick-count muted'}
      >
        {count.toLocaleString('en')} picked
      </span>
      {gone > 0 ? (
        <button
          type="button"
          className="link-button small gone-count"
          onClick={() => setTab('context')}
          title="Marked resources that are no longer listed: see the Context tab"
        >
          · {gone.toLocaleString('en')}
          {gone >= MAX_GONE_SHOWN ? '+' : ''} gone
        </button>
      ) : null}
      {count > 0 ? (
        <button type="button" className="small-button" onClick={clearPicks}>
          Clear picks
        </button>
      ) : null}
    </div>
  );
}
