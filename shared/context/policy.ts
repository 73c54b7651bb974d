/**
 * The auto-include policy: which resources go into the context, and why. Pure and
 * deterministic: the same candidates, marks and settings give the same decisions and the same
 * order, whatever order the catalog arrived in. Token counts are inputs (counted elsewhere, off
 * the UI thread); before a resource is read, its declared size stands in as a stated estimate.
 */
import type { ServerId } from '../host-api';
import { checkAnnotations } from '../catalog/validate-item';

/** What the user said about one resource. A pick is an include. */
export type Mark = 'include' | 'exclude' | 'pin';

export interface PolicySettings {
  /** Auto-include on or off; off, only picked and pinned resources go in. */
  auto: boolean;
  /** Keep resources whose audience includes "assistant" or is absent ("assistant"), or any. */
  audience: 'assistant' | 'any';
  /** Auto-include needs at least this priority (0 to 1). */
  threshold: number;
  /** Priority 1 goes in even over the budget, with a warning. */
  requirePriorityOne: boolean;
  /** Among equal priorities newer comes first; with a half-life, age also lowers the rank. */
  halfLifeDays?: number;
  /** Tokens the context may use. */
  budget: number;
  /** The order of the assembled context: by rank (pins first), or by server and URI. */
  order: 'rank' | 'uri';
}

export const DEFAULT_POLICY: PolicySettings = {
  auto: true,
  audience: 'assistant',
  threshold: 0.5,
  requirePriorityOne: true,
  budget: 8000,
  order: 'rank',
};

/** One resource the policy can decide about, as listed (annotations unchecked). */
export interface Candidate {
  serverId: ServerId;
  uri: string;
  /** Annotations as the server sent them; invalid ones count as absent, with a warning. */
  annotations?: unknown;
  /** Declared size in bytes, if any: the estimate before the resource is read. */
  size?: number;
  /** Tokens of its assembled text, once read and counted. */
  tokens?: number;
  /** The caller's guess when neither tokens nor a size are known (e.g. the average of those read). */
  guess?: number;
  /** Why it could not be read, if it could not. */
  unreadable?: string;
}

export type DecisionKind =
  | 'picked'
  | 'pinned'
  | 'auto'
  | 'excluded-by-user'
  | 'excluded-by-audience'
  | 'below-threshold'
  | 'over-budget'
  | 'unreadable'
  | 'not-picked';

export interface Decision {
  serverId: ServerId;
  uri: string;
  kind: DecisionKind;
  included: boolean;
  /** One line a person understands, e.g. "priority 0.8 ≥ 0.5; 1,204 tokens; 5,610 of 8,000 used". */
  reason: string;
  /** Tokens counted, or estimated from the declared size (see `estimated`), or 0 when neither is known. */
  tokens: number;
  estimated: boolean;
  /** Problems with its annotations, which were treated as absent. */
  warnings: string[];
}

export interface PolicyResult {
  /** One per candidate, ordered by server id then URI. */
  decisions: Decision[];
  /** The included resources, in the order they go into the context. */
  context: { serverId: ServerId; uri: string }[];
  /** Tokens of everything included, and how many of them exceed the budget. */
  used: number;
  overBudget: number;
  /** Context-wide warnings: required or manual resources over the budget. */
  warnings: string[];
}

/** Bytes per token when only a declared size is known: a stated rule of thumb. */
export const BYTES_PER_TOKEN_ESTIMATE = 4;

const DAY_MS = 86_400_000;

/** The key of a resource: server and URI. */
export function candidateKey(serverId: ServerId, uri: string): string {
  return JSON.stringify([serverId, uri]);
}

interface Facts {
  candidate: Candidate;
  key: string;
  priority: number | undefined;
  audience: readonly string[] | undefined;
  time: number | undefined;
  tokens: number;
  estimated: boolean;
  warnings: string[];
  mark: Mark | undefined;
}

const number = (value: number) => value.toLocaleString('en-US');

function factsOf(candidate: Candidate, marks: ReadonlyMap<string, Mark>): Facts {
  const warnings: string[] = [];
  const annotations = checkAnnotations(candidate.annotations, warnings);
  const known = typeof candidate.tokens === 'number' && Number.isFinite(candidate.tokens) && candidate.tokens >= 0;
  const sized = typeof candidate.size === 'number' && Number.isFinite(candidate.size) && candidate.size >= 0;
  const key = candidateKey(candidate.serverId, candidate.uri);
  return {
    candidate,
    key,
    priority: annotations?.priority,
    audience: annotations?.audience,
    time: annotations?.lastModified === undefined ? undefined : Date.parse(annotations.lastModified),
    tokens: known
      ? Math.round(candidate.tokens as number)
      : sized
        ? Math.ceil((candidate.size as number) / BYTES_PER_TOKEN_ESTIMATE)
        : Math.max(0, Math.round(candidate.guess ?? 0)),
    estimated: !known,
    warnings,
    mark: marks.get(key),
  };
}

function tokenText(facts: Facts): string {
  if (!facts.estimated) return `${number(facts.tokens)} tokens`;
  if (typeof facts.candidate.size === 'number') return `about ${number(facts.tokens)} tokens (estimated from its declared size, not read yet)`;
  if (facts.tokens > 0) return `about ${number(facts.tokens)} tokens (a guess: no size declared, not read yet)`;
  return 'tokens not known until it is read';
}

/** Rank for auto-include: higher first. Priority, weighted by age when a half-life is set. */
function rankScore(facts: Facts, settings: PolicySettings, now: number): number {
  const priority = facts.priority ?? 0;
  if (!settings.halfLifeDays || facts.time === undefined) return priority;
  const ageDays = Math.max(0, (now - facts.time) / DAY_MS);
  return priority * 0.5 ** (ageDays / settings.halfLifeDays);
}

