/**
 * Auto-include's rank with a focus: the resources the focus matched, scored and sorted once per
 * relevance map (a map refined from another derived from it), and merged into the base rank
 * (policy-catalog.ts). policy.ts decides in that order.
 */
import type { FocusMatch } from './focus';
import { FocusRanking } from './focus-ranking';
import { compareRank, type BaseRank, type PolicyCatalog } from './policy-catalog';
import type { Mark, PolicySettings } from './policy-types';
import { focusWeight, hasFocus } from './rank';

/** The resources a focus matched that are in the running, scored, best first. */
export interface FocusOrder {
  base: BaseRank;
  matched: Scored[];
  /** 1 where the focus found the resource relevant, by catalog order. */
  relevant: Uint8Array;
}

/** A match with what {@link compareRank} compares, read once rather than per comparison. */
export interface Scored {
  at: number;
  score: number;
  required: number;
  time: number;
  overview: boolean;
  size: number | undefined;
}

/** {@link compareRank}, on what a {@link Scored} holds: the same total order. */
export function byRank(a: Scored, b: Scored): number {
  if (a.required !== b.required) return b.required - a.required;
  if (a.score !== b.score) return b.score - a.score;
  const time = b.time - a.time;
  if (time !== 0 && !Number.isNaN(time)) return time;
  if (a.overview !== b.overview) return a.overview ? -1 : 1;
  const size = (a.size ?? Infinity) - (b.size ?? Infinity);
  if (size !== 0 && !Number.isNaN(size)) return size;
  return a.at - b.at;
}

// Per relevance map: a run decides many times with the same focus (after every wave of reads),
// and scoring and sorting 30,000 matches is most of a keystroke at 100,000.
const focusOrders = new WeakMap<ReadonlyMap<string, FocusMatch>, FocusOrder>();

export function focusOrderOf(
  catalog: PolicyCatalog,
  base: BaseRank,
  relevance: ReadonlyMap<string, FocusMatch>,
  settings: PolicySettings,
): FocusOrder {
  const kept = focusOrders.get(relevance);
  if (kept?.base === base) return kept;
  const matched: Scored[] = [];
  const relevant = new Uint8Array(catalog.size);
  const weight = focusWeight(settings);
  const { priorityOne, time, overview, size } = catalog.ties;
  const requiring = !hasFocus(settings) && settings.requirePriorityOne;
  const add = (at: number, score: number, isRelevant: boolean) => {
    if (isRelevant) relevant[at] = 1;
    // The filters' defaults do not mute the focus: a relevant match is in play whatever its
    // stated priority or audience; they decide what fills the budget, not what was asked for.
    const out = base.out[at];
    if (out !== undefined && !(isRelevant && out !== 'not-picked')) return;
    const declared = size[at] as number;
    matched.push({
      at,
      // The score without the focus, made once per settings (policy-catalog.ts), and the match's.
      score: (base.score[at] as number) + weight * score * (base.factor[at] as number),
      required: requiring && priorityOne[at] === 1 ? 1 : 0,
      time: time[at] as number,
      overview: overview[at] === 1,
      size: declared === Infinity ? undefined : declared,
    });
  };
  if (relevance instanceof FocusRanking) {
    // The ranking's own arrays, through its documents' places in the catalog.
    const atOf = catalogPlaces(relevance.documentKeys, catalog);
    const { docs, scores } = relevance;
    for (let place = 0; place < docs.length; place += 1) {
      const at = atOf[docs[place] as number] as number;
      if (at >= 0) add(at, scores[place] as number, relevance.relevant[place] === 1);
    }
  } else
    for (const [key, match] of relevance) {
      const at = catalog.orderOf(key);
      if (at !== undefined) add(at, match.score, match.relevant);
    }
  matched.sort(byRank);
  const order = { base, matched, relevant };
  focusOrders.set(relevance, order);
  return order;
}

// Each focus index document's place in a catalog (-1 where it has none), per index and catalog.
const places = new WeakMap<readonly string[], WeakMap<PolicyCatalog, Int32Array>>();

function catalogPlaces(keys: readonly string[], catalog: PolicyCatalog): Int32Array {
  let byCatalog = places.get(keys);
  if (!byCatalog) places.set(keys, (byCatalog = new WeakMap()));
  let atOf = byCatalog.get(catalog);
  if (!atOf) {
    atOf = Int32Array.from(keys, (key) => catalog.orderOf(key) ?? -1);
    byCatalog.set(catalog, atOf);
  }
  return atOf;
}

/**
 * Auto-include's rank under these marks and focus: the base rank with the focus matches merged in.
 */
export function rankedOrder(
  catalog: PolicyCatalog,
  base: BaseRank,
  markAt: ReadonlyMap<number, Mark>,
  focus: FocusOrder | undefined,
  settings: PolicySettings,
): Int32Array {
  const skip = new Uint8Array(catalog.size);
  const matched = focus ? focus.matched.filter((entry) => !markAt.has(entry.at)) : [];
  for (const entry of focus?.matched ?? []) skip[entry.at] = 1;
  for (const at of markAt.keys()) skip[at] = 1;
  const ranked = new Int32Array(base.ranked.length);
  let taken = 0;
  let next = 0;
  for (const at of base.ranked) {
    if (skip[at]) continue;
    const score = base.score[at] as number;
    for (
      let match = matched[next];
      match && compareRank(catalog, settings, match.at, match.score, at, score) < 0;
      match = matched[++next]
    )
      ranked[taken++] = match.at;
    ranked[taken++] = at;
  }
  for (; next < matched.length; next += 1) ranked[taken++] = (matched[next] as { at: number }).at;
  return ranked.subarray(0, taken);
}
