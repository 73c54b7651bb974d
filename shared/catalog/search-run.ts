/**
 * One search of the index, done in steps: a huge catalog is searched a few thousand entries at
 * a time, so the host can yield between steps and drop a run that a newer keystroke made
 * useless. A run that narrows an earlier query's hits tries only those.
 */
import type { ServerId } from '../mcp-types';
import { CHUNK_BITS, CHUNK_SIZE, characterMask, entryText, type Chunk } from './search-columns';
import { matchTier, newCursors, scoreEntry } from './search-entry';
import { FlaggedMatches, type ServerEntries, type ServerFlags } from './search-matches';
import { MATCH_TIERS, type MatchTierCounts } from './tree-types';

/** The slots of one list that matched a query, in list order, and the tier of each. */
export interface ListHits {
  slots: Int32Array;
  tiers: Uint8Array;
}

/** One server's hits. */
export interface Hits {
  resources: ListHits;
  templates: ListHits;
}

const NO_LIST_HITS: ListHits = { slots: new Int32Array(0), tiers: new Uint8Array(0) };
export const NO_HITS: Hits = { resources: NO_LIST_HITS, templates: NO_LIST_HITS };

/** Per server, the slots of each list that a query narrowing this one need try, in slot order. */
export type Candidates = ReadonlyMap<
  ServerEntries,
  Readonly<Record<'resources' | 'templates', { slots: Int32Array }>>
>;

/** Entries tried between two questions "should I yield?". */
const STEP = 2048;

/** One list to search: all its slots, or only those in `among`. */
interface Work {
  entries: ServerEntries;
  list: 'resources' | 'templates';
  among: Int32Array | undefined;
  length: number;
  next: number;
  found: Int32Array;
  tiers: Uint8Array;
  count: number;
}

export class SearchRun {
  readonly words: readonly string[];
  readonly #masks: readonly number[];
  readonly #work: Work[] = [];
  #at = 0;
  #hits: Map<ServerEntries, Hits> | undefined;
  constructor(
    readonly servers: ReadonlyMap<ServerId, ServerEntries>,
    /** The query, normalized (search-index.ts's normalizeQuery). */
    readonly query: string,
    /**
     * The hits of a query this one narrows, or the candidates of a run of one left unfinished,
     * when known: only those are tried.
     */
    base: Candidates | undefined,
    /** The index's version when the run began: one that changed since makes the run stale. */
    readonly version: number,
  ) {
    this.words = query.split(' ');
    this.#masks = this.words.map((word) => characterMask(word));
    for (const entries of servers.values()) {
      // A server the narrowed query had no hits in has none now either.
      const among = base ? (base.get(entries) ?? NO_HITS) : undefined;
      for (const list of ['resources', 'templates'] as const) {
        const only = among?.[list].slots;
        const length = only ? only.length : entries[list].length;
        this.#work.push({
          entries,
          list,
          among: only,
          length,
          next: 0,
          found: new Int32Array(length),
          tiers: new Uint8Array(length),
          count: 0,
        });
      }
    }
  }

  get done(): boolean {
    return this.#hits !== undefined;
  }

  /** Searches until done, or until `shouldYield` says to stop for now; true when done. */
  step(shouldYield: () => boolean = () => false): boolean {
    while (this.#at < this.#work.length) {
      const work = this.#work[this.#at] as Work;
      while (work.next < work.length) {
        this.#try(work, Math.min(work.length, work.next + STEP));
        if (work.next < work.length && shouldYield()) return false;
      }
      this.#at += 1;
      if (this.#at < this.#work.length && shouldYield()) return false;
    }
    this.#hits ??= this.#collect();
    return true;
  }

  /**
   * What a query that narrows this one need try: its hits once done; before that, the hits so far
   * and every slot not tried yet. A keystroke abandons the run of the one before, and still
   * narrows what it had done.
   */
  candidates(): Candidates {
    if (this.#hits) return this.#hits;
    const candidates = new Map<ServerEntries, Record<'resources' | 'templates', ListHits>>();
    for (const work of this.#work) {
      const rest = work.length - work.next;
      const slots = new Int32Array(work.count + rest);
      slots.set(work.found.subarray(0, work.count));
      if (work.among) slots.set(work.among.subarray(work.next), work.count);
      else for (let i = 0; i < rest; i += 1) slots[work.count + i] = work.next + i;
      const own = candidates.get(work.entries) ?? { ...NO_HITS };
      own[work.list] = { slots, tiers: NO_LIST_HITS.tiers };
      candidates.set(work.entries, own);
    }
    return candidates;
  }

  /** The hits by server, once done. */
  get hits(): ReadonlyMap<ServerEntries, Hits> {
    if (!this.step()) throw new Error('unreachable');
    return this.#hits as Map<ServerEntries, Hits>;
  }

  /** The matches, once done: all, or the best `limit`. */
  matches(limit?: number): FlaggedMatches {
    const hits = this.hits;
    let total = 0;
    for (const own of hits.values())
      total += own.resources.slots.length + own.templates.slots.length;
    const kept = limit !== undefined && limit < total ? best(hits, this.words, limit) : hits;
    const flags = new Map<ServerId, ServerFlags>();
    const tiers: MatchTierCounts = { exact: 0, contains: 0, fuzzy: 0 };
    for (const [serverId, entries] of this.servers) {
      const own = kept.get(entries) ?? NO_HITS;
      flags.set(serverId, {
        resources: flagged(entries.resources.length, own.resources, tiers),
        templates: flagged(entries.templates.length, own.templates, tiers),
      });
    }
    return new FlaggedMatches(
      this.servers,
      flags,
      Math.min(total, limit ?? total),
      this.words,
      tiers,
    );
  }

  /** Tries the slots of `work` up to `until`. Entries come in slot order (see newCursors). */
  #try(work: Work, until: number): void {
    const column = work.entries[work.list];
    const { among, found, tiers, words } = { ...work, words: this.words };
    const cursors = newCursors(words.length);
    let chunkIndex = -1;
    let chunk: Chunk | undefined;
    let count = work.count;
    for (let i = work.next; i < until; i += 1) {
      const slot = among ? (among[i] as number) : i;
      const index = slot >> CHUNK_BITS;
      if (index !== chunkIndex) {
        chunkIndex = index;
        chunk = column.chunks[index];
        cursors.fill(-2);
      }
      const local = slot & (CHUNK_SIZE - 1);
      if (chunk === undefined || local >= chunk.length) continue;
      const tier = matchTier(chunk, local, words, this.#masks, this.query, cursors);
      if (tier === 0) continue;
      tiers[count] = tier;
      found[count++] = slot;
    }
    work.count = count;
    work.next = until;
  }

  #collect(): Map<ServerEntries, Hits> {
    const hits = new Map<ServerEntries, Hits>();
    for (const work of this.#work) {
      const own = hits.get(work.entries) ?? { ...NO_HITS };
      own[work.list] =
        work.count === work.length
          ? { slots: work.found, tiers: work.tiers }
          : { slots: work.found.slice(0, work.count), tiers: work.tiers.slice(0, work.count) };
      hits.set(work.entries, own);
    }
    this.#work.length = 0;
    return hits;
  }
}

