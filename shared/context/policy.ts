/**
 * The auto-include policy: which resources go into the context, and why. Pure and
 * deterministic: the same candidates, marks and settings give the same decisions and the same
 * order, whatever order the catalog arrived in. Token counts are inputs (counted elsewhere, off
 * the UI thread); before a resource is read, its declared size stands in as a stated estimate.
 *
 * A run is a pass over arrays indexed by catalog order (policy-catalog.ts): the rank without a
 * focus is sorted once per settings, the few resources a focus matched are merged into it, and
 * a decision object and its reason are made only for the resources somebody looks at.
 */
import type { FocusMatch } from './focus';
import {
  baseRankOf,
  catalogOf,
  factsAt as factsOf,
  isRequired,
  rankInput,
  sizeAt,
  type StaticFacts,
} from './policy-catalog';
import { focusOrderOf, rankedOrder } from './policy-focus';
import { bestMatchOf, crowdingLines } from './policy-crowding';
import {
  costOf,
  notRelevantText,
  outReason,
  PolicyDecision,
  tokensOf,
  tokenText,
} from './policy-decision';
import { hasFocus, signalText } from './rank';
import {
  DECISION_KINDS,
  DEFAULT_REQUIRED_SHARE,
  formatCount,
  NO_TEXT,
  type Candidate,
  type Decision,
  type DecisionKind,
  type Estimates,
  type Mark,
  type Observed,
  type PolicyResult,
  type PolicySettings,
  type PreparedPolicy,
  type UsedBy,
} from './policy-types';

export * from './policy-types';

const number = formatCount;

/** Decision kinds as stored per resource during a run; 255 is "decided when read" (a filter's). */
const KINDS: readonly DecisionKind[] = DECISION_KINDS;
const CODE = new Map(KINDS.map((kind, code) => [kind, code]));
const AUTO = CODE.get('auto') as number;
const FILTERED = 255;
/**
 * Over the budget, as everything is once the budget has no room left: a pass records only that,
 * and whether its read failed is looked up when its decision is read (a one-letter focus at
 * 100,000 matches most of them).
 */
const NO_ROOM = 254;

/**
 * Decides every candidate. `marks` are keyed by resourceKeyString; `now` (milliseconds)
 * matters only with a half-life, and is an input so the result stays reproducible.
 * `relevance` is how candidates matched the settings' focus (focus.ts), by key.
 */
export function decideContext(
  candidates: readonly Candidate[],
  marks: ReadonlyMap<string, Mark>,
  settings: PolicySettings,
  now = 0,
  relevance: ReadonlyMap<string, FocusMatch> = new Map(),
): PolicyResult {
  return preparePolicy(candidates, marks, settings, now, relevance).decide();
}

