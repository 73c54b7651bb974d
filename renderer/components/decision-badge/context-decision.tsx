import { entryKey } from '../../../shared/catalog/resource-key';
import type { ResourceEntry } from '../../../shared/mcp-types';
import { shownMark, shownSetting } from '../../store/context-slice';
import { useAppStore } from '../../store/use-app-store';
import { DECISION_TAGS } from './decision-badge';

/**
 * In the detail pane: whether the resource goes into the context and why ("why not included?"
 * answered for any resource), with the user's own include, exclude and pin. The host sends
 * the selected resource's decision in full with each context frame (`selected`); until a
 * frame answers for this resource, it is being decided.
 */
export function ContextDecision({ entry }: { entry: ResourceEntry }) {
  const key = entryKey(entry);
  const selected = useAppStore((state) =>
    state.context.selected?.key === key ? state.context.selected : undefined,
  );
  // Before the context frame answers for this resource, the row's mark (from the view frame).
  const rowMark = useAppStore((state) =>
    state.selectedNode?.resource && entryKey(state.selectedNode.resource) === key
      ? state.selectedNode.mark
      : undefined,
  );
  const hostMark = selected ? selected.mark : rowMark;
  const mark = useAppStore((state) => shownMark(state.marksSent, key, hostMark));
  const auto = useAppStore((state) => shownSetting(state, 'auto'));
  const working = useAppStore((state) => state.context.state === 'working');
  const setMark = useAppStore((state) => state.setMark);
  const toggleMark = useAppStore((state) => state.toggleMark);
  const decision = selected?.decision;
  const picked = mark === 'include';
  let summary: string;
  if (decision)
    summary = `${decision.included ? 'In the context' : 'Not in the context'}: ${DECISION_TAGS[decision.kind].words}. ${decision.reason[0]?.toUpperCase() ?? ''}${decision.reason.slice(1)}.`;
  else if (!selected || working) summary = 'Deciding…';
  else if (auto || mark) summary = 'Not decided yet.';
  else summary = 'Not in the context: not picked, and auto-include is off.';
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
        <button
          type="button"
          aria-pressed={picked}
          onClick={() => setMark(key, picked ? null : 'include')}
        >
          {picked ? 'Picked' : 'Pick'}
        </button>
        <button
          type="button"
          aria-pressed={mark === 'pin'}
          onClick={() => toggleMark(key, hostMark, 'pin')}
          title="Alt+P in the tree"
        >
          {mark === 'pin' ? 'Pinned' : 'Pin'}
        </button>
        <button
          type="button"
          aria-pressed={mark === 'exclude'}
          onClick={() => toggleMark(key, hostMark, 'exclude')}
          title="Alt+E in the tree"
        >
          {mark === 'exclude' ? 'Excluded' : 'Exclude'}
        </button>
      </div>
    </div>
  );
}
