/**
 * The host's searches of its one index, for every view. A keystroke's search gets two frames of
 * work at once; one that needs more goes on in slices, yielding to the event loop between them,
 * so the next keystroke is taken at once and abandons it. Its view, told meanwhile that it is
 * searching, is sent its frame when it ends.
 */
import {
  NO_MATCHES,
  normalizeQuery,
  type SearchIndex,
  type SearchRun,
} from '../../../shared/catalog/search-index';
import type { SearchMatches } from '../../../shared/catalog/tree-types';

/** The work done at once for a keystroke, before its view is told the search goes on. */
export const SEARCH_AT_ONCE_MS = 30;
/** The work of each later slice; then the event loop takes what came meanwhile. */
const SLICE_MS = 12;
/** Entries indexed between two looks at the clock, when a search finds the index behind. */
const FEED_SLICE = 5000;
/** Answers kept, for a backspace or another view with the same query. */
const KEPT_ANSWERS = 4;

export interface SearchJobsDeps {
  index: SearchIndex;
  /** Indexes up to `limit` more entries of the catalogs; returns how many it added. */
  feed(limit: number): number;
  /** A search went on after its view was told so, and has now ended. */
  done(): void;
  /** Milliseconds, for the budgets; performance.now by default. */
  now?(): number;
}

export interface SearchJobs {
  /**
   * The matches of `query` for one view (`owner`), or undefined while it is searched on;
   * {@link SearchJobsDeps.done} says when it ends. The view's search still going on, if another,
   * is abandoned, even for an empty query.
   */
  search(query: string, owner: string): SearchMatches | undefined;
  /** Abandons a view's search (the view is gone). */
  drop(owner: string): void;
  dispose(): void;
}

/** One search going on: the query, and its run once the index is filled. */
interface Job {
  query: string;
  run: SearchRun | undefined;
  /** The run this one abandoned, whose candidates it narrows (search-run.ts). */
  after: SearchRun | undefined;
}

export function createSearchJobs(deps: SearchJobsDeps): SearchJobs {
  const now = deps.now ?? (() => performance.now());
  let answers: { query: string; version: number; matches: SearchMatches }[] = [];
  // By view: a keystroke abandons only its own view's search.
  const jobs = new Map<string, Job>();
  // By view: the answer of its search that ended in slices, until its frame takes it.
  const finished = new Map<string, { query: string; matches: SearchMatches }>();
  let timer: ReturnType<typeof setImmediate> | undefined;

  /** Works on `job` until the clock passes `until`; true when it has ended. */
  function work(job: Job, until: number): boolean {
    const late = () => now() >= until;
    if (!job.run) {
      // What the index lacks is indexed first, in slices too.
      while (deps.feed(FEED_SLICE) > 0) if (late()) return false;
      const version = deps.index.version;
      if (answers.some((answer) => answer.query === job.query && answer.version === version))
        return true;
      job.run = deps.index.begin(job.query, job.after);
      job.after = undefined;
    }
    // Pages indexed meanwhile are not in this run; its answer is kept as of its version, and the
    // frame of those pages searches again.
    const run = job.run;
    if (run && !run.step(late)) return false;
    if (run) deps.index.remember(run);
    answers = [
      {
        query: job.query,
        version: run?.version ?? deps.index.version,
        matches: run ? run.matches() : NO_MATCHES,
      },
      ...answers.filter((answer) => answer.query !== job.query),
    ].slice(0, KEPT_ANSWERS);
    return true;
  }

  /** A slice of the search whose turn it is; then the event loop, then the next slice. */
  function slice(): void {
    timer = undefined;
    const [owner, job] = jobs.entries().next().value ?? [];
    if (owner === undefined || job === undefined) return;
    let ended: boolean;
    try {
      ended = work(job, now() + SLICE_MS);
    } catch {
      // A run that threw (its index changed under it, say) ends: its view's frame searches
      // anew, in the view's own call, where a failure reaches the window in words.
      ended = true;
    }
    jobs.delete(owner);
    if (ended) {
      const answer = answers.find((kept) => kept.query === job.query);
      if (answer) finished.set(owner, answer);
    } else {
      // Last in line: every window's search gets its slices in turn.
      jobs.set(owner, job);
    }
    // Scheduled before the frames go out, so no other view is left saying "Searching…".
    if (jobs.size > 0) timer ??= setImmediate(slice);
    if (ended) deps.done();
  }

  return {
    search(query, owner) {
      const normalized = normalizeQuery(query);
      // The answer of a search that just ended in slices, for the frame its end makes: given
      // even if pages were indexed meanwhile, or a catalog that keeps growing would keep its
      // view searching for as long as it grows. The next change searches again.
      const ended = finished.get(owner);
      finished.delete(owner);
      if (ended?.query === normalized) return ended.matches;
      const previous = jobs.get(owner);
      if (previous?.query === normalized) {
        // Answered meanwhile for another view, as the index stands: taken; else still going on.
        const known = answers.find(
          (answer) => answer.query === normalized && answer.version === deps.index.version,
        );
        if (!known) return undefined;
        jobs.delete(owner);
        return known.matches;
      }
      jobs.delete(owner);
      if (normalized === '') return NO_MATCHES;
      const job: Job = {
        query: normalized,
        run: undefined,
        after: previous?.run ?? previous?.after,
      };
      if (work(job, now() + SEARCH_AT_ONCE_MS))
        return answers.find((answer) => answer.query === normalized)?.matches;
      jobs.set(owner, job);
      timer ??= setImmediate(slice);
      return undefined;
    },
    drop(owner) {
      jobs.delete(owner);
      finished.delete(owner);
    },
    dispose() {
      clearImmediate(timer);
      timer = undefined;
      jobs.clear();
      finished.clear();
    },
  };
}
