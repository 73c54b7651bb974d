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
import { baseRankOf, catalogOf, isRequired, rankInput, type StaticFacts } from './policy-catalog';
import { focusOrderOf, rankedOrder, type Refinement } from './policy-focus';
import { signalText } from './rank';
import {
  BYTES_PER_TOKEN_ESTIMATE,
  formatCount,
  REQUIRED_CAP_BUDGETS,
  type Candidate,
  type Decision,
  type DecisionKind,
  type Estimates,
  type Mark,
  type Observed,
  type PolicyResult,
  type PolicySettings,
  type PreparedPolicy,
} from './policy-types';

export * from './policy-types';
export type { Refinement } from './policy-focus';

const number = formatCount;

/** Decision kinds as stored per resource during a run; 255 is "decided when read" (a filter's). */
const KINDS: readonly DecisionKind[] = [
  'picked',
  'pinned',
  'auto',
  'excluded-by-user',
  'excluded-by-audience',
  'below-threshold',
  'over-budget',
  'unreadable',
  'not-picked',
];
const CODE = new Map(KINDS.map((kind, code) => [kind, code]));
const FILTERED = 255;

/** Tokens as known now: counted, else estimated from the size, else guessed. */
interface Cost {
  tokens: number;
  estimated: boolean;
  /** How the estimate was made, when it is one. */
  basis: 'counted' | 'size' | 'guess' | 'unknown';
}

/**
 * A decision whose reason is written when first read: a window reads the reasons of the few it
 * shows.
 */
