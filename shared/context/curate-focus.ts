/**
 * The focus's share of a curation: the listing index of a candidate list, built once and kept
 * while the list lives, and the index of the contents read for the focus, kept while those
 * contents are the same. A catalog small enough to read ({@link READ_ALL_FOR_FOCUS}) is read
 * whole, so every resource is ranked by what it says inside; a larger one has its best
 * {@link FOCUS_POOL} matches by listing read, and says how much of it the focus has seen.
 */
import type { ContentItem } from '../mcp-types';
import { keyedList, type CandidateList, type KeyedList } from './candidates';
import type { CatalogCandidate } from './context-items';
import {
  indexContents,
  indexForFocus,
  type ContentIndex,
  type FocusIndex,
  type FocusMatch,
} from './focus';
import type { FocusRanking } from './focus-ranking';
import { READ_ALL_FOR_FOCUS } from './focus-limits';
import type { Mark } from './policy-types';
import { hasFocus, isBinaryType } from './rank';

export { READ_ALL_FOR_FOCUS };

/** Above it, the best matches by listing read for their content. */
export const FOCUS_POOL = 50;

// One focus index per candidate list: typing a focus ranks again without indexing again, and
// a run cancelled while the index is being built leaves it to the next.
const focusIndexes = new WeakMap<readonly CatalogCandidate[], Promise<FocusIndex>>();