/** A flag per slot of a list of `length`: the tier where `hits` says, counted into `counts`. */
function flagged(length: number, hits: ListHits, counts: MatchTierCounts): Uint8Array {
  const flags = new Uint8Array(length);
  for (let i = 0; i < hits.slots.length; i += 1) {
    const tier = hits.tiers[i] as number;
    flags[hits.slots[i] as number] = tier;
    if (tier === MATCH_TIERS.exact) counts.exact += 1;
    else if (tier === MATCH_TIERS.contains) counts.contains += 1;
    else counts.fuzzy += 1;
  }
  return flags;
}

/**
 * The `limit` best hits (a better tier first, then the score); equal ones keep catalog order
 * (server, list, slot), so the cut is deterministic.
 */
function best(
  hits: ReadonlyMap<ServerEntries, Hits>,
  words: readonly string[],
  limit: number,
): Map<ServerEntries, Hits> {
  const scored: {
    entries: ServerEntries;
    list: 'resources' | 'templates';
    slot: number;
    tier: number;
    order: number;
    score: number;
  }[] = [];
  for (const [entries, own] of hits) {
    for (const list of ['resources', 'templates'] as const) {
      const { slots, tiers } = own[list];
      slots.forEach((slot, at) => {
        const text = entryText(entries[list], slot);
        scored.push({
          entries,
          list,
          slot,
          tier: tiers[at] as number,
          order: scored.length,
          score: text ? scoreEntry(text, words) : 0,
        });
      });
    }
  }
  scored.sort((a, b) => a.tier - b.tier || b.score - a.score || a.order - b.order);
  const chosen = new Map<ServerEntries, Record<'resources' | 'templates', number[][]>>();
  for (const { entries, list, slot, tier } of scored.slice(0, Math.max(0, limit))) {
    let own = chosen.get(entries);
    if (!own) chosen.set(entries, (own = { resources: [[], []], templates: [[], []] }));
    own[list][0]?.push(slot);
    own[list][1]?.push(tier);
  }
  const typed = ([slots, tiers]: number[][]): ListHits => ({
    slots: Int32Array.from(slots ?? []),
    tiers: Uint8Array.from(tiers ?? []),
  });
  return new Map(
    [...chosen].map(([entries, own]) => [
      entries,
      { resources: typed(own.resources), templates: typed(own.templates) },
    ]),
  );
}