class PolicyDecision implements Decision {
  readonly serverId: Decision['serverId'];
  readonly uri: string;
  readonly key: string;
  readonly kind: DecisionKind;
  readonly included: boolean;
  readonly tokens: number;
  readonly estimated: boolean;
  readonly warnings: string[];
  readonly rank?: number;
  #reason: string | (() => string);
  constructor(
    facts: StaticFacts,
    cost: Cost,
    kind: DecisionKind,
    rank: number,
    reason: () => string,
  ) {
    this.serverId = facts.candidate.serverId;
    this.uri = facts.candidate.uri;
    this.key = facts.key;
    this.kind = kind;
    this.included = kind === 'picked' || kind === 'pinned' || kind === 'auto';
    this.tokens = cost.tokens;
    this.estimated = cost.estimated;
    this.warnings = facts.warnings;
    if (rank > 0) this.rank = rank;
    this.#reason = reason;
  }
  get reason(): string {
    if (typeof this.#reason === 'function') this.#reason = this.#reason();
    return this.#reason;
  }
  /** Plain data, reason included (JSON.stringify reads own fields only). */
  toJSON(): Decision {
    return {
      serverId: this.serverId,
      uri: this.uri,
      key: this.key,
      kind: this.kind,
      included: this.included,
      reason: this.reason,
      tokens: this.tokens,
      estimated: this.estimated,
      warnings: this.warnings,
      ...(this.rank !== undefined && { rank: this.rank }),
    };
  }
}

/**
 * Tokens as known now, as {@link costOf} says, without the object: the hot path's, once per
 * resource per pass.
 */
function tokensOf(
  facts: StaticFacts,
  observed: Observed | undefined,
  estimates: Estimates,
): number {
  const counted = observed?.tokens ?? facts.candidate.tokens;
  if (typeof counted === 'number' && Number.isFinite(counted) && counted >= 0)
    return Math.round(counted);
  if (facts.size !== undefined)
    return Math.max(
      estimates.minTokens ?? 0,
      Math.ceil(
        facts.size /
          (estimates.bytesPerToken !== undefined && estimates.bytesPerToken > 0
            ? estimates.bytesPerToken
            : BYTES_PER_TOKEN_ESTIMATE),
      ),
    );
  return Math.max(0, Math.round(estimates.guess ?? facts.candidate.guess ?? 0));
}

function costOf(facts: StaticFacts, observed: Observed | undefined, estimates: Estimates): Cost {
  const counted = observed?.tokens ?? facts.candidate.tokens;
  if (typeof counted === 'number' && Number.isFinite(counted) && counted >= 0)
    return { tokens: Math.round(counted), estimated: false, basis: 'counted' };
  if (facts.size !== undefined) {
    const ratio =
      estimates.bytesPerToken !== undefined && estimates.bytesPerToken > 0
        ? estimates.bytesPerToken
        : BYTES_PER_TOKEN_ESTIMATE;
    return {
      tokens: Math.max(estimates.minTokens ?? 0, Math.ceil(facts.size / ratio)),
      estimated: true,
      basis: 'size',
    };
  }
  const guessed = Math.max(0, Math.round(estimates.guess ?? facts.candidate.guess ?? 0));
  return { tokens: guessed, estimated: true, basis: guessed > 0 ? 'guess' : 'unknown' };
}

function tokenText(cost: Cost): string {
  switch (cost.basis) {
    case 'counted':
      return `${number(cost.tokens)} tokens`;
    case 'size':
      return `about ${number(cost.tokens)} tokens (estimated from its declared size, not read yet)`;
    case 'guess':
      return `about ${number(cost.tokens)} tokens (a guess: no size declared, not read yet)`;
    default:
      return 'tokens not known until it is read';
  }
}

/** Why a filter left it out. */
function outReason(facts: StaticFacts, kind: DecisionKind, settings: PolicySettings): string {
  if (kind === 'not-picked') return 'not picked, and auto-include is off';
  if (kind === 'excluded-by-audience')
    return `audience is ${(facts.audience ?? []).join(' and ')}, not assistant`;
  return `priority ${facts.priority} < ${settings.threshold}`;
}

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

/**
 * Checks and orders a catalog once, for deciding many times (see {@link PreparedPolicy}).
 * `refines`: the relevance map `relevance` was made from, and the keys it set or dropped
 * (curate.ts's refinement by content): its rank is then derived rather than sorted again.
 */
export function preparePolicy(
  candidates: readonly Candidate[],
  marks: ReadonlyMap<string, Mark>,
  settings: PolicySettings,
  now = 0,
  relevance: ReadonlyMap<string, FocusMatch> = new Map(),
  refines?: Refinement,
): PreparedPolicy {
  const catalog = catalogOf(candidates);
  const { facts } = catalog;
  const factsAt = (at: number) => facts[at] as StaticFacts;
  const base = baseRankOf(catalog, settings, now);
  const markAt = new Map<number, Mark>();
  for (const [key, mark] of marks) {
    const at = catalog.at.get(key);
    if (at !== undefined) markAt.set(at, mark);
  }
  // Pins and picks are taken in key order.
  const marked = [...markAt.keys()].sort((a, b) => a - b);
  const focus =
    relevance.size > 0 ? focusOrderOf(catalog, base, relevance, settings, now, refines) : undefined;
  const ranked = rankedOrder(catalog, base, markAt, focus, settings);
  /** The focus match of the resource at `at`, for a reason (looked up when one is written). */
  const focusMatchAt = (at: number) => relevance.get(factsAt(at).key);
  // The required come first in the rank.
  let requiredCount = 0;
  while (
    requiredCount < ranked.length &&
    isRequired(factsAt(ranked[requiredCount] as number), settings)
  )
    requiredCount += 1;
  let places: Int32Array | undefined;
  /** Its place in the rank, from 1, or 0: worked out when a decision is first read. */
  const rankOf = (at: number): number => {
    if (!places) {
      const made = new Int32Array(facts.length);
      ranked.forEach((entry, place) => (made[entry] = place + 1));
      places = made;
    }
    return places[at] as number;
  };
  const budget = Math.max(0, settings.budget);
  const requiredCap = Math.max(budget, REQUIRED_CAP_BUDGETS * budget);

  /**
   * The one pass behind both methods. With `record`, every decision's kind and the tokens used
   * before it are kept, which is all its reason needs; without, it stops once the budget is full.
   */
  function run(observed: ReadonlyMap<string, Observed>, estimates: Estimates, record: boolean) {
    const included: number[] = [];
    const kinds = record ? new Uint8Array(facts.length).fill(FILTERED) : undefined;
    const before = record ? new Float64Array(facts.length) : undefined;
    /** Why each resource decided unreadable was, as it stood then. */
    const failures = new Map<number, string>();
    let used = 0;
    const decide = (at: number, kind: DecisionKind) => {
      if (kinds && before) {
        kinds[at] = CODE.get(kind) as number;
        before[at] = used;
      }
      if (kind === 'picked' || kind === 'pinned' || kind === 'auto') included.push(at);
    };
    const unreadable = (at: number) => unreadableOf(factsAt(at), observed);
    const fail = (at: number, why: string) => {
      failures.set(at, why);
      decide(at, 'unreadable');
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
        const tokens = tokensOf(factsAt(at), observed.get(factsAt(at).key), estimates);
        decide(at, mark === 'pin' ? 'pinned' : 'picked');
        used += tokens;
      }
    }
    // 2. Auto-include fills the budget in rank order. What the filters left out is decided
    // when its decision is read: its kind does not depend on the budget.
    // The quick answer leaves the required once nothing more of them can fit: they come first.
    const least = Math.max(1, estimates.minTokens ?? 0);
    for (let place = 0; place < ranked.length; place += 1) {
      if (!record && place < requiredCount && used + least > requiredCap) place = requiredCount;
      const at = ranked[place] as number;
      if (at === undefined) break;
      const entry = factsAt(at);
      const seen = observed.get(entry.key);
      const failed = seen?.unreadable ?? entry.candidate.unreadable;
      if (failed !== undefined) {
        if (record) fail(at, failed);
        continue;
      }
      const tokens = tokensOf(entry, seen, estimates);
      const required = isRequired(entry, settings);
      if (used + tokens <= (required ? requiredCap : budget)) {
        // It would go in, but the run will not read it: it is decided unread, and takes nothing.
        const refusal =
          seen === undefined ? estimates.refused?.(entry.candidate.serverId) : undefined;
        if (refusal !== undefined) {
          if (record) fail(at, refusal);
          continue;
        }
        decide(at, 'auto');
        used += tokens;
      } else if (record) {
        decide(at, 'over-budget');
      } else if (!required && used >= budget) {
        // Full: only a resource costing nothing could still go in, and decide() will say so.
        break;
      }
    }
    return { included: orderContext(included, markAt, settings), used, kinds, before, failures };
  }

