/**
 * What a finished run gives the windows (context-views.ts): the curation state made from a
 * run's result, its warnings in words, and the run of an empty context.
 */
import { AssembledText } from '../../../shared/context/assemble';
import type { CurationState } from '../../../shared/context/context-view';
import { READ_ALL_FOR_FOCUS } from '../../../shared/context/focus-limits';
import { formatCount } from '../../../shared/context/policy-types';
import { cutTokenMap } from '../../../shared/context/token-map';
import type { ServerId } from '../../../shared/mcp-types';
import type { RunResult } from './context-run';

/** What a run gives when nothing can go in (auto-include off, nothing marked). */
export function emptyRun(): RunResult {
  return {
    result: {
      decisions: [],
      decision: () => undefined,
      context: [],
      contextKeys: [],
      used: 0,
      overBudget: 0,
      warnings: [],
      usedBy: { marked: 0, required: 0, relevant: 0, fill: 0 },
      crowding: [],
    },
    items: [],
    keys: [],
    text: '',
    assembled: new AssembledText([]),
    sections: [],
    tokens: new Map(),
    known: new Map(),
    reads: 0,
    changed: new Set(),
    now: 0,
  };
}

/**
 * The curation a run made. With `unread` (a focus's first decision, from what was read) it is
 * still working: the run after it reads the rest. `total` is the whole text's count when it is
 * made already (Markdown), else the one `before` had, marked pending.
 */
export function doneCuration(
  done: RunResult,
  input: {
    unread: number;
    total: number | undefined;
    before: CurationState;
    stale: ReadonlySet<string>;
    serverName: (serverId: ServerId) => string | undefined;
  },
): CurationState {
  const { unread, before } = input;
  const order = done.result.contextKeys;
  return {
    state: unread > 0 ? 'working' : 'done',
    read: done.reads,
    pending: unread,
    ...(unread > 0 && { focusPending: unread }),
    decision: (key) => done.result.decision(key),
    order,
    tokens: done.tokens,
    text: done.assembled,
    total: input.total ?? before.total,
    totalPending: input.total === undefined,
    used: done.result.used,
    overBudget: done.result.overBudget,
    usedBy: done.result.usedBy,
    ...(done.focusSeen && { focusSeen: done.focusSeen }),
    // What crowds the budget, and how much of the catalog the focus has seen, in words.
    warnings: [
      ...done.result.warnings,
      ...done.result.crowding,
      ...(unread === 0 ? focusSeenWarning(done.focusSeen) : []),
    ],
    changed: done.changed,
    ...(done.changed.size > 0
      ? { updatedAt: Date.now() }
      : before.updatedAt !== undefined && { updatedAt: before.updatedAt }),
    stale: input.stale,
    tokenMap: cutTokenMap(
      done.items,
      (at) => done.tokens.get(done.keys[at] as string) ?? 0,
      input.serverName,
    ),
  };
}

/** When the focus ranked some resources by their listing alone: which, and why. */
function focusSeenWarning(seen: RunResult['focusSeen']): string[] {
  if (!seen || seen.read >= seen.of) return [];
  const read = `The focus read ${formatCount(seen.read)} of ${formatCount(seen.of)} resources`;
  return seen.of > READ_ALL_FOR_FOCUS
    ? [
        `${read}, the best matches by name and description: the rest are ranked by their listing alone.`,
      ]
    : [`${read}: the others could not be read, and are ranked by their listing alone.`];
}