function compareKeys(a: Facts, b: Facts): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * Decides every candidate. `marks` are keyed by {@link candidateKey}; `now` (milliseconds)
 * matters only with a half-life, and is an input so the result stays reproducible.
 */
export function decideContext(candidates: readonly Candidate[], marks: ReadonlyMap<string, Mark>, settings: PolicySettings, now = 0): PolicyResult {
  // One entry per key (the first listed), in key order: the arrival order must not matter.
  const unique = new Map<string, Facts>();
  for (const candidate of candidates) {
    const facts = factsOf(candidate, marks);
    if (!unique.has(facts.key)) unique.set(facts.key, facts);
  }
  const all = [...unique.values()].sort(compareKeys);
  const budget = Math.max(0, settings.budget);
  const decided = new Map<string, Decision>();
  const included: Facts[] = [];
  let used = 0;
  const warnings: string[] = [];

  const decide = (facts: Facts, kind: DecisionKind, reason: string) => {
    const isIn = kind === 'picked' || kind === 'pinned' || kind === 'auto';
    decided.set(facts.key, {
      serverId: facts.candidate.serverId,
      uri: facts.candidate.uri,
      kind,
      included: isIn,
      reason,
      tokens: facts.tokens,
      estimated: facts.estimated,
      warnings: facts.warnings,
    });
    if (isIn) included.push(facts);
  };
  const usedText = () => `${number(used)} of ${number(budget)} used`;

  // 1. The user's word first: exclusions, pins, then picks (pins and picks in key order).
  for (const facts of all) {
    if (facts.mark === 'exclude') decide(facts, 'excluded-by-user', 'excluded by you');
    else if (facts.candidate.unreadable !== undefined && facts.mark !== undefined) decide(facts, 'unreadable', `could not be read: ${facts.candidate.unreadable}`);
  }
  for (const mark of ['pin', 'include'] as const) {
    for (const facts of all) {
      if (facts.mark !== mark || decided.has(facts.key)) continue;
      used += facts.tokens;
      const over = used > budget ? `; over the budget by ${number(used - budget)}` : '';
      decide(facts, mark === 'pin' ? 'pinned' : 'picked', `${mark === 'pin' ? 'pinned' : 'picked'} by you; ${tokenText(facts)}; ${usedText()}${over}`);
    }
  }

  // 2. Auto-include: filter, then fill the budget in rank order.
  const ranked: Facts[] = [];
  for (const facts of all) {
    if (decided.has(facts.key)) continue;
    if (!settings.auto) {
      decide(facts, 'not-picked', 'not picked, and auto-include is off');
    } else if (facts.candidate.unreadable !== undefined) {
      decide(facts, 'unreadable', `could not be read: ${facts.candidate.unreadable}`);
    } else if (settings.audience === 'assistant' && facts.audience !== undefined && !facts.audience.includes('assistant')) {
      decide(facts, 'excluded-by-audience', `audience is ${facts.audience.join(' and ')}, not assistant`);
    } else if (facts.priority === undefined || facts.priority < settings.threshold) {
      const has = facts.priority === undefined ? 'no priority' : `priority ${facts.priority}`;
      decide(facts, 'below-threshold', `${has} < ${settings.threshold}`);
    } else {
      ranked.push(facts);
    }
  }
  ranked.sort((a, b) => {
    const required = Number(isRequired(b, settings)) - Number(isRequired(a, settings));
    if (required !== 0) return required;
    const score = rankScore(b, settings, now) - rankScore(a, settings, now);
    if (score !== 0) return score;
    const time = (b.time ?? -Infinity) - (a.time ?? -Infinity);
    if (time !== 0 && !Number.isNaN(time)) return time;
    return compareKeys(a, b);
  });
  for (const facts of ranked) {
    const why = `priority ${facts.priority} ≥ ${settings.threshold}`;
    if (isRequired(facts, settings)) {
      used += facts.tokens;
      const over = used > budget ? `; over the budget by ${number(used - budget)}` : '';
      decide(facts, 'auto', `priority 1 is required; ${tokenText(facts)}; ${usedText()}${over}`);
      continue;
    }
    if (used + facts.tokens <= budget) {
      used += facts.tokens;
      decide(facts, 'auto', `${why}; ${tokenText(facts)}; ${usedText()}`);
    } else {
      decide(facts, 'over-budget', `${why}, but ${tokenText(facts)} would make ${number(used + facts.tokens)} of ${number(budget)}`);
    }
  }

  const overBudget = Math.max(0, used - budget);
  if (overBudget > 0) warnings.push(`over the budget by ${number(overBudget)} tokens: required, pinned or picked resources do not fit`);
  const context = orderContext(included, settings).map((facts) => ({ serverId: facts.candidate.serverId, uri: facts.candidate.uri }));
  const decisions = all.map((facts) => decided.get(facts.key) as Decision);
  return { decisions, context, used, overBudget, warnings };
}

function isRequired(facts: Facts, settings: PolicySettings): boolean {
  return settings.requirePriorityOne && facts.priority === 1;
}

/** Pins first, then the rest in the order they were taken (rank), or everything by server and URI. */
function orderContext(included: Facts[], settings: PolicySettings): Facts[] {
  if (settings.order === 'uri') return [...included].sort(compareKeys);
  const pinned = included.filter((facts) => facts.mark === 'pin');
  const rest = included.filter((facts) => facts.mark !== 'pin');
  return [...pinned, ...rest];
}