  return {
    decide(observed = new Map(), estimates = {}) {
      const { included, used, kinds, before, failures } = run(
        observed,
        estimates,
        true,
      ) as ReturnType<typeof run> & { kinds: Uint8Array; before: Float64Array };
      const rankText = (entry: StaticFacts, at: number) =>
        `rank ${number(rankOf(at))} of ${number(ranked.length)}: ${signalText(rankInput(entry, focusMatchAt(at)), settings, settings.threshold, now)}`;
      const usedText = (at: number) => `${number(at)} of ${number(budget)} used`;
      const overText = (at: number) =>
        at > budget ? `; over the budget by ${number(at - budget)}` : '';

      /** The decision of the resource at `at`, made when first asked for. */
      const decisionAt = (at: number): Decision => {
        const entry = factsAt(at);
        const cost = costOf(entry, observed.get(entry.key), estimates);
        const after = (before[at] as number) + cost.tokens;
        const code = kinds[at] as number;
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
        } else if (kind === 'excluded-by-user') {
          reason = () => 'excluded by you';
        } else if (kind === 'picked' || kind === 'pinned') {
          reason = () => `${kind} by you; ${tokenText(cost)}; ${usedText(after)}${overText(after)}`;
        } else if (isRequired(entry, settings)) {
          reason =
            kind === 'auto'
              ? () =>
                  `priority 1 is required; ${tokenText(cost)}; ${usedText(after)}${overText(after)}`
              : () =>
                  `priority 1 is required, but ${tokenText(cost)} would make ${number(after)}, more than ${REQUIRED_CAP_BUDGETS}× the budget of ${number(budget)}`;
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
        get: () => (all ??= facts.map((_, at) => decisionOf(at))),
      });
      Object.defineProperty(result, 'decision', {
        value: (key: string) =>
          catalog.at.has(key) ? decisionOf(catalog.at.get(key) as number) : undefined,
      });
      return Object.assign(result, {
        context: included.map((at) => ({
          serverId: factsAt(at).candidate.serverId,
          uri: factsAt(at).candidate.uri,
        })),
        contextKeys: included.map((at) => factsAt(at).key),
        used,
        overBudget,
        warnings:
          overBudget > 0
            ? [
                `over the budget by ${number(overBudget)} tokens: required, pinned or picked resources do not fit`,
              ]
            : [],
      });
    },
    included(observed = new Map(), estimates = {}) {
      return run(observed, estimates, false).included.map((at) => factsAt(at).key);
    },
    *ranked() {
      for (const at of ranked) yield factsAt(at).key;
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
 * Pins first, then the rest in the order they were taken (rank), or everything by server and URI.
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
