/**
 * A decision as the policy gives it (its reason written when first read), and what a resource
 * costs as known now: counted, estimated from its declared size, or guessed. policy.ts decides.
 */
import { RELEVANT_SHARE } from './focus';
import type { StaticFacts } from './policy-catalog';
import {
  BYTES_PER_TOKEN_ESTIMATE,
  formatCount,
  type Candidate,
  type Decision,
  type DecisionKind,
  type Estimates,
  type Observed,
  type PolicySettings,
} from './policy-types';

const number = formatCount;

/** Tokens as known now: counted, else estimated from the size, else guessed. */
export interface Cost {
  tokens: number;
  estimated: boolean;
  /** How the estimate was made, when it is one. */
  basis: 'counted' | 'size' | 'guess' | 'unknown';
}

/**
 * A decision whose reason is written when first read: a window reads the reasons of the few it
 * shows.
 */
export class PolicyDecision implements Decision {
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
export function tokensOf(
  candidate: Candidate,
  size: number | undefined,
  observed: Observed | undefined,
  estimates: Estimates,
): number {
  const counted = observed?.tokens ?? candidate.tokens;
  if (typeof counted === 'number' && Number.isFinite(counted) && counted >= 0)
    return Math.round(counted);
  if (size !== undefined)
    return Math.max(
      estimates.minTokens ?? 0,
      Math.ceil(
        size /
          (estimates.bytesPerToken !== undefined && estimates.bytesPerToken > 0
            ? estimates.bytesPerToken
            : BYTES_PER_TOKEN_ESTIMATE),
      ),
    );
  return Math.max(0, Math.round(estimates.guess ?? candidate.guess ?? 0));
}

export function costOf(
  facts: StaticFacts,
  observed: Observed | undefined,
  estimates: Estimates,
): Cost {
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

export function tokenText(cost: Cost): string {
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
export function outReason(
  facts: StaticFacts,
  kind: DecisionKind,
  settings: PolicySettings,
): string {
  if (kind === 'not-picked') return 'not picked, and auto-include is off';
  if (kind === 'excluded-by-audience')
    return `audience is ${(facts.audience ?? []).join(' and ')}, not assistant`;
  return `priority ${facts.priority} < ${settings.threshold}`;
}

/** Why a resource the focus finds not relevant stays out, with the rank that placed it. */
export function notRelevantText(
  match: { score: number; relevant: boolean } | undefined,
  rankText: string,
): string {
  const why =
    match === undefined
      ? 'none of its words matched'
      : `it scores ${Math.round(match.score * 100)}% of the best match, and relevant starts at ${Math.round(RELEVANT_SHARE * 100)}%`;
  return `not relevant to the focus: ${why}; ${rankText}`;
}
