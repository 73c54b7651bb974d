import type { RowDecision } from '../../../shared/context/context-wire';
import { plural } from '../../../shared/plural';
import type { DecisionKind } from '../../../shared/context/policy';

/** The tag a row shows for each decision, readable as it stands, and how it is coloured. */
export const DECISION_TAGS: Record<DecisionKind, { tag: string; tone: string; words: string }> = {
  picked: { tag: 'picked', tone: 'in', words: 'included by your pick' },
  pinned: { tag: 'pinned', tone: 'pinned', words: 'pinned' },
  auto: { tag: 'auto', tone: 'in', words: 'auto-included' },
  'excluded-by-user': { tag: 'excluded', tone: 'out', words: 'excluded by you' },
  'excluded-by-audience': { tag: 'user only', tone: 'out', words: 'for the user only' },
  'below-threshold': { tag: 'low priority', tone: 'out', words: 'below the priority threshold' },
  'over-budget': { tag: 'over budget', tone: 'over', words: 'over the budget' },
  'not-relevant': { tag: 'not relevant', tone: 'out', words: 'not relevant to the focus' },
  'no-text': { tag: 'no text', tone: 'out', words: 'no text content, left out' },
  unreadable: { tag: 'unreadable', tone: 'bad', words: 'could not be read' },
  'not-picked': { tag: '', tone: 'out', words: 'not picked' },
};

/**
 * "auto-included: 148 tokens", or "about 148 tokens" when only estimated from the declared size.
 */
export function decisionTitle(decision: RowDecision): string {
  const tokens = `${decision.estimated ? 'about ' : ''}${plural(decision.tokens, 'token')}`;
  return `${DECISION_TAGS[decision.kind].words}: ${tokens}`;
}

/**
 * A row's decision tag, as the host's frame carries it with the row; the words and tokens are
 * the tooltip, the reason is in the detail pane. Nothing for "not picked", the quiet default.
 */
export function DecisionBadge({ decision }: { decision: RowDecision | undefined }) {
  if (!decision || decision.kind === 'not-picked') return null;
  const { tag, tone, words } = DECISION_TAGS[decision.kind];
  return (
    <span
      className={`decision ${tone}`}
      title={decisionTitle(decision)}
      aria-label={`context: ${words}`}
    >
      {tag}
    </span>
  );
}