export function focusIndexOf(
  candidates: readonly CatalogCandidate[],
  pause: () => Promise<void>,
): Promise<FocusIndex> {
  let index = focusIndexes.get(candidates);
  if (!index) {
    // The documents are the candidates themselves, each key's first listing, in key order, so
    // the scores do not depend on the order the catalog arrived in.
    const keyed = keyedList(candidates);
    const { keys } = keyed;
    const places = Int32Array.from(keyed.first.values()).sort((a, b) => {
      const x = keys[a] as string;
      const y = keys[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const docAt = new Int32Array(candidates.length).fill(-1);
    places.forEach((place, doc) => (docAt[place] = doc));
    index = indexForFocus(
      {
        keys: Array.from(places, (place) => keys[place] as string),
        listingAt: (doc) => candidates[places[doc] as number] as CatalogCandidate,
        docOf: (key) => {
          const place = keyed.first.get(key);
          return place === undefined ? undefined : (docAt[place] as number);
        },
      },
      pause,
    );
    focusIndexes.set(candidates, index);
    index.catch(() => focusIndexes.delete(candidates));
  }
  return index;
}

/**
 * Builds the focus index of a candidate list ahead of the first focus typed (the host does so
 * once a catalog settles while a window shows the context): the first key of a focus at
 * 100,000 resources then ranks, rather than waiting 1.2–1.6 s for the index.
 */
export async function warmFocusIndex(
  candidates: readonly CatalogCandidate[],
  pause: () => Promise<void>,
): Promise<void> {
  await focusIndexOf(candidates, pause);
}

/**
 * How the candidates' listings match a focus, by key; empty without a focus. What
 * {@link focusRanking} starts from, before anything is read.
 */
export async function focusRelevance(
  candidates: readonly CatalogCandidate[],
  focus: string | undefined,
  pause: () => Promise<void> = async () => {},
): Promise<ReadonlyMap<string, FocusMatch>> {
  if (!hasFocus({ focus })) return new Map();
  return (await focusIndexOf(candidates, pause)).rank(focus ?? '');
}

// The contents index of a candidate list, with the contents it was made from: the same
// contents (the same arrays, as the host keeps them) give the same index without indexing.
const contentIndexes = new WeakMap<
  readonly CatalogCandidate[],
  { from: ReadonlyMap<string, readonly ContentItem[]>; index: Promise<ContentIndex> }
>();

/** The index of `contents` (by key), kept per candidate list while they are the same. */
export function contentIndexOf(
  candidates: readonly CatalogCandidate[],
  contents: ReadonlyMap<string, readonly ContentItem[]>,
  pause: () => Promise<void>,
): Promise<ContentIndex> {
  const kept = contentIndexes.get(candidates);
  if (
    kept &&
    kept.from.size === contents.size &&
    [...contents].every(([key, items]) => kept.from.get(key) === items)
  )
    return kept.index;
  const entries = [...contents]
    .map(([key, items]) => ({ key, text: items.map((item) => item.text ?? '').join('\n') }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const index = indexContents(entries, pause);
  contentIndexes.set(candidates, { from: new Map(contents), index });
  index.catch(() => contentIndexes.delete(candidates));
  return index;
}

/**
 * The resources whose content the focus reads, of `keys`: every one in play when `count` of
 * them are, at most {@link READ_ALL_FOR_FOCUS}; else the best {@link FOCUS_POOL} in play by
 * their listing's match (`listed`, asked for only then).
 */
export function focusPool(
  keys: Iterable<string>,
  count: number,
  inPlay: (key: string) => boolean,
  listed: () => FocusRanking,
): string[] {
  if (count <= READ_ALL_FOR_FOCUS) return [...keys].filter(inPlay);
  // The best, kept in order as they come: a one-letter focus matches most of 100,000, and
  // sorting them all to keep 50 took longer than ranking them.
  const best: [string, number][] = [];
  // Ties by key, so the pool is the same whoever asks.
  const before = ([a, x]: [string, number], [b, y]: [string, number]) =>
    x > y || (x === y && a < b);
  const ranking = listed();
  for (let place = 0; place < ranking.size; place += 1) {
    const score = ranking.scores[place] as number;
    const last = best[best.length - 1];
    if (best.length >= FOCUS_POOL && last && score < last[1]) continue;
    const key = ranking.keyAt(place);
    const entry: [string, number] = [key, score];
    if (best.length >= FOCUS_POOL && last && !before(entry, last)) continue;
    if (!inPlay(key)) continue;
    let at = best.length;
    while (at > 0 && before(entry, best[at - 1] as [string, number])) at -= 1;
    best.splice(at, 0, entry);
    if (best.length > FOCUS_POOL) best.pop();
  }
  return best.map(([key]) => key);
}

// The keys of binary resources (by declared type), per candidate list: a focus counts what it
// can read on every key typed, and asking 100,000 MIME types each time cost 50 ms.
const binaryLists = new WeakMap<readonly CatalogCandidate[], ReadonlySet<string>>();

function binaryKeys(
  candidates: readonly CatalogCandidate[],
  byKey: KeyedList<CatalogCandidate>,
): ReadonlySet<string> {
  let binary = binaryLists.get(candidates);
  if (!binary) {
    const set = new Set<string>();
    for (const [key, place] of byKey.first)
      if (isBinaryType(candidates[place]?.mimeType)) set.add(key);
    binaryLists.set(candidates, (binary = set));
  }
  return binary;
}

/**
 * What a focus reads before it ranks (focusPool): of the text resources the user did not
 * exclude (what the filters leave out may still be what the focus asks for, policy-focus.ts).
 * With the mode 'known', only those `isRead` already; the rest are counted in `unread`.
 */
export function focusReads(input: {
  candidates: CandidateList<CatalogCandidate>;
  byKey: KeyedList<CatalogCandidate>;
  marks: ReadonlyMap<string, Mark>;
  listed: () => FocusRanking;
  mode?: 'wait' | 'known';
  isRead(key: string): boolean;
}): { pool: string[]; count: number; unread: number } {
  const { byKey, marks } = input;
  const binary = binaryKeys(input.candidates, byKey);
  let excluded = 0;
  for (const [key, mark] of marks)
    if (mark === 'exclude' && byKey.has(key) && !binary.has(key)) excluded += 1;
  const inPlay = (key: string) =>
    (binary.size === 0 || !binary.has(key)) && (excluded === 0 || marks.get(key) !== 'exclude');
  const count = byKey.size - binary.size - excluded;
  // The listing's rank is needed only to choose from a catalog too large to read whole.
  const wanted = focusPool(byKey.keysInOrder(), count, inPlay, input.listed);
  const pool = input.mode === 'known' ? wanted.filter((key) => input.isRead(key)) : wanted;
  return { pool, count, unread: wanted.length - pool.length };
}