/** Checks and orders a catalog once, for deciding many times (see {@link PreparedPolicy}). */
export function preparePolicy(
  candidates: readonly Candidate[],
  marks: ReadonlyMap<string, Mark>,
  settings: PolicySettings,
  now = 0,
  relevance: ReadonlyMap<string, FocusMatch> = new Map(),
): PreparedPolicy {
  const catalog = catalogOf(candidates);
  const count = catalog.size;
  /** What the candidate at `at` says by itself, as one object: for a decision someone reads. */
  const factsAt = (at: number) => factsOf(catalog, at);
  const { keyAt, candidateAt } = catalog;
  /** Tokens of the resource at `at` as known now (policy-decision.ts). */
  const tokensAt = (at: number, found: Observed | undefined, estimates: Estimates) =>
    tokensOf(candidateAt(at), sizeAt(catalog, at), found, estimates);
  const base = baseRankOf(catalog, settings, now);
  const markAt = new Map<number, Mark>();
  for (const [key, mark] of marks) {
    const at = catalog.orderOf(key);
    if (at !== undefined) markAt.set(at, mark);
  }
  // Pins and picks are taken in key order.
  const marked = [...markAt.keys()].sort((a, b) => a - b);
  const focus = relevance.size > 0 ? focusOrderOf(catalog, base, relevance, settings) : undefined;
  const ranked = rankedOrder(catalog, base, markAt, focus, settings);
  /** The focus match of the resource at `at`, for a reason (looked up when one is written). */
  const focusMatchAt = (at: number) => relevance.get(keyAt(at));
  // The required, in rank order: they take their share of the budget first.
  const requiredAt: number[] = [];
  const isRequiredAt = new Uint8Array(count);
  const { priorityOne } = catalog.ties;
  for (const at of ranked)
    if (settings.requirePriorityOne && priorityOne[at] === 1) {
      requiredAt.push(at);
      isRequiredAt[at] = 1;
    }
  let places: Int32Array | undefined;
  /** Its place in the rank, from 1, or 0: worked out when a decision is first read. */
  const rankOf = (at: number): number => {
    if (!places) {
      const made = new Int32Array(count);
      ranked.forEach((entry, place) => (made[entry] = place + 1));
      places = made;
    }
    return places[at] as number;
  };
  const budget = Math.max(0, settings.budget);
  const share = Math.min(1, Math.max(0, settings.requiredShare ?? DEFAULT_REQUIRED_SHARE));
  const requiredCap = Math.floor(share * budget);
  // With a focus, what it finds not relevant stays out, unless the user asked to fill with it.
  const focused = hasFocus(settings);
  const fill = !focused || settings.fill === true;
  const relevantAt = (at: number) => focus?.relevant[at] === 1;
  // The focus's best match that is not required goes in before the required take their share:
  // however many resources another server marks required, what the user asked for keeps a place.
  const bestAt = focused
    ? ranked.find((at) => isRequiredAt[at] === 0 && relevantAt(at))
    : undefined;
  // The place of the last relevant resource in the rank: past it, the focus takes nothing.
  let lastRelevant = ranked.length - 1;
  if (focused)
    while (lastRelevant >= 0 && !relevantAt(ranked[lastRelevant] as number)) lastRelevant -= 1;

  /**
   * The one pass behind both methods. With `record`, every decision's kind and the tokens used
   * before it are kept, which is all its reason needs; without, it stops once the budget is full.
   */
  // What reads found, by catalog order: a pass asks it of every resource it walks, and asking a
  // map keyed by long strings 50,000 times a pass was most of a keystroke at 100,000. Kept per
  // observed map, which a curation only adds to (each key once, curate.ts), so each wave looks
  // up only what it added.
  let seenFor: { from: ReadonlyMap<string, Observed>; size: number; at: Map<number, Observed> } = {
    from: new Map(),
    size: 0,
    at: new Map(),
  };
  function seenAt(observed: ReadonlyMap<string, Observed>): Map<number, Observed> {
    if (seenFor.from !== observed || observed.size < seenFor.size)
      seenFor = { from: observed, size: 0, at: new Map() };
    if (observed.size === seenFor.size) return seenFor.at;
    let index = 0;
    for (const [key, state] of observed) {
      if (index++ < seenFor.size) continue;
      const at = catalog.orderOf(key);
      if (at !== undefined) seenFor.at.set(at, state);
    }
    seenFor.size = observed.size;
    return seenFor.at;
  }

  function run(observed: ReadonlyMap<string, Observed>, estimates: Estimates, record: boolean) {
    const seen = seenAt(observed);
    const included: number[] = [];
    const kinds = record ? new Uint8Array(count).fill(FILTERED) : undefined;
    const before = record ? new Float64Array(count) : undefined;
    /** Why each resource decided unreadable was, as it stood then. */
    const failures = new Map<number, string>();
    /**
     * Required resources held back by their share or by the focus's best match (not by what the
     * user marked), with the tokens the required had then.
     */
    const overShare = new Map<number, number>();
    const usedBy: UsedBy = { marked: 0, required: 0, relevant: 0, fill: 0 };
    let used = 0;
    const decide = (at: number, kind: DecisionKind) => {
      if (kinds && before) {
        kinds[at] = CODE.get(kind) as number;
        before[at] = used;
      }
      if (kind === 'picked' || kind === 'pinned' || kind === 'auto') included.push(at);
    };
    const unreadable = (at: number) =>
      observed.get(keyAt(at))?.unreadable ?? candidateAt(at).unreadable;
    const fail = (at: number, why: string) => {
      failures.set(at, why);
      decide(at, why === NO_TEXT ? 'no-text' : 'unreadable');
    };

    // 1. The user's word first: exclusions, pins, then picks.
    for (const at of marked) {
      const failed = unreadable(at);
      if (markAt.get(at) === 'exclude') decide(at, 'excluded-by-user');
      else if (failed !== undefined) fail(at, failed);
    }
    for (const mark of ['pin', 'include'] as const) {
      for (const at of marked) {
        if (markAt.get(at) !== mark || unreadable(at) !== undefined) continue;
        const tokens = tokensAt(at, observed.get(keyAt(at)), estimates);
        decide(at, mark === 'pin' ? 'pinned' : 'picked');
        used += tokens;
        usedBy.marked += tokens;
      }
    }
    /** Takes the resource at `at` if `room` has room for what it costs, counted to `to`. */
    const least = Math.max(1, estimates.minTokens ?? 0);
    const take = (at: number, room: (tokens: number) => boolean, to: keyof UsedBy): void => {
      if (kinds && before && to !== 'required' && used + least > budget) {
        kinds[at] = NO_ROOM;
        before[at] = used;
        return;
      }
      const candidate = candidateAt(at);
      const found = seen.get(at);
      const failed = found?.unreadable ?? candidate.unreadable;
      if (failed !== undefined) {
        if (record) fail(at, failed);
        return;
      }
      const tokens = tokensAt(at, found, estimates);
      if (room(tokens)) {
        // It would go in, but the run will not read it: it is decided unread, and takes nothing.
        const refusal = found === undefined ? estimates.refused?.(candidate.serverId) : undefined;
        if (refusal !== undefined) {
          if (record) fail(at, refusal);
          return;
        }
        decide(at, 'auto');
        used += tokens;
        usedBy[to] += tokens;
      } else if (record) {
        // Held back by their share or by the focus's best match, not by what the user marked.
        if (to === 'required' && used - usedBy.relevant + tokens <= budget)
          overShare.set(at, usedBy.required);
        decide(at, 'over-budget');
      }
    };
    // 2. Auto-include in rank order: with a focus, its best match that is not required; the
    // required, up to their share; then what the focus finds relevant (everything, without a
    // focus); then, with fill, the rest. What the filters left out is decided when its decision
    // is read: its kind does not depend on the budget.
    if (bestAt !== undefined) take(bestAt, (tokens) => used + tokens <= budget, 'relevant');
    for (const at of requiredAt) {
      // The quick answer stops once nothing more can fit.
      if (!record && (usedBy.required + least > requiredCap || used + least > budget)) break;
      take(
        at,
        (tokens) => usedBy.required + tokens <= requiredCap && used + tokens <= budget,
        'required',
      );
    }
    const rest: number[] = [];
    // Without a record, what the focus finds not relevant and nothing fills with needs no visit.
    const end = !record && focused && !fill ? lastRelevant + 1 : ranked.length;
    for (let place = 0; place < end; place += 1) {
      const at = ranked[place] as number;
      if (!record && used + least > budget) break;
      if (isRequiredAt[at] || at === bestAt) continue;
      if (focused && !relevantAt(at)) {
        if (fill) rest.push(at);
        else if (record) decide(at, 'not-relevant');
      } else take(at, (tokens) => used + tokens <= budget, focused ? 'relevant' : 'fill');
    }
    for (const at of rest) {
      if (!record && used + least > budget) break;
      take(at, (tokens) => used + tokens <= budget, 'fill');
    }
    return {
      included: orderContext(included, markAt, settings),
      used,
      usedBy,
      kinds,
      before,
      failures,
      overShare,
    };
  }

  return {
    decide(observed = new Map(), estimates = {}) {
      const { included, used, usedBy, kinds, before, failures, overShare } = run(
        observed,
        estimates,
        true,
      ) as ReturnType<typeof run> & { kinds: Uint8Array; before: Float64Array };
      const rankText = (entry: StaticFacts, at: number) =>
        `rank ${number(rankOf(at))} of ${number(ranked.length)}: ${signalText(rankInput(entry, focusMatchAt(at)), settings, settings.threshold, now)}`;
      const usedText = (at: number) => `${number(at)} of ${number(budget)} used`;
      const overText = (at: number) =>
        at > budget ? `; over the budget by ${number(at - budget)}` : '';
      const shareText = `${Math.round(share * 100)}% of the budget (${number(requiredCap)} tokens)`;
      const wentIn = (at: number) => kinds[at] === AUTO;

      /** The decision of the resource at `at`, made when first asked for. */
      const decisionAt = (at: number): Decision => {
        const entry = factsAt(at);
        const cost = costOf(entry, observed.get(entry.key), estimates);
        const after = (before[at] as number) + cost.tokens;
        let code = kinds[at] as number;
        if (code === NO_ROOM) {
          const failed = unreadableOf(entry, observed);
          if (failed !== undefined) failures.set(at, failed);
          code = CODE.get(
            failed === undefined ? 'over-budget' : failed === NO_TEXT ? 'no-text' : 'unreadable',
          ) as number;
        }
        let kind = KINDS[code] as DecisionKind;
        let reason: () => string;
        if (code === FILTERED) {
          const out = base.out[at] as DecisionKind;
          const failed = unreadableOf(entry, observed);
          kind = out !== 'not-picked' && failed !== undefined ? 'unreadable' : out;
          reason = () =>
            kind === 'unreadable'
              ? `could not be read: ${failed}`
              : outReason(entry, out, settings);
        } else if (kind === 'unreadable') {
          reason = () => `could not be read: ${failures.get(at)}`;
        } else if (kind === 'no-text') {
          reason = () => `left out: ${NO_TEXT}`;
        } else if (kind === 'excluded-by-user') {
          reason = () => 'excluded by you';
        } else if (kind === 'picked' || kind === 'pinned') {
          reason = () => `${kind} by you; ${tokenText(cost)}; ${usedText(after)}${overText(after)}`;
        } else if (kind === 'not-relevant') {
          reason = () => notRelevantText(focusMatchAt(at), rankText(entry, at));
        } else if (isRequired(entry, settings)) {
          const had = overShare.get(at);
          reason =
            kind === 'auto'
              ? () => `priority 1 is required; ${tokenText(cost)}; ${usedText(after)}`
              : had !== undefined && had + cost.tokens <= requiredCap
                ? () =>
                    `priority 1 is required, but the focus's best match goes in first: ${tokenText(cost)} would make ${number(after)} of ${number(budget)}`
                : had !== undefined
                  ? () =>
                      `priority 1 is required, but required resources may take ${shareText}: ${tokenText(cost)} would make ${number(had + cost.tokens)}`
                  : () =>
                      `priority 1 is required, but ${tokenText(cost)} would make ${number(after)} of ${number(budget)}`;
        } else {
          reason =
            kind === 'auto'
              ? () => `${rankText(entry, at)}; ${tokenText(cost)}; ${usedText(after)}`
              : () =>
                  `${rankText(entry, at)}; but ${tokenText(cost)} would make ${number(after)} of ${number(budget)}`;
        }
        return new PolicyDecision(entry, cost, kind, rankOf(at), reason);
      };
      const made = new Map<number, Decision>();
      const decisionOf = (at: number) => {
        let decision = made.get(at);
        if (!decision) made.set(at, (decision = decisionAt(at)));
        return decision;
      };
      let all: Decision[] | undefined;
      const overBudget = Math.max(0, used - budget);
      const result = {} as PolicyResult;
      Object.defineProperty(result, 'decisions', {
        enumerable: true,
        get: () => (all ??= Array.from({ length: count }, (_, at) => decisionOf(at))),
      });
      Object.defineProperty(result, 'decision', {
        value: (key: string) => {
          const at = catalog.orderOf(key);
          return at === undefined ? undefined : decisionOf(at);
        },
      });
      return Object.assign(result, {
        context: included.map((at) => ({
          serverId: candidateAt(at).serverId,
          uri: candidateAt(at).uri,
        })),
        contextKeys: included.map(keyAt),
        used,
        overBudget,
        usedBy,
        warnings:
          overBudget > 0
            ? [
                `over the budget by ${number(overBudget)} tokens: pinned or picked resources do not fit`,
              ]
            : [],
        crowding:
          overShare.size === 0
            ? []
            : crowdingLines({
                overShare,
                required: requiredAt,
                included: wentIn,
                serverAt: catalog.serverNameAt,
                tokensAt: (at) => tokensAt(at, seenAt(observed).get(at), estimates),
                shareText,
                budget,
                bestMatch: focused
                  ? bestMatchOf(ranked, (at) => !isRequiredAt[at] && relevantAt(at), wentIn)
                  : undefined,
              }),
      });
    },
    included(observed = new Map(), estimates = {}) {
      return run(observed, estimates, false).included.map(keyAt);
    },
    *ranked() {
      for (const at of ranked) yield keyAt(at);
    },
  };
}

function unreadableOf(
  facts: StaticFacts,
  observed: ReadonlyMap<string, Observed>,
): string | undefined {
  return observed.get(facts.key)?.unreadable ?? facts.candidate.unreadable;
}

/**
 * Pins first, then the rest in the order they were taken (the focus's best match, the required,
 * then by rank), or everything by server and URI.
 */
function orderContext(
  included: number[],
  markAt: ReadonlyMap<number, Mark>,
  settings: PolicySettings,
): number[] {
  if (settings.order === 'uri') return [...included].sort((a, b) => a - b);
  return [
    ...included.filter((at) => markAt.get(at) === 'pin'),
    ...included.filter((at) => markAt.get(at) !== 'pin'),
  ];
}
