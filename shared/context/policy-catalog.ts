/**
 * What the policy works out once per catalog, and once per catalog and settings, so that a
 * decision run at 100,000 resources costs a pass over arrays rather than a sort and 100,000
 * objects: every toggle and every letter of a focus decides again.
 * - The catalog: each candidate's checked facts, in key order, and where each key sits.
 * - A base rank: the filters' verdicts and the scores without a focus match, and those in the
 *   running in rank order. A run merges the few its focus matched into it (policy.ts).
 */
import { resourceKeyString } from '../catalog/resource-key';
import { checkAnnotations } from '../catalog/validate-item';
import { serverNameOf, type CandidateList } from './candidates';
import type { Candidate, DecisionKind, PolicySettings } from './policy-types';
import { hasFocus, rankFactor, rankScoreWithoutFocus, type RankInput } from './rank';

/** What a candidate says by itself, whatever the marks and settings. */
export interface StaticFacts {
  candidate: Candidate;
  key: string;
  priority: number | undefined;
  audience: readonly string[] | undefined;
  /**
   * lastModified in milliseconds; -Infinity when absent, so the newest-first order needs no test.
   */
  time: number;
  /** The declared size in bytes, if usable. */
  size: number | undefined;
  /** Its URI names an overview: a README, an index, a getting-started page (see OVERVIEW). */
  overview: boolean;
  warnings: string[];
  /** What the user calls its server. */
  serverName: string;
}

/**
 * The last segment of a URI that reads as the way into a set of documents. Without a focus,
 * ties of priority and recency go to these, then to the smaller: an agent told nothing else is
 * better served by the overview than by whatever sorts first.
 */
const OVERVIEW =
  /(?:^|[/:\\])(?:readme|index|overview|intro|introduction|getting[-_ ]?started|quick[-_ ]?start|start[-_ ]?here|summary|toc)(?:\.[a-z0-9]{1,8})?\/?$/i;

