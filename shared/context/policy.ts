/**
 * The auto-include policy: which resources go into the context, and why. Pure and
 * deterministic: the same candidates, marks and settings give the same decisions and the same
 * order, whatever order the catalog arrived in. Token counts are inputs (counted elsewhere, off
 * the UI thread); before a resource is read, its declared size stands in as a stated estimate.
 */
import { resourceKeyString } from '../catalog/resource-key';
import type { ServerId } from '../mcp-types';
import { checkAnnotations } from '../catalog/validate-item';
import type { FocusMatch } from './focus';
import { rankScore, signalText, type RankInput } from './rank';

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

/** What a candidate says by itself: checked once per catalog, whatever the marks and settings. */
interface StaticFacts {
  candidate: Candidate;
  key: string;
  /** Its place in the catalog ordered by server name, URI, then id: what orders equals. */
  order: number;
  priority: number | undefined;
  audience: readonly string[] | undefined;
  time: number | undefined;
  /** The declared size in bytes, if usable. */
  size: number | undefined;
  warnings: string[];
}

/** A candidate under one set of marks and settings: small, made once per decision run. */
interface Facts {
  s: StaticFacts;
  mark: Mark | undefined;
  /** Its rank score (rank.ts), for those auto-include may take. */
  score: number;
  /** Why auto-include leaves it out before any budget (see filteredOut), worked out once. */
  out: DecisionKind | undefined;
  /** How it matched the focus, if it did. */
  focus: FocusMatch | undefined;
  /** Its place in auto-include's rank, from 1, if auto-include may take it. */
  rank?: number;
  /** What the last decide() said of it. */
  decision?: Decision;
  /** The run that last decided it. */
  stamp?: number;
}

/**
 * A decision whose reason is written when first read: a catalog of 100,000 gets 100,000
 * decisions per run, and a window reads the reasons of the few it shows.
 */
