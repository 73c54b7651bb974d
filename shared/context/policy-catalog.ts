/**
 * What the policy works out once per catalog, and once per catalog and settings, so that a
 * decision run at 100,000 resources costs a pass over arrays rather than a sort and 100,000
 * objects: every toggle and every letter of a focus decides again.
 * - The catalog: what each candidate says by itself, checked once, in columns by its order
 *   (server name, then URI), and where each key sits.
 * - A base rank: the filters' verdicts and the scores without a focus match, and those in the
 *   running in rank order. A run merges the few its focus matched into it (policy.ts).
 */
import { checkAnnotations } from '../catalog/validate-item';
import { keyedList, serverNameOf, type CandidateList } from './candidates';
import type { Candidate, DecisionKind, PolicySettings } from './policy-types';
import { hasFocus, rankFactor, rankScoreWithoutFocus, type RankInput } from './rank';

/**
 * What a candidate says by itself, whatever the marks and settings: made for the few resources
 * whose decision somebody reads (a catalog keeps these facts in columns, {@link PolicyCatalog}).
 */
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

/**
 * A candidate list checked once: one place per key (the first listed), ordered by server name,
 * URI, then id, so that a place is an order; and what each says by itself in columns by order.
 * The candidates are the list's own, and their keys the list's (candidates.ts): nothing is
 * copied per resource.
 */
