/**
 * Auto-include's rank with a focus: the resources the focus matched, scored and sorted once per
 * relevance map (a map refined from another derived from it), and merged into the base rank
 * (policy-catalog.ts). policy.ts decides in that order.
 */
import type { FocusMatch } from './focus';
import {
  compareRank,
  isRequired,
  rankInput,
  type BaseRank,
  type PolicyCatalog,
  type StaticFacts,
} from './policy-catalog';
import type { Mark, PolicySettings } from './policy-types';
import { rankScore } from './rank';

/** The resources a focus matched that are in the running, scored, best first. */
export interface FocusOrder {
  base: BaseRank;
  matched: Scored[];
}

/** A match with what {@link compareRank} compares, read once rather than per comparison. */
export interface Scored {
  at: number;
  score: number;
  required: number;
  time: number;
}

/** {@link compareRank}, on what a {@link Scored} holds: the same total order. */
export function byRank(a: Scored, b: Scored): number {
  if (a.required !== b.required) return b.required - a.required;
  if (a.score !== b.score) return b.score - a.score;
  const time = b.time - a.time;
  if (time !== 0 && !Number.isNaN(time)) return time;
  return a.at - b.at;
}

// Per relevance map: a run decides many times with the same focus, and the map refined by
// content (curate.ts) differs from the one it refines in a few entries, so it is derived from
// it: scoring and sorting 30,000 matches twice per keystroke was most of a keystroke at 100,000.
const focusOrders = new WeakMap<ReadonlyMap<string, FocusMatch>, FocusOrder>();

/** A relevance map made from another by setting a few keys (curate.ts's refinement by content). */
export interface Refinement {
  from: ReadonlyMap<string, FocusMatch>;
  keys: readonly string[];
}

export function focusOrderOf(
  catalog: PolicyCatalog,
  base: BaseRank,
  relevance: ReadonlyMap<string, FocusMatch>,
  settings: PolicySettings,
  now: number,
  refines?: Refinement,
): FocusOrder {
  const kept = focusOrders.get(relevance);
  if (kept?.base === base) return kept;
  const from = refines && focusOrders.get(refines.from);
  const derived = from?.base === base ? from : undefined;
  const changed: Scored[] = [];
  const moved = new Set<number>();
  const take = (key: string, match: FocusMatch | undefined) => {
    const at = catalog.at.get(key);
    if (at === undefined || moved.has(at)) return;
    moved.add(at);
    if (!match || base.out[at] !== undefined) return;
    const facts = catalog.facts[at] as StaticFacts;
    changed.push({
      at,
      score: rankScore(rankInput(facts, match), settings, now),
      required: isRequired(facts, settings) ? 1 : 0,
      time: facts.time,
    });
  };
  if (derived && refines) for (const key of refines.keys) take(key, relevance.get(key));
  else for (const [key, match] of relevance) take(key, match);
  changed.sort(byRank);
  let matched = changed;
  if (derived) {
    // The matches that did not change keep their order; the few that did are merged in.
    matched = [];
    let next = 0;
    for (const entry of derived.matched) {
      if (moved.has(entry.at)) continue;
      for (
        let change = changed[next];
        change && byRank(change, entry) < 0;
        change = changed[++next]
      )
        matched.push(change);
      matched.push(entry);
    }
    for (; next < changed.length; next += 1) matched.push(changed[next] as Scored);
  }
  const order = { base, matched };
  focusOrders.set(relevance, order);
  return order;
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
  const skip = new Uint8Array(catalog.facts.length);
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
