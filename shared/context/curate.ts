/**
 * Auto-include, end to end: decide, read what the decision takes in, count it, decide again,
 * until everything included has been read. It reads in rank order, a few at a time, and
 * stops reading once the budget is full, so a catalog of 100,000 costs the reads of what fits
 * rather than 100,000 reads. The same loop runs in the CLI and behind the UI, which is why
 * `mcp-context assemble` prints what the preview shows.
 */
import type { ContentItem, ServerId } from '../mcp-types';
import {
  assembleContext,
  type AssembledSection,
  type AssembledText,
  type ContextFormat,
  type ContextItem,
} from './assemble';
import {
  contextItem,
  MIN_SECTION_TOKENS,
  sectionTokens,
  type CatalogCandidate,
  type ReadState,
} from './context-items';
import { keyedList, serverNameOf, type CandidateList } from './candidates';
import { contentIndexOf, focusIndexOf, focusReads } from './curate-focus';
import { hasFocus } from './rank';
import {
  formatCount,
  NO_TEXT,
  preparePolicy,
  type Candidate,
  type Estimates,
  type Mark,
  type Observed,
  type PolicyResult,
  type PolicySettings,
  type PreparedPolicy,
} from './policy';

export { FOCUS_POOL, focusRelevance, READ_ALL_FOR_FOCUS, warmFocusIndex } from './curate-focus';
export {
  MIN_SECTION_TOKENS,
  wholeTokens,
  type CatalogCandidate,
  type ReadState,
} from './context-items';

/** The guess for a resource with no declared size before anything was read, in tokens. */
export const UNREAD_GUESS = 500;

export interface CurateOptions {
  /** The catalogs' entries (candidates.ts), with their servers' names. */
  candidates: CandidateList<CatalogCandidate>;
  marks: ReadonlyMap<string, Mark>;
  settings: PolicySettings;
  format: ContextFormat;
  /** Reads one resource; rejects when it cannot be read. */
  read(serverId: ServerId, uri: string): Promise<readonly ContentItem[]>;
  count(text: string): number | Promise<number>;
  /** Reads already done (a re-curation after a toggle reads nothing twice). */
  known?: Map<string, ReadState>;
  /** Reads at once; the server is never sent more. Default 4. */
  concurrency?: number;
  /** Most reads one run makes, whatever the server does. Default {@link MAX_READS}. */
  maxReads?: number;
  signal?: AbortSignal;
  /** After each read: how many were read, and how many the current decision still needs. */
  onProgress?(read: number, pending: number): void;
  /** Milliseconds since the epoch, for the recency half-life. */
  now?: number;
  /**
   * Lets the rest of the thread run (the windows' calls, the catalog's pages) while a large
   * catalog is indexed for its first focus; resolves on the next turn of the event loop.
   */
  pause?(): Promise<void>;
  /**
   * What the focus reads before it ranks: 'wait' (the default) reads every resource it ranks by
   * content, as `assemble` does; 'known' takes only those already read or `cached`, and counts
   * the rest in `focusUnread`, for a window whose keystroke must not wait on a server: the host
   * runs again with 'wait' after it, which gives the bytes `assemble` gives. With 'known', the
   * budget is filled without reads too (`contextUnread`).
   */
  focusReads?: 'wait' | 'known';
  /** With 'known': whether a resource's read would be answered without asking its server. */
  cached?(serverId: ServerId, uri: string): boolean;
}

export interface Curated {
  result: PolicyResult;
  /** The included resources, in context order, with their contents. */
  items: ContextItem[];
  /** The key of each item. */
  keys: string[];
  /** The whole text, joined when first read (a copy of `assembled.whole`). */
  readonly text: string;
  assembled: AssembledText;
  /** Each item's part of the text. */
  sections: AssembledSection[];
  /** Tokens of each included resource's part of the text, by candidate key. */
  tokens: Map<string, number>;
  known: Map<string, ReadState>;
  /** Reads this run made. */
  reads: number;
  /** With a focus: the resources in play whose content it ranked by, of how many. */
  focusSeen?: { read: number; of: number };
  /** With `focusReads` 'known': those the focus would read that it left for the next run. */
  focusUnread?: number;
  /**
   * With `focusReads` 'known': those the decision takes in that it did not read (decided on
   * their estimate, and left out of the text), for the next run.
   */
  contextUnread?: number;
}