/** Whether a URI names an overview: its path, query and fragment aside. */
export function isOverview(uri: string): boolean {
  const path = uri.replace(/[?#].*$/s, '');
  return OVERVIEW.test(path.length > 512 ? path.slice(-512) : path);
}

export interface PolicyCatalog {
  /**
   * One entry per key (the first listed), ordered by server name, URI, then id: its index is its
   * order.
   */
  facts: readonly StaticFacts[];
  /** The order of each key. */
  at: ReadonlyMap<string, number>;
  /** Base ranks by settings, the latest few. */
  bases: Map<string, BaseRank>;
  /**
   * What breaks ties, by order, in arrays: a sort of 100,000 that reads objects in its
   * comparisons takes a second, one that reads these a tenth of it.
   */
  ties: {
    priorityOne: Uint8Array;
    /** lastModified, -Infinity when absent. */
    time: Float64Array;
    overview: Uint8Array;
    /** The declared size, Infinity when absent. */
    size: Float64Array;
  };
}

/** A catalog under one set of settings, before marks and focus matches. */
export interface BaseRank {
  /**
   * Why auto-include leaves each out before any budget, by order; undefined if it is in the
   * running.
   */
  out: readonly (DecisionKind | undefined)[];
  /** Each one's rank score without a focus match, by order (filtered out or not). */
  score: Float64Array;
  /** What a focus match's share of the score is multiplied by, by order (rankFactor). */
  factor: Float64Array;
  /** Those in the running, best first (see {@link compareRank}). */
  ranked: Int32Array;
}

const BASES_KEPT = 4;

// Per candidate list: a catalog curated again and again is checked, keyed and ordered once.
const catalogs = new WeakMap<CandidateList<Candidate>, PolicyCatalog>();

function staticFactsOf(
  list: CandidateList<Candidate>,
  candidate: Candidate,
): StaticFacts & { sortKey: string } {
  const warnings: string[] = [];
  const annotations = checkAnnotations(candidate.annotations, warnings);
  // A size of 0 says nothing useful (a hostile server could make everything look free).
  const sized =
    typeof candidate.size === 'number' && Number.isFinite(candidate.size) && candidate.size > 0;
  const serverName = serverNameOf(list, candidate);
  return {
    candidate,
    key: resourceKeyString(candidate),
    sortKey: JSON.stringify([serverName, candidate.uri, candidate.serverId]),
    priority: annotations?.priority,
    audience: annotations?.audience,
    // checkAnnotations keeps only valid ISO timestamps, so this is finite.
    time:
      annotations?.lastModified === undefined ? -Infinity : Date.parse(annotations.lastModified),
    size: sized ? candidate.size : undefined,
    overview: isOverview(candidate.uri),
    warnings,
    serverName,
  };
}

/** The catalog of a candidate list; the arrival order does not matter. */
export function catalogOf(candidates: CandidateList<Candidate>): PolicyCatalog {
  const known = catalogs.get(candidates);
  if (known) return known;
  const unique = new Map<string, StaticFacts & { sortKey: string }>();
  for (const candidate of candidates) {
    const facts = staticFactsOf(candidates, candidate);
    if (!unique.has(facts.key)) unique.set(facts.key, facts);
  }
  const sorted = [...unique.values()].sort((a, b) =>
    a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0,
  );
  const facts = sorted.map(({ sortKey: _sortKey, ...rest }) => rest);
  const catalog: PolicyCatalog = {
    facts,
    at: new Map(facts.map((entry, order) => [entry.key, order])),
    bases: new Map(),
    ties: {
      priorityOne: Uint8Array.from(facts, (entry) => (entry.priority === 1 ? 1 : 0)),
      time: Float64Array.from(facts, (entry) => entry.time),
      overview: Uint8Array.from(facts, (entry) => (entry.overview ? 1 : 0)),
      size: Float64Array.from(facts, (entry) => entry.size ?? Infinity),
    },
  };
  catalogs.set(candidates, catalog);
  return catalog;
}

export function rankInput(facts: StaticFacts, focus: RankInput['focus']): RankInput {
  return {
    priority: facts.priority,
    time: facts.time === -Infinity ? undefined : facts.time,
    size: facts.size,
    mimeType: facts.candidate.mimeType,
    focus,
    audience: facts.audience,
  };
}

export function isRequired(facts: StaticFacts, settings: PolicySettings): boolean {
  return settings.requirePriorityOne && facts.priority === 1;
}

/**
 * Auto-include's order, as a comparison of two resources by order and score: without a focus,
 * required first; then the higher score (priority, fit and the focus's match), the newer, an
 * overview before the rest, the smaller of two declared sizes, and the catalog order. With a
 * focus the required are ranked by it like the rest (policy.ts still takes them, up to their
 * share, right after the focus's best match). A total order, so merging lists sorted by it gives what sorting them together would.
 */
export function compareRank(
  catalog: PolicyCatalog,
  settings: PolicySettings,
  a: number,
  scoreA: number,
  b: number,
  scoreB: number,
): number {
  const { priorityOne, time, overview, size } = catalog.ties;
  if (settings.requirePriorityOne && !hasFocus(settings)) {
    const required = (priorityOne[b] as number) - (priorityOne[a] as number);
    if (required !== 0) return required;
  }
  if (scoreA !== scoreB) return scoreB - scoreA;
  // Both absent is -Infinity minus -Infinity: NaN, a tie.
  const newer = (time[b] as number) - (time[a] as number);
  if (newer !== 0 && !Number.isNaN(newer)) return newer;
  const first = (overview[b] as number) - (overview[a] as number);
  if (first !== 0) return first;
  // Small before large, where the server said; a size not said goes after those said.
  const smaller = (size[a] as number) - (size[b] as number);
  if (smaller !== 0 && !Number.isNaN(smaller)) return smaller;
  return a - b;
}

/**
 * Why auto-include leaves a resource out before any budget, or undefined when it is in the running.
 */
function filteredOut(facts: StaticFacts, settings: PolicySettings): DecisionKind | undefined {
  if (!settings.auto) return 'not-picked';
  if (
    settings.audience === 'assistant' &&
    facts.audience !== undefined &&
    !facts.audience.includes('assistant')
  )
    return 'excluded-by-audience';
  // No priority is unknown, not 0: only a stated one below the threshold leaves a resource out.
  if (facts.priority !== undefined && facts.priority < settings.threshold) return 'below-threshold';
  return undefined;
}

/**
 * The base rank for these settings. With a half-life the scores depend on `now`, so it is
 * made again for each `now`; without one, once per settings.
 */
export function baseRankOf(
  catalog: PolicyCatalog,
  settings: PolicySettings,
  now: number,
): BaseRank {
  const key = JSON.stringify([
    settings.auto,
    settings.audience,
    settings.threshold,
    settings.requirePriorityOne,
    settings.halfLifeDays ?? 0,
    settings.budget,
    hasFocus(settings),
    settings.halfLifeDays ? now : 0,
  ]);
  const kept = catalog.bases.get(key);
  if (kept) {
    // Most recently used last, so the oldest goes first.
    catalog.bases.delete(key);
    catalog.bases.set(key, kept);
    return kept;
  }
  const count = catalog.facts.length;
  const out = new Array<DecisionKind | undefined>(count);
  const score = new Float64Array(count);
  const factor = new Float64Array(count);
  const running: number[] = [];
  catalog.facts.forEach((facts, order) => {
    const input = rankInput(facts, undefined);
    // Made for the filtered out too: a focus may bring one back (policy-focus.ts).
    score[order] = rankScoreWithoutFocus(input, settings, now);
    factor[order] = rankFactor(input, settings, now);
    out[order] = filteredOut(facts, settings);
    if (out[order] === undefined) running.push(order);
  });
  const ranked = Int32Array.from(running);
  ranked.sort((a, b) =>
    compareRank(catalog, settings, a, score[a] as number, b, score[b] as number),
  );
  const base: BaseRank = { out, score, factor, ranked };
  catalog.bases.set(key, base);
  if (catalog.bases.size > BASES_KEPT)
    catalog.bases.delete(catalog.bases.keys().next().value as string);
  return base;
}
