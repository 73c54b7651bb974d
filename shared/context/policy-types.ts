/**
 * The policy's data: what the user said (marks), the settings, the candidates it weighs, and
 * the decisions it gives. Apart from policy.ts, which computes them, so the data reads on one page.
 */
import type { ServerId } from '../mcp-types';

/** What the user said about one resource. A pick is an include. */
export type Mark = 'include' | 'exclude' | 'pin';

export interface PolicySettings {
  /** Auto-include on or off; off, only picked and pinned resources go in. */
  auto: boolean;
  /** Keep resources whose audience includes "assistant" or is absent ("assistant"), or any. */
  audience: 'assistant' | 'any';
  /**
   * Auto-include leaves out a stated priority below this (0 to 1); an unstated one is unknown, not
   * low.
   */
  threshold: number;
  /** Priority 1 goes in first, up to {@link PolicySettings.requiredShare} of the budget. */
  requirePriorityOne: boolean;
  /**
   * The share of the budget required resources may take, 0 to 1, so that one server's priority 1
   * never mutes the focus. Absent: {@link DEFAULT_REQUIRED_SHARE}.
   */
  requiredShare?: number;
  /**
   * With a focus, fill the budget left after the relevant resources with the rest, by rank.
   * Absent or false: what the focus finds not relevant stays out. Without a focus it has no
   * effect: the budget is always filled by rank.
   */
  fill?: boolean;
  /** Newer breaks ties; with a half-life (days), age also lowers the rank. */
  halfLifeDays?: number;
  /** Tokens the context may use. */
  budget: number;
  /** The order of the assembled context: by rank (pins first), or by server and URI. */
  order: 'rank' | 'uri';
  /**
   * What the agent is about to do, in free text; auto-include ranks by relevance to it (focus.ts).
   */
  focus?: string;
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
  /**
   * What the user calls the server. Ties and the "uri" order sort on it rather than on the id,
   * which differs from run to run (the CLI and the app number their servers differently).
   */
  serverName?: string;
  uri: string;
  /** Annotations as the server sent them; invalid ones count as absent, with a warning. */
  annotations?: unknown;
  /** Declared size in bytes, if any: the estimate before the resource is read. */
  size?: number;
  /** Declared MIME type: binary types rank low, since the text context leaves them out. */
  mimeType?: string;
  /** Tokens of its assembled text, once read and counted. */
  tokens?: number;
  /**
   * The caller's guess when neither tokens nor a size are known (e.g. the average of those read).
   */
  guess?: number;
  /** Why it could not be read, if it could not. */
  unreadable?: string;
}

/** Every decision a resource can get. */
export const DECISION_KINDS = [
  'picked',
  'pinned',
  'auto',
  'excluded-by-user',
  'excluded-by-audience',
  'below-threshold',
  'over-budget',
  'unreadable',
  'not-picked',
  'not-relevant',
  'no-text',
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export interface Decision {
  serverId: ServerId;
  uri: string;
  /** The resource key (catalog/resource-key.ts). */
  key: string;
  kind: DecisionKind;
  included: boolean;
  /**
   * One line a person understands, e.g. "priority 0.8 ≥ 0.5; 1,204 tokens; 5,610 of 8,000 used".
   */
  reason: string;
  /**
   * Tokens counted, or estimated from the declared size (see `estimated`), or 0 when neither is
   * known.
   */
  tokens: number;
  estimated: boolean;
  /** Problems with its annotations, which were treated as absent. */
  warnings: string[];
  /**
   * Its place in auto-include's rank, from 1; absent for what the user marked or a filter left out.
   */
  rank?: number;
}

export interface PolicyResult {
  /** One per candidate, ordered by server name, then URI; made when first read. */
  readonly decisions: readonly Decision[];
  /** One candidate's decision, by key: what a window showing a few rows asks for. */
  decision(key: string): Decision | undefined;
  /** The included resources, in the order they go into the context. */
  context: { serverId: ServerId; uri: string }[];
  /** The same, as resource keys (resource-key.ts). */
  contextKeys: string[];
  /** Tokens of everything included, and how many of them exceed the budget. */
  used: number;
  overBudget: number;
  /** Context-wide warnings: picked or pinned resources over the budget. */
  warnings: string[];
  /**
   * Where the tokens went: to what you picked or pinned, to required resources, to resources
   * relevant to the focus, and to the rest (without a focus, or with fill).
   */
  usedBy: UsedBy;
  /**
   * One line per server whose required resources were held back (by their share of the budget
   * or by the focus's best match), with the way out.
   */
  crowding: string[];
}

export interface UsedBy {
  marked: number;
  required: number;
  relevant: number;
  fill: number;
}

/**
 * What a read found when a resource has no text, only binary content, which the text context
 * leaves out: it is decided `no-text`, and costs nothing.
 */
export const NO_TEXT = 'it has no text content (only binary, which the text context leaves out)';

/** The share of the budget required resources take at most, unless the settings say otherwise. */
export const DEFAULT_REQUIRED_SHARE = 0.5;

/**
 * Which auto-include decided a context: raised whenever the same catalog, marks, settings and
 * contents can decide otherwise, so a capture's replay can tell a newer ranking from an edit.
 * 2: issue 25 (content in the rank, the relevance cutoff, the required share).
 */
export const RANKING_VERSION = 2;

/** Bytes per token when only a declared size is known: a stated rule of thumb. */
export const BYTES_PER_TOKEN_ESTIMATE = 4;

/** What reads found out about one resource since the catalog was prepared. */
export interface Observed {
  tokens?: number;
  unreadable?: string;
}

/** How to estimate what was not read yet. */
export interface Estimates {
  /** Tokens for a resource that declares no size. */
  guess?: number;
  /**
   * Bytes per token for one that does (learned from reads; {@link BYTES_PER_TOKEN_ESTIMATE} before
   * any).
   */
  bytesPerToken?: number;
  /**
   * The least any resource costs once read (its heading and URI lines): an estimate below it
   * is raised to it, so the edge of a nearly full budget is not chased through a catalog of
   * tiny declared sizes that each turn out not to fit.
   */
  minTokens?: number;
  /**
   * Why a resource not observed yet will not be read in this run, if it will not (a read limit
   * reached, its server failing every read): auto-include then decides it unreadable in the
   * same pass, rather than a read wave refusing it a few at a time.
   */
  refused?(serverId: ServerId): string | undefined;
}

export interface PreparedPolicy {
  /**
   * The decisions, given what reads found (by candidate key) and how to estimate the rest.
   * Linear in the catalog: nothing is sorted again.
   */
  decide(observed?: ReadonlyMap<string, Observed>, estimates?: Estimates): PolicyResult;
  /**
   * The keys that go in, in context order, without a reason for everything; a quick answer for
   * choosing what to read next. It may stop early once the budget is full, so the final word
   * is always `decide`'s.
   */
  included(observed?: ReadonlyMap<string, Observed>, estimates?: Estimates): string[];
  /**
   * The keys auto-include may take, best first (required, then score, newer, key); walked only as
   * far as asked.
   */
  ranked(): Iterable<string>;
}

/**
 * "12,345": thousands separated by commas, for reasons and counts. By hand, because
 * toLocaleString goes through ICU and costs microseconds a call, 100,000 times a decision.
 */
export function formatCount(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
