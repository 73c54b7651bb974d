import type { ResourceEntry } from '../../../shared/mcp-types';
import { pickKey } from '../../store/pick-state';
import { useAppStore } from '../../store/use-app-store';
import { DECISION_TAGS, useDecision } from './decision-badge';

/**
 * In the detail pane: whether the resource goes into the context and why ("why not included?"
 * answered for any resource), with the user's own include, exclude and pin.
 */
export function ContextDecision({ entry }: { entry: ResourceEntry }) {
  const key = pickKey(entry);
  const decision = useDecision(entry);
  const picked = useAppStore((state) => state.picked.has(key));
  const mark = useAppStore((state) => state.marks.get(key));
  const auto = useAppStore((state) => state.contextSettings.auto);
  const working = useAppStore((state) => state.curation.state === 'working');
  const setPicked = useAppStore((state) => state.setPicked);
  const toggleMark = useAppStore((state) => state.toggleMark);
  const summary = decision
    ? `${decision.included ? 'In the context' : 'Not in the context'}: ${DECISION_TAGS[decision.kind].words}. ${decision.reason[0]?.toUpperCase() ?? ''}${decision.reason.slice(1)}.`
    : auto || picked || mark
      ? 'Deciding…'
      : 'Not in the context: not picked, and auto-include is off.';
  return (
    <div className="context-decision" aria-live="polite">
      <p className="small">
        {summary}
        {working && decision ? <span className="muted"> (updating…)</span> : null}
      </p>
      {decision?.warnings.map((warning) => (
        <p key={warning} className="warn-text small">
          {warning}
        </p>
      ))}
      <div className="badges-inline">
        <button type="button" aria-pressed={picked} onClick={() => setPicked(key, !picked)}>
          {picked ? 'Picked' : 'Pick'}
        </button>
        <button type="button" aria-pressed={mark === 'pin'} onClick={() => toggleMark(key, 'pin')} title="Alt+P in the tree">
          {mark === 'pin' ? 'Pinned' : 'Pin'}
        </button>
        <button type="button" aria-pressed={mark === 'exclude'} onClick={() => toggleMark(key, 'exclude')} title="Alt+E in the tree">
          {mark === 'exclude' ? 'Excluded' : 'Exclude'}
        </button>
      </div>
    </div>
  );
}