class PolicyDecision implements Decision {
  readonly serverId: ServerId;
  readonly uri: string;
  readonly key: string;
  readonly kind: DecisionKind;
  readonly included: boolean;
  readonly tokens: number;
  readonly estimated: boolean;
  readonly warnings: string[];
  readonly rank?: number;
  #reason: string | (() => string);
  constructor(facts: Facts, cost: { tokens: number; estimated: boolean }, kind: DecisionKind, reason: () => string) {
    this.serverId = facts.s.candidate.serverId;
    this.uri = facts.s.candidate.uri;
    this.key = facts.s.key;
    this.kind = kind;
    this.included = kind === 'picked' || kind === 'pinned' || kind === 'auto';
    this.tokens = cost.tokens;
    this.estimated = cost.estimated;
    this.warnings = facts.s.warnings;
    if (facts.rank !== undefined) this.rank = facts.rank;
    this.#reason = reason;
  }
  get reason(): string {
    if (typeof this.#reason === 'function') this.#reason = this.#reason();
    return this.#reason;
  }
  /** Plain data, reason included (JSON.stringify reads own fields only). */
  toJSON(): Decision {
    return { serverId: this.serverId, uri: this.uri, key: this.key, kind: this.kind, included: this.included, reason: this.reason, tokens: this.tokens, estimated: this.estimated, warnings: this.warnings, ...(this.rank !== undefined && { rank: this.rank }) };
  }
}

const number = formatCount;

function staticFactsOf(candidate: Candidate): StaticFacts & { sortKey: string } {
  const warnings: string[] = [];
  const annotations = checkAnnotations(candidate.annotations, warnings);
  // A size of 0 says nothing useful (a hostile server could make everything look free).
  const sized = typeof candidate.size === 'number' && Number.isFinite(candidate.size) && candidate.size > 0;
  return {
    candidate,
    key: resourceKeyString(candidate),
    sortKey: JSON.stringify([candidate.serverName ?? candidate.serverId, candidate.uri, candidate.serverId]),
    order: 0,
    priority: annotations?.priority,
    audience: annotations?.audience,
    time: annotations?.lastModified === undefined ? undefined : Date.parse(annotations.lastModified),
    size: sized ? candidate.size : undefined,
    warnings,
  };
}

// Per candidate list: a catalog curated again and again (every toggle, every letter of a
// focus) is checked, keyed and put in order once, not once per decision.
const catalogFacts = new WeakMap<readonly Candidate[], readonly StaticFacts[]>();

/** One entry per key (the first listed), in key order: the arrival order must not matter. */
function catalogOf(candidates: readonly Candidate[]): readonly StaticFacts[] {
  const known = catalogFacts.get(candidates);
  if (known) return known;
  const unique = new Map<string, StaticFacts & { sortKey: string }>();
  for (const candidate of candidates) {
    const facts = staticFactsOf(candidate);
    if (!unique.has(facts.key)) unique.set(facts.key, facts);
  }
  const sorted = [...unique.values()].sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  const list = sorted.map(({ sortKey: _sortKey, ...facts }, order) => ({ ...facts, order }));
  catalogFacts.set(candidates, list);
  return list;
}

/** Tokens as known now: counted, else estimated from the size, else guessed. */
interface Cost {
  tokens: number;
  estimated: boolean;
  /** How the estimate was made, when it is one. */
  basis: 'counted' | 'size' | 'guess' | 'unknown';
}

/** Tokens as known now, counted else estimated; just the number with `tokensOnly` (no object per call). */
function costOf(facts: Facts, observed: Observed | undefined, estimates: Estimates, tokensOnly: true): number;
function costOf(facts: Facts, observed: Observed | undefined, estimates: Estimates): Cost;
function costOf(facts: Facts, observed: Observed | undefined, estimates: Estimates, tokensOnly?: true): Cost | number {
  const counted = observed?.tokens ?? facts.s.candidate.tokens;
  if (typeof counted === 'number' && Number.isFinite(counted) && counted >= 0) {
    const tokens = Math.round(counted);
    return tokensOnly ? tokens : { tokens, estimated: false, basis: 'counted' };
  }
  if (facts.s.size !== undefined) {
    const ratio = estimates.bytesPerToken !== undefined && estimates.bytesPerToken > 0 ? estimates.bytesPerToken : BYTES_PER_TOKEN_ESTIMATE;
    const tokens = Math.max(estimates.minTokens ?? 0, Math.ceil(facts.s.size / ratio));
    return tokensOnly ? tokens : { tokens, estimated: true, basis: 'size' };
  }
  const guessed = Math.max(0, Math.round(estimates.guess ?? facts.s.candidate.guess ?? 0));
  return tokensOnly ? guessed : { tokens: guessed, estimated: true, basis: guessed > 0 ? 'guess' : 'unknown' };
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

function rankInput(facts: Facts): RankInput {
  return { priority: facts.s.priority, time: facts.s.time, size: facts.s.size, mimeType: facts.s.candidate.mimeType, focus: facts.focus };
}

function compareKeys(a: Facts, b: Facts): number {
  return a.s.order - b.s.order;
}

/** Why auto-include leaves a resource out before any budget, or undefined when it is in the running. */
function filteredOut(facts: Facts, settings: PolicySettings): DecisionKind | undefined {
  if (!settings.auto) return 'not-picked';
  if (settings.audience === 'assistant' && facts.s.audience !== undefined && !facts.s.audience.includes('assistant')) return 'excluded-by-audience';
  // No priority is unknown, not 0: only a stated one below the threshold leaves a resource out.
  if (facts.s.priority !== undefined && facts.s.priority < settings.threshold) return 'below-threshold';
  return undefined;
}

/** Why a filter left it out, written only when a reason is read. */
function outReason(facts: Facts, kind: DecisionKind, settings: PolicySettings): string {
  if (kind === 'not-picked') return 'not picked, and auto-include is off';
  if (kind === 'excluded-by-audience') return `audience is ${(facts.s.audience ?? []).join(' and ')}, not assistant`;
  return `priority ${facts.s.priority} < ${settings.threshold}`;
}

/**
 * Decides every candidate. `marks` are keyed by {@link resourceKeyString}; `now` (milliseconds)
 * matters only with a half-life, and is an input so the result stays reproducible.
 * `relevance` is how candidates matched the settings' focus (focus.ts), by key.
 */
export function decideContext(candidates: readonly Candidate[], marks: ReadonlyMap<string, Mark>, settings: PolicySettings, now = 0, relevance: ReadonlyMap<string, FocusMatch> = new Map()): PolicyResult {
  return preparePolicy(candidates, marks, settings, now, relevance).decide();
}

/** Checks and orders a catalog once, for deciding many times (see {@link PreparedPolicy}). */
export function preparePolicy(candidates: readonly Candidate[], marks: ReadonlyMap<string, Mark>, settings: PolicySettings, now = 0, relevance: ReadonlyMap<string, FocusMatch> = new Map()): PreparedPolicy {
  const all = catalogOf(candidates).map((known): Facts => {
    const facts: Facts = { s: known, mark: marks.get(known.key), score: 0, out: undefined, focus: relevance.get(known.key) };
    facts.out = filteredOut(facts, settings);
    return facts;
  });
  const marked = all.filter((facts) => facts.mark !== undefined);
  const filtered = all.filter((facts) => facts.mark === undefined && facts.out !== undefined);
  // Rank order among those auto-include may take: required first, then score, newer, key.
  const ranked = all.filter((facts) => facts.mark === undefined && facts.out === undefined);
  for (const facts of ranked) facts.score = rankScore(rankInput(facts), settings, now);
  ranked.sort((a, b) => {
    const required = Number(isRequired(b, settings)) - Number(isRequired(a, settings));
    if (required !== 0) return required;
    const score = b.score - a.score;
    if (score !== 0) return score;
    const time = (b.s.time ?? -Infinity) - (a.s.time ?? -Infinity);
    if (time !== 0 && !Number.isNaN(time)) return time;
    return compareKeys(a, b);
  });
  const budget = Math.max(0, settings.budget);
  let runs = 0;
  ranked.forEach((facts, at) => (facts.rank = at + 1));
  const rankText = (facts: Facts) => `rank ${number(facts.rank ?? 0)} of ${number(ranked.length)}: ${signalText(rankInput(facts), settings, settings.threshold, now)}`;
  const requiredCap = Math.max(budget, REQUIRED_CAP_BUDGETS * budget);

  /**
   * The one pass behind both methods. `explain` receives each decision with its reason made
   * on demand, so `included` costs no strings for the 100,000 that stay out.
   */
  function run(observed: ReadonlyMap<string, Observed>, estimates: Estimates, explain?: (facts: Facts, cost: Cost, kind: DecisionKind, reason: () => string) => void) {
    const included: Facts[] = [];
    // Decided in this run: a stamp on the facts, not a set of 100,000.
    const stamp = (runs += 1);
    let used = 0;
    const usedText = (at: number) => `${number(at)} of ${number(budget)} used`;
    const overText = (at: number) => (at > budget ? `; over the budget by ${number(at - budget)}` : '');
    const unreadable = (facts: Facts) => observed.get(facts.s.key)?.unreadable ?? facts.s.candidate.unreadable;
    const decide = (facts: Facts, cost: Cost, kind: DecisionKind, reason: () => string) => {
      facts.stamp = stamp;
      if (kind === 'picked' || kind === 'pinned' || kind === 'auto') included.push(facts);
      explain?.(facts, cost, kind, reason);
    };

    // 1. The user's word first: exclusions, pins, then picks (pins and picks in key order).
    for (const facts of marked) {
      const cost = costOf(facts, observed.get(facts.s.key), estimates);
      const failed = unreadable(facts);
      if (facts.mark === 'exclude') decide(facts, cost, 'excluded-by-user', () => 'excluded by you');
      else if (failed !== undefined) decide(facts, cost, 'unreadable', () => `could not be read: ${failed}`);
    }
    for (const mark of ['pin', 'include'] as const) {
      for (const facts of marked) {
        if (facts.mark !== mark || facts.stamp === stamp) continue;
        const cost = costOf(facts, observed.get(facts.s.key), estimates);
        used += cost.tokens;
        const after = used;
        decide(facts, cost, mark === 'pin' ? 'pinned' : 'picked', () => `${mark === 'pin' ? 'pinned' : 'picked'} by you; ${tokenText(cost)}; ${usedText(after)}${overText(after)}`);
      }
    }

    // 2. Auto-include: what the filters leave out, then fill the budget in rank order.
    if (explain) {
      for (const facts of filtered) {
        const cost = costOf(facts, observed.get(facts.s.key), estimates);
        const failed = unreadable(facts);
        const out = facts.out as DecisionKind;
        if (out !== 'not-picked' && failed !== undefined) decide(facts, cost, 'unreadable', () => `could not be read: ${failed}`);
        else decide(facts, cost, out, () => outReason(facts, out, settings));
      }
    }
    for (const facts of ranked) {
      if (!explain) {
        // The quick answer: what goes in, with no cost objects and no reasons.
        if (unreadable(facts) !== undefined) continue;
        const tokens = costOf(facts, observed.get(facts.s.key), estimates, true);
        const required = isRequired(facts, settings);
        if (used + tokens <= (required ? requiredCap : budget)) {
          used += tokens;
          included.push(facts);
        } else if (!required && used >= budget) {
          // Full: only a resource costing nothing could still go in, and decide() will say so.
          break;
        }
        continue;
      }
      const cost = costOf(facts, observed.get(facts.s.key), estimates);
      const failed = unreadable(facts);
      if (failed !== undefined) {
        decide(facts, cost, 'unreadable', () => `could not be read: ${failed}`);
        continue;
      }
      const required = isRequired(facts, settings);
      if (required && used + cost.tokens <= requiredCap) {
        used += cost.tokens;
        const after = used;
        decide(facts, cost, 'auto', () => `priority 1 is required; ${tokenText(cost)}; ${usedText(after)}${overText(after)}`);
      } else if (required) {
        const would = used + cost.tokens;
        decide(facts, cost, 'over-budget', () => `priority 1 is required, but ${tokenText(cost)} would make ${number(would)}, more than ${REQUIRED_CAP_BUDGETS}× the budget of ${number(budget)}`);
      } else if (used + cost.tokens <= budget) {
        used += cost.tokens;
        const after = used;
        decide(facts, cost, 'auto', () => `${rankText(facts)}; ${tokenText(cost)}; ${usedText(after)}`);
      } else {
        const would = used + cost.tokens;
        decide(facts, cost, 'over-budget', () => `${rankText(facts)}; but ${tokenText(cost)} would make ${number(would)} of ${number(budget)}`);
      }
    }
    return { included: orderContext(included, settings), used };
  }

  return {
    decide(observed = new Map(), estimates = {}) {
      const { included, used } = run(observed, estimates, (facts, cost, kind, reason) => {
        facts.decision = new PolicyDecision(facts, cost, kind, reason);
      });
      const overBudget = Math.max(0, used - budget);
      const warnings = overBudget > 0 ? [`over the budget by ${number(overBudget)} tokens: required, pinned or picked resources do not fit`] : [];
      const context = included.map((facts) => ({ serverId: facts.s.candidate.serverId, uri: facts.s.candidate.uri }));
      const decisions = all.map((facts) => facts.decision as Decision);
      return { decisions, context, used, overBudget, warnings };
    },
    included(observed = new Map(), estimates = {}) {
      return run(observed, estimates).included.map((facts) => facts.s.key);
    },
    ranked: ranked.map((facts) => facts.s.key),
  };
}

function isRequired(facts: Facts, settings: PolicySettings): boolean {
  return settings.requirePriorityOne && facts.s.priority === 1;
}

/** Pins first, then the rest in the order they were taken (rank), or everything by server and URI. */
function orderContext(included: Facts[], settings: PolicySettings): Facts[] {
  if (settings.order === 'uri') return [...included].sort(compareKeys);
  const pinned = included.filter((facts) => facts.mark === 'pin');
  const rest = included.filter((facts) => facts.mark !== 'pin');
  return [...pinned, ...rest];
}