/**
 * Guards against a server that would make curation read its whole catalog: a run reads at
 * most this many resources, and stops reading a server once this many of its reads failed.
 */
export const MAX_READS = 1000;
export const MAX_FAILED_READS = 20;
/**
 * Resources past the budget's edge each wave also takes in, after the first few waves (see
 * curateContext).
 */
export const READ_AHEAD = 16;
const QUICK_WAVES = 4;

export async function curateContext(options: CurateOptions): Promise<Curated> {
  const { marks, settings, format, read, count, signal } = options;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const maxReads = Math.max(0, options.maxReads ?? MAX_READS);
  const failures = new Map<ServerId, number>();
  const known = options.known ?? new Map<string, ReadState>();
  const byKey = keyedList(options.candidates);
  const serverName = (candidate: CatalogCandidate) => serverNameOf(options.candidates, candidate);
  // Checked and ranked once; each decision after a read is a linear pass. The same list
  // curated again is checked and ordered once (policy-catalog.ts keeps that per list).
  const inputs: CandidateList<Candidate> = options.candidates;
  const pause = options.pause ?? (async () => {});
  const focusIndex =
    hasFocus(settings) && settings.auto ? await focusIndexOf(options.candidates, pause) : undefined;
  if (signal?.aborted) throw new Error('cancelled');
  // To the minute: a half-life's rank is then sorted once a minute, not once per run, and the
  // CLI and the UI, a few milliseconds apart, still agree.
  const now = Math.floor((options.now ?? 0) / 60_000) * 60_000;
  // With a focus, the policy is prepared once the focus has read what it ranks by.
  let policy: PreparedPolicy | undefined;
  /** Reads this run may make: the limit, and the reads the focus makes first. */
  let allowance = maxReads;
  // What this run's reads found, by key, kept as they land: a wave's decision must not walk
  // every read before it again.
  const observed = new Map<string, Observed>();
  const learned = { readTokens: 0, readCount: 0, sizedBytes: 0, sizedTokens: 0 };
  function observe(key: string): void {
    const state = known.get(key);
    if (!state) return;
    if (!('tokens' in state)) {
      observed.set(key, { unreadable: state.error });
      return;
    }
    observed.set(key, { tokens: state.tokens });
    learned.readTokens += state.tokens;
    learned.readCount += 1;
    const size = byKey.get(key)?.size;
    if (size !== undefined && size > 0 && state.tokens > 0) {
      learned.sizedBytes += size;
      learned.sizedTokens += state.tokens;
    }
  }
  /** What reads found, and estimates for the rest learned from them. */
  function observations(): [Map<string, Observed>, Estimates] {
    const { readTokens, readCount, sizedBytes, sizedTokens } = learned;
    return [
      observed,
      {
        // Without a size: the average of those read. With one: bytes per token as read so far.
        guess: Math.max(
          MIN_SECTION_TOKENS,
          readCount > 0 ? Math.round(readTokens / readCount) : UNREAD_GUESS,
        ),
        ...(sizedTokens > 0 && { bytesPerToken: sizedBytes / sizedTokens }),
        minTokens: MIN_SECTION_TOKENS,
        refused,
      },
    ];
  }

  // Asked once per resource that would go in, 100,000 times a pass past the limit: made once.
  const failingText = `not read: ${MAX_FAILED_READS} reads from this server failed in this run`;
  const limitText = `not read: this run already read ${formatCount(maxReads)} resources, its limit`;
  const failing = (serverId: ServerId) =>
    (failures.get(serverId) ?? 0) >= MAX_FAILED_READS ? failingText : undefined;
  const overLimit = () => (visited.size >= allowance ? limitText : undefined);
  /** What auto-include will not have read, whatever it decides (see Estimates.refused). */
  const refused = (serverId: ServerId) => failing(serverId) ?? overLimit();

  let reads = 0;
  let probed = false;
  let result: PolicyResult | undefined;
  // What this run has taken in, as a run that knew nothing would have read it. Decisions see
  // only these, never what earlier runs happened to read, so the same inputs give the same
  // bytes whatever was curated before (the UI after a toggle, the CLI from scratch); what is
  // known already is only not read again.
  const visited = new Set<string>();

  /**
   * Takes in what the guards allow of `wanted`, best first: reads what is not known, a few at a
   * time.
   */
  async function readWave(wanted: readonly string[]): Promise<void> {
    const unread: string[] = [];
    for (const key of wanted) {
      if (visited.has(key)) continue;
      const candidate = byKey.get(key) as CatalogCandidate;
      // What the guards refuse to read is decided as not read, with the reason. The user's
      // own picks and pins are read whatever their number: they asked for them.
      const asked = marks.get(key) === 'include' || marks.get(key) === 'pin';
      const refusal = failing(candidate.serverId) ?? (asked ? undefined : overLimit());
      visited.add(key);
      if (refusal !== undefined) {
        known.set(key, { error: refusal });
        observe(key);
        continue;
      }
      // Contents read before are taken as they are; a failure is tried again, as a new run would.
      if ('contents' in (known.get(key) ?? {})) observe(key);
      else unread.push(key);
    }
    let next = 0;
    const failed = (key: string, serverId: ServerId, error: unknown) => {
      failures.set(serverId, (failures.get(serverId) ?? 0) + 1);
      known.set(key, { error: error instanceof Error ? error.message : String(error) });
      observe(key);
    };
    // A lane reads the next as soon as a read is back; its count goes on meanwhile. The server
    // still has at most `concurrency` reads at once, but the counts are no longer in the way:
    // a lane that waited for each count before its next read made 834 reads take 330 ms.
    const counting: Promise<void>[] = [];
    const lane = async () => {
      while (next < unread.length && !signal?.aborted) {
        const key = unread[next++] as string;
        const candidate = byKey.get(key) as CatalogCandidate;
        let contents: readonly ContentItem[];
        try {
          contents = await read(candidate.serverId, candidate.uri);
        } catch (error) {
          failed(key, candidate.serverId, error);
          continue;
        } finally {
          reads += 1;
          options.onProgress?.(reads, unread.length - next);
        }
        // A cancelled run counts nothing more: the next run's counts must not queue behind its.
        if (signal?.aborted) break;
        // Binary alone is left out of the text context: it goes in as nothing, and costs nothing.
        if (contents.length > 0 && contents.every((item) => item.text === undefined)) {
          known.set(key, { error: NO_TEXT });
          observe(key);
          continue;
        }
        counting.push(
          sectionTokens(
            contextItem(candidate, serverName(candidate), contents),
            format,
            count,
          ).then(
            (tokens) => {
              known.set(key, tokens === undefined ? { error: NO_TEXT } : { contents, ...tokens });
              observe(key);
            },
            (error: unknown) => failed(key, candidate.serverId, error),
          ),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, unread.length) }, lane));
    if (signal?.aborted) return;
    await Promise.all(counting);
  }

  let focusSeen: Curated['focusSeen'];
  let focusUnread: number | undefined;
  const quick = options.focusReads === 'known';
  /** Whether a read of `key` would be answered without asking its server. */
  const isRead = (key: string) => {
    const candidate = byKey.get(key) as CatalogCandidate;
    return known.has(key) || options.cached?.(candidate.serverId, candidate.uri) === true;
  };
  if (focusIndex) {
    // The focus reads first: every text resource in play in a catalog small enough, else the
    // best matches by listing (the same ones whoever asks, so the CLI and the UI agree), and
    // ranks again by what they say inside.
    const focus = settings.focus ?? '';
    const { pool, count, unread } = focusReads({
      candidates: options.candidates,
      byKey,
      marks,
      listed: () => focusIndex.rank(focus),
      ...(options.focusReads && { mode: options.focusReads }),
      isRead,
    });
    if (unread > 0) focusUnread = unread;
    allowance = maxReads + pool.length;
    await readWave(pool);
    if (signal?.aborted) throw new Error('cancelled');
    const contents = new Map<string, readonly ContentItem[]>();
    for (const key of pool) {
      const state = known.get(key);
      if (state && 'contents' in state) contents.set(key, state.contents);
    }
    const contentIndex = await contentIndexOf(options.candidates, contents, pause);
    if (signal?.aborted) throw new Error('cancelled');
    policy = preparePolicy(inputs, marks, settings, now, focusIndex.rank(focus, contentIndex));
    focusSeen = { read: contents.size, of: count };
  }
  policy ??= preparePolicy(inputs, marks, settings, now);
  if (quick) {
    // A quick decision is not the last word (the run after it is): it takes in everything read
    // before at once, rather than in a wave per few resources.
    for (const [key, state] of known)
      if (!visited.has(key) && byKey.has(key) && 'contents' in state) {
        visited.add(key);
        allowance += 1;
        observe(key);
      }
  }

  let waves = 0;
  for (;;) {
    if (signal?.aborted) throw new Error('cancelled');
    const [observed, estimates] = observations();
    let unread = policy.included(observed, estimates).filter((key) => !visited.has(key));
    if (unread.length === 0) {
      result = policy.decide(observed, estimates);
      unread = result.contextKeys.filter((key) => !visited.has(key));
      if (unread.length === 0 && !probed && result.contextKeys.every((key) => marks.has(key))) {
        // Nothing fits, but only on guesses (no size declared, nothing read yet): read the best
        // few to learn what they really cost, rather than give an empty context for a guess.
        probed = true;
        unread = firstOf(
          policy.ranked(),
          concurrency,
          (key) => !visited.has(key) && byKey.get(key)?.size === undefined,
        );
      }
    }
    options.onProgress?.(reads, unread.length);
    if (unread.length === 0) break;
    waves += 1;
    if (waves > QUICK_WAVES && (!probed || result === undefined)) {
      // Read ahead: the next best after the boundary too. Each wave tells what the resources
      // near the budget's edge really cost, which moves the edge by a few; without reading
      // ahead, a catalog of 100,000 small resources took 900 waves, each a pass over all.
      // Most catalogs settle in a few waves, and read nothing more.
      const wanted = new Set(unread);
      for (const key of policy.ranked()) {
        if (wanted.size >= 2 * unread.length + READ_AHEAD) break;
        if (!visited.has(key) && !wanted.has(key)) wanted.add(key);
      }
      unread = [...wanted];
    }
    // A quick decision asks no server: what it takes in unread is decided on its estimate and
    // left out of the text, for the run after it to read.
    if (quick) unread = unread.filter(isRead);
    if (unread.length === 0) break;
    result = undefined;
    // Everything the decision takes in, best first; then decide again, since what they really
    // cost changes what fits. A wave, not one read per decision: deciding is linear in the
    // catalog, and 100,000 entries must not be walked once per read.
    await readWave(unread);
  }
  result ??= policy.decide(...observations());
  options.onProgress?.(reads, 0);
  const contextUnread = quick
    ? result.contextKeys.filter((key) => !('contents' in (known.get(key) ?? {}))).length
    : 0;

  const items: ContextItem[] = [];
  const keys: string[] = [];
  const tokens = new Map<string, number>();
  for (const key of result.contextKeys) {
    const state = known.get(key);
    const candidate = byKey.get(key);
    if (!candidate || !state || !('contents' in state)) continue;
    items.push(contextItem(candidate, serverName(candidate), state.contents));
    keys.push(key);
    tokens.set(key, state.tokens);
  }
  // Not spread: `text` is a getter, and reading it joins the whole text.
  const { assembled, sections } = assembleContext(items, format);
  return {
    result,
    items,
    keys,
    get text() {
      return assembled.whole;
    },
    assembled,
    sections,
    tokens,
    known,
    reads,
    ...(focusSeen && { focusSeen }),
    ...(focusUnread !== undefined && { focusUnread }),
    ...(contextUnread > 0 && { contextUnread }),
  };
}

/** The first `count` of `keys` that pass `test`, without walking the rest. */
function firstOf(keys: Iterable<string>, count: number, test: (key: string) => boolean): string[] {
  const found: string[] = [];
  for (const key of keys) {
    if (found.length >= count) break;
    if (test(key)) found.push(key);
  }
  return found;
}
