import type { Decision, DecisionKind } from '../../../shared/context/policy';
import type { ResourceEntry } from '../../../shared/mcp-types';
import { pickKey } from '../../store/pick-state';
import { useAppStore } from '../../store/use-app-store';

/** The short tag a row shows for each decision, and how it is coloured. */
export const DECISION_TAGS: Record<DecisionKind, { tag: string; tone: string; words: string }> = {
  picked: { tag: 'in', tone: 'in', words: 'included by your pick' },
  pinned: { tag: 'pin', tone: 'pinned', words: 'pinned' },
  auto: { tag: 'auto', tone: 'in', words: 'auto-included' },
  'excluded-by-user': { tag: 'excl', tone: 'out', words: 'excluded by you' },
  'excluded-by-audience': { tag: 'aud', tone: 'out', words: 'excluded by audience' },
  'below-threshold': { tag: 'low', tone: 'out', words: 'below the priority threshold' },
  'over-budget': { tag: 'over', tone: 'over', words: 'over the budget' },
  unreadable: { tag: 'err', tone: 'bad', words: 'could not be read' },
  'not-picked': { tag: '', tone: 'out', words: 'not picked' },
};

/** The decision about one resource, or undefined before any curation. */
export function useDecision(resource: ResourceEntry | undefined): Decision | undefined {
  return useAppStore((state) => (resource ? state.curation.decisions.get(pickKey(resource)) : undefined));
}

/** A row's decision tag; its reason is the tooltip. Nothing for "not picked", the quiet default. */
export function DecisionBadge({ resource }: { resource: ResourceEntry }) {
  const decision = useDecision(resource);
  if (!decision || decision.kind === 'not-picked') return null;
  const { tag, tone, words } = DECISION_TAGS[decision.kind];
  return (
    <span className={`decision ${tone}`} title={`${words}: ${decision.reason}`} aria-label={`context: ${words}`}>
      {tag}
    </span>
  );
}