export interface PolicyCatalog {
  /** How many places. */
  readonly size: number;
  readonly list: CandidateList<Candidate>;
  /** The place in the list of the candidate at each order. */
  readonly index: Int32Array;
  /** The order of the candidate at each place in the list; -1 for a key listed again. */
  readonly orderAt: Int32Array;
  /** The order of a key, if listed. */
  orderOf(key: string): number | undefined;
  keyAt(order: number): string;
  candidateAt(order: number): Candidate;
  serverNameAt(order: number): string;
  /** Stated priorities by order; NaN where none is. */
  readonly priority: Float64Array;
  /** Stated audiences by order, as an index into {@link audiences}; 0 where none is. */
  readonly audience: Uint8Array;
  readonly audiences: readonly (readonly string[] | undefined)[];
  /** Problems with the annotations, by order; only those that have some. */
  readonly warnings: ReadonlyMap<number, string[]>;
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
const NO_WARNINGS: string[] = [];

// Per candidate list: a catalog curated again and again is checked, keyed and ordered once.
const catalogs = new WeakMap<CandidateList<Candidate>, PolicyCatalog>();

/** The catalog of a candidate list; the arrival order does not matter. */
export function catalogOf(list: CandidateList<Candidate>): PolicyCatalog {
  const known = catalogs.get(list);
  if (known) return known;
  const keyed = keyedList(list);
  const firsts = policyOrder(list, keyed.first.values());
  const size = firsts.length;
  const orderAt = new Int32Array(list.length).fill(-1);
  firsts.forEach((at, order) => (orderAt[at] = order));
  const priority = new Float64Array(size);
  const audience = new Uint8Array(size);
  const audiences: (readonly string[] | undefined)[] = [undefined];
  // checkAnnotations gives one of a few shared lists: known by identity, else by their roles.
  const audienceCodes = new Map<readonly string[] | string, number>();
  const audienceCode = (roles: readonly string[]): number => {
    let code = audienceCodes.get(roles);
    if (code === undefined) {
      const named = roles.join(' ');
      code = audienceCodes.get(named);
      if (code === undefined) {
        code = audiences.length;
        audiences.push(roles);
        audienceCodes.set(named, code);
      }
      audienceCodes.set(roles, code);
    }
    return code;
  };
  const warnings = new Map<number, string[]>();
  const ties = {
    priorityOne: new Uint8Array(size),
    time: new Float64Array(size),
    overview: new Uint8Array(size),
    size: new Float64Array(size),
  };
  const problems: string[] = [];
  // In the list's order, not the policy's: the entries are read where they lie in memory (in
  // the policy's order, a catalog of 100,000 took 0.3 s rather than 0.1 s to check).
  for (const at of keyed.first.values()) {
    const order = orderAt[at] as number;
    const candidate = list[at] as Candidate;
    const annotations = checkAnnotations(candidate.annotations, problems);
    if (problems.length > 0) warnings.set(order, problems.splice(0));
    const stated = annotations?.priority;
    priority[order] = stated ?? NaN;
    ties.priorityOne[order] = stated === 1 ? 1 : 0;
    if (annotations?.audience !== undefined) audience[order] = audienceCode(annotations.audience);
    // checkAnnotations keeps only valid ISO timestamps, so this is finite.
    ties.time[order] =
      annotations?.lastModified === undefined ? -Infinity : Date.parse(annotations.lastModified);
    ties.overview[order] = isOverview(candidate.uri) ? 1 : 0;
    // A size of 0 says nothing useful (a hostile server could make everything look free).
    const sized =
      typeof candidate.size === 'number' && Number.isFinite(candidate.size) && candidate.size > 0;
    ties.size[order] = sized ? (candidate.size as number) : Infinity;
  }
  const catalog: PolicyCatalog = {
    size,
    list,
    index: firsts,
    orderAt,
    orderOf(key) {
      const at = keyed.first.get(key);
      return at === undefined ? undefined : (orderAt[at] as number);
    },
    keyAt: (order) => keyed.keys[firsts[order] as number] as string,
    candidateAt: (order) => list[firsts[order] as number] as Candidate,
    serverNameAt: (order) => serverNameOf(list, list[firsts[order] as number] as Candidate),
    priority,
    audience,
    audiences,
    warnings,
    bases: new Map(),
    ties,
  };
  catalogs.set(list, catalog);
  return catalog;
}

/**
 * The places of `listed` in the order the policy gives: by server name, URI and id, compared as
 * one string each, made for the sort. A function of its own, so that no closure of the catalog
 * keeps those strings alive with its scope.
 */
function policyOrder(list: CandidateList<Candidate>, listed: Iterable<number>): Int32Array {
  const places = Int32Array.from(listed);
  const sortKeys = Array.from(places, (at) => {
    const candidate = list[at] as Candidate;
    return JSON.stringify([serverNameOf(list, candidate), candidate.uri, candidate.serverId]);
  });
  const sorted = Int32Array.from(places.keys()).sort((a, b) => {
    const x = sortKeys[a] as string;
    const y = sortKeys[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return sorted.map((place) => places[place] as number);
}

/** The declared size at `order`, if usable. */
export function sizeAt(catalog: PolicyCatalog, order: number): number | undefined {
  const size = catalog.ties.size[order] as number;
  return size === Infinity ? undefined : size;
}

/** The stated priority at `order`, if any. */
export function priorityAt(catalog: PolicyCatalog, order: number): number | undefined {
  const priority = catalog.priority[order] as number;
  return Number.isNaN(priority) ? undefined : priority;
}

/** The stated audience at `order`, if any. */
export function audienceAt(catalog: PolicyCatalog, order: number): readonly string[] | undefined {
  return catalog.audiences[catalog.audience[order] as number];
}

/** What the candidate at `order` says by itself, as one object: for a decision someone reads. */
export function factsAt(catalog: PolicyCatalog, order: number): StaticFacts {
  const time = catalog.ties.time[order] as number;
  return {
    candidate: catalog.candidateAt(order),
    key: catalog.keyAt(order),
    priority: priorityAt(catalog, order),
    audience: audienceAt(catalog, order),
    time,
    size: sizeAt(catalog, order),
    overview: catalog.ties.overview[order] === 1,
    warnings: catalog.warnings.get(order) ?? NO_WARNINGS,
    serverName: catalog.serverNameAt(order),
  };
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

/** {@link rankInput} of the candidate at `order`, read from the columns. */
function rankInputAt(catalog: PolicyCatalog, order: number): RankInput {
  const time = catalog.ties.time[order] as number;
  return {
    priority: priorityAt(catalog, order),
    time: time === -Infinity ? undefined : time,
    size: sizeAt(catalog, order),
    mimeType: catalog.candidateAt(order).mimeType,
    focus: undefined,
    audience: audienceAt(catalog, order),
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
function filteredOut(
  catalog: PolicyCatalog,
  order: number,
  settings: PolicySettings,
): DecisionKind | undefined {
  if (!settings.auto) return 'not-picked';
  const audience = audienceAt(catalog, order);
  if (
    settings.audience === 'assistant' &&
    audience !== undefined &&
    !audience.includes('assistant')
  )
    return 'excluded-by-audience';
  // No priority is unknown, not 0: only a stated one below the threshold leaves a resource out.
  const priority = catalog.priority[order] as number;
  if (priority < settings.threshold) return 'below-threshold';
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
  const count = catalog.size;
  const out = new Array<DecisionKind | undefined>(count);
  const score = new Float64Array(count);
  const factor = new Float64Array(count);
  const running: number[] = [];
  // In the list's order, where the entries lie in memory (see catalogOf).
  for (const order of catalog.orderAt) {
    if (order < 0) continue;
    const input = rankInputAt(catalog, order);
    // Made for the filtered out too: a focus may bring one back (policy-focus.ts).
    score[order] = rankScoreWithoutFocus(input, settings, now);
    factor[order] = rankFactor(input, settings, now);
    out[order] = filteredOut(catalog, order, settings);
    if (out[order] === undefined) running.push(order);
  }
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
