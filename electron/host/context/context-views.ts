/**
 * The context, kept by the host for every window (shared/context/context-view.ts): the
 * session's marks and settings, the curation they give, and each window's frame of it. A change
 * of marks or settings starts a new curation (context-run.ts) at once and cancels the one in
 * flight; a server's update or a listing again never cancels it, another run follows it; a
 * listing's pages postpone it (context-events.ts). Windows' frames are cut in context-windows.ts.
 * Progress goes out at most every {@link PROGRESS_MS}. The CLI's `assemble` is a context with
 * no window: it waits for {@link ContextViews.settled}, so both faces get the same bytes.
 */
import type { RowMarks } from '../../../shared/catalog/view-rows';
import { parseResourceKey, type ResourceKey } from '../../../shared/catalog/resource-key';
import {
  ContextSession,
  EMPTY_CURATION,
  rowDecision,
  workingAgain,
  type CurationState,
} from '../../../shared/context/context-view';
import type { ContextPatch, DormantServer } from '../../../shared/context/context-wire';
import { wholeTokens } from '../../../shared/context/curate';
import type { TokenEncoding } from '../../../shared/context/encodings';
import { hasFocus } from '../../../shared/context/rank';
import type { HostEventBody } from '../../../shared/host-api';
import { HostError } from '../../../shared/host-error';
import type { ServerId } from '../../../shared/mcp-types';
import { doneCuration, emptyRun } from './context-done';
import { createContextEvents } from './context-events';
import {
  createContextRunner,
  type ContextRunDeps,
  type CurationServer,
  type RunResult,
} from './context-run';
import {
  createGoneMarks,
  newWindow,
  previewCharsOf,
  windowFrame,
  type WindowState,
} from './context-windows';

/** How often progress reaches the windows while reading. */
export const PROGRESS_MS = 100;
/** Resources of the context the host subscribes to per server, in context order. */
const MAX_CONTEXT_WATCHES = 200;

export interface ContextViewsDeps extends ContextRunDeps {
  emit(body: HostEventBody): void;
  servers(): readonly CurationServer[];
  /**
   * The catalog views show marks and decisions: their frames must follow a change (`now`: in this
   * tick).
   */
  rowsChanged(now?: boolean): void;
  /** Subscribes to what the context holds, per server. */
  watch(serverId: ServerId, uris: string[]): void;
  /** Servers the session names that are not connected, as a window may see them. */
  dormant(): DormantServer[];
  /** Why the session is not kept on disk, if it is not. */
  sessionProblem(): string | undefined;
  /** The session changed: keep it (debounced by the caller). */
  sessionChanged(): void;
  delayMs?: number;
  listingDelayMs?: number;
  now?(): number;
}

export interface ContextViews {
  readonly session: ContextSession;
  /** What the catalog views show of each resource's mark and decision. */
  rowMarks(): RowMarks;
  observe(event: HostEventBody): void;
  open(viewId: string): void;
  update(viewId: string, patch: ContextPatch): void;
  /** Applies marks the host computed (a folder's checkbox) and curates again. */
  mark(keys: readonly string[], mark: 'include' | null): void;
  close(viewId: string): void;
  /** The whole assembled text, once the curation in progress (if any) is done. */
  text(): Promise<string>;
  /** Starts a curation after a change the host made to the session itself (a profile loaded). */
  changed(): void;
  /** Resolves with the last curation once nothing is pending or running. */
  settled(): Promise<(RunResult & { total: number }) | undefined>;
  dispose(): void;
}

/** The server id of a key, or undefined for a string that is not one. */
function keyServer(key: string): ServerId | undefined {
  try {
    return parseResourceKey(key).serverId;
  } catch {
    return undefined;
  }
}

export function createContextViews(deps: ContextViewsDeps): ContextViews {
  const session = new ContextSession();
  const runner = createContextRunner(deps);
  const windows = new Map<string, WindowState>();
  const delayMs = deps.delayMs ?? 30;
  const listingDelayMs = deps.listingDelayMs ?? 500;
  let curation: CurationState = EMPTY_CURATION;
  let result: (RunResult & { total: number }) | undefined;
  let rowsVersion = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: AbortController | undefined;
  /**
   * A server changed something while a run was in flight: another run follows it (scheduleSoon).
   */
  let again = false;
  /** The focus of the last run done: a run for the same focus reads what it ranks by. */
  let quickFor: string | undefined;
  let idle: Promise<void> = Promise.resolve();
  let settle: (() => void) | undefined;
  let lastProgress = -Infinity;
  let runs = 0;
  let disposed = false;
  // Curation runs only while someone looks: a window, or the CLI waiting for its result.
  let wanted = false;
  // The keys of the last context made, so an update to one of them curates again.
  let watchedKeys = new Set<string>();
  const events = createContextEvents({
    runner,
    session,
    watchedKeys: () => watchedKeys,
    schedule: () => schedule(),
    scheduleSoon: () => scheduleSoon(),
    sessionChanged: () => deps.sessionChanged(),
  });
  const names = events.names;
  let rowMarksKept: RowMarks | undefined;
  /** The encodings whose tokenizer was asked to load (warmCounter). */
  const warmed = new Set<TokenEncoding>();

  const listing = () => deps.servers().some((server) => server.catalog.status === 'listing');

  const goneMarks = createGoneMarks();
  const gone = () => goneMarks(session.marks, session.version, deps.servers());
  /**
   * Of the keys in the context, those of servers down while the host reconnects: their text is the
   * last read.
   */
  const staleKeys = (keys: readonly string[]): ReadonlySet<string> => {
    const down = new Set(deps.servers().flatMap((server) => (server.down ? [server.id] : [])));
    return down.size === 0
      ? new Set()
      : new Set(keys.filter((key) => down.has(keyServer(key) ?? '')));
  };

  function frameFor(viewId: string, window: WindowState) {
    const frame = windowFrame(viewId, window, {
      session,
      curation,
      gone: gone(),
      dormant: deps.dormant(),
      sessionProblem: deps.sessionProblem(),
    });
    deps.emit({ type: 'context', frame });
  }

  function sendAll(): void {
    for (const [viewId, window] of windows) frameFor(viewId, window);
  }

  /**
   * Curates again `gather` ms from now (0: at once), taking in the changes that follow meanwhile (a
   * server's notifications).
   */
  function schedule(gather = delayMs): void {
    if (disposed || (!wanted && windows.size === 0)) return;
    clearTimeout(timer);
    if (!settle) idle = new Promise((resolve) => (settle = resolve));
    // From now on the context shown is not the one the session asks for: frames say so (and
    // the run, when it starts, has nothing new to say to a window told this already).
    curation = workingAgain(curation, readingForFocus());
    timer = setTimeout(() => void run().catch(() => {}), listing() ? listingDelayMs : gather);
  }

  /**
   * A server's update (context-events.ts says which changes): taken in by the run that is due,
   * or by one right after the run in flight, never by cancelling it. Debounced or cancelled, a
   * server that updates 400 times a second would starve every run, and the preview would
   * never change while the load lasts.
   */
  function scheduleSoon(): void {
    if (disposed || (!wanted && windows.size === 0)) return;
    if (running !== undefined) {
      again = true;
      return;
    }
    if (timer === undefined) schedule();
  }

  /** The run due reads what a focus's first decision ranked without: still its focus. */
  function readingForFocus(): boolean {
    return curation.focusPending !== undefined && session.settings.focus === quickFor;
  }

  /** A run ended: what came in meanwhile gets a run of its own. */
  function runAgainIfAsked(): void {
    if (!again) return;
    again = false;
    schedule();
  }

  async function run(): Promise<void> {
    timer = undefined;
    if (disposed) return;
    running?.abort();
    const controller = new AbortController();
    running = controller;
    // Every await below checks it is still the newest run: an older one never writes.
    const mine = (runs += 1);
    const current = () => mine === runs && !disposed;
    const settings = session.settings;
    try {
      if (!settings.auto && session.marks.size === 0) {
        result = Object.assign(emptyRun(), { total: 0 });
        finish(controller, { ...EMPTY_CURATION, state: 'done' });
        settleIfIdle();
        return;
      }
      warmCounter(settings.encoding);
      if (curation.state !== 'working' || curation.read !== 0 || curation.pending !== 0)
        curation = workingAgain(curation, readingForFocus());
      // A window that the change's own frame told "working" already is not told again.
      for (const [viewId, state] of windows)
        if (state.cutFrom?.curation !== curation || state.cutFrom.version !== session.version)
          frameFor(viewId, state);
      // A focus typed in a window is ranked first by what is read already, so a keystroke
      // does not wait for the focus's reads; the run after it reads them, as `assemble` does.
      const quick = windows.size > 0 && hasFocus(settings) && settings.focus !== quickFor;
      const done = await runner.run({
        servers: deps.servers(),
        marks: new Map(session.marks),
        settings,
        focusReads: quick ? 'known' : 'wait',
        signal: controller.signal,
        now: deps.now?.() ?? Date.now(),
        onProgress: (read, pending) => {
          const now = performance.now();
          if (running !== controller || now - lastProgress < PROGRESS_MS) return;
          lastProgress = now;
          curation = { ...curation, read, pending };
          sendAll();
        },
      });
      if (!current()) return;
      // The whole count: in Markdown a sum of counts already made and the last part's (so the
      // done frame says it, and no frame follows to say it); a JSON context is counted whole,
      // after the frame, since 4 MB take a while.
      const counting = wholeTokens(done, settings.format, (text) =>
        deps.count(text, settings.encoding),
      );
      // Handled below, or by nobody once a newer run took over: never an unhandled rejection.
      counting.catch(() => {});
      const counted = settings.format === 'markdown' ? await counting : undefined;
      if (!current()) return;
      runner.commit(done);
      // A quick decision leaves reads to the run after it: for the focus's rank, and for the
      // text of what it took in on an estimate.
      const unread = (done.focusUnread ?? 0) + (done.contextUnread ?? 0);
      quickFor = settings.focus;
      if (unread > 0) again = true;
      const order = done.result.contextKeys;
      finish(
        controller,
        doneCuration(done, {
          unread,
          total: counted,
          before: curation,
          stale: staleKeys(order),
          serverName: (serverId) =>
            names.get(serverId) ?? deps.servers().find((server) => server.id === serverId)?.name,
        }),
      );
      watchContext(done.items);
      warmFocus();
      if (counted !== undefined) {
        result = Object.assign(done, { total: counted });
        settleIfIdle();
        return;
      }
      const total = await counting;
      // A newer run took over while counting: its own count follows.
      if (!current()) return;
      result = Object.assign(done, { total });
      curation = { ...curation, total, totalPending: false };
      sendAll();
      settleIfIdle();
    } catch (error) {
      if (!current()) return;
      if (running === controller) running = undefined;
      curation = {
        ...curation,
        state: 'failed',
        totalPending: false,
        error: error instanceof Error ? error.message : String(error),
      };
      sendAll();
      runAgainIfAsked();
      settleIfIdle();
    }
  }

  /**
   * The tokenizer loads its tables on its first count, on its own thread: 0.4 to 0.9 s. A run
   * asks for it to load even with nothing to count yet, so that the first curation of a catalog
   * that a window waited on while it was listed does not wait for the tables once its reads
   * come back (at 100,000 it waited 0.8 s for them). A window's first run starts at once, and
   * any catalog it has read would have loaded them then anyway.
   */
  function warmCounter(encoding: TokenEncoding): void {
    if (warmed.has(encoding)) return;
    warmed.add(encoding);
    void Promise.resolve(deps.count('warm', encoding)).catch(() => warmed.delete(encoding));
  }

  /**
   * A window shows the context, with its Focus field: the focus index is built now, in slices,
   * so the first key typed does not wait for it (once per catalog as listed). Not while no
   * window shows it: a second of the host's time after every listing would slow the search.
   * And not before a curation that is due: it starts once that is done (the first curation at
   * load took twice as long with the index built beside it).
   */
  function warmFocus(): void {
    if (hasFocus(session.settings) || listing() || timer !== undefined || running !== undefined)
      return;
    if (![...windows.values()].some((state) => state.shown)) return;
    void runner.warmFocus(deps.servers()).catch(() => {});
  }

  function settleIfIdle(): void {
    if (timer !== undefined || running !== undefined) return;
    settle?.();
    settle = undefined;
  }

  function finish(controller: AbortController, next: CurationState): void {
    if (running === controller) running = undefined;
    curation = next;
    watchedKeys = new Set(next.order);
    rowsVersion += 1;
    sendAll();
    // The rows' decisions go with the frame that brings them, so the window shows both at once.
    deps.rowsChanged(true);
    runAgainIfAsked();
  }

  /** Subscribes, per server, to the first resources of the context, so an update re-reads them. */
  function watchContext(included: readonly ResourceKey[]): void {
    const byServer = new Map<ServerId, string[]>();
    for (const server of deps.servers()) byServer.set(server.id, []);
    for (const { serverId, uri } of included) {
      const uris = byServer.get(serverId);
      if (uris && uris.length < MAX_CONTEXT_WATCHES) uris.push(uri);
    }
    for (const [serverId, uris] of byServer) deps.watch(serverId, uris);
  }

  function window(viewId: string): WindowState {
    const found = windows.get(viewId);
    if (!found) throw new HostError('invalid-input', `no view with id ${viewId.slice(0, 100)}`);
    return found;
  }

  /**
   * The user changed something: curate at once. A key typed while a run is under way cancels
   * it and starts the next, so the last key's curation is never kept waiting; what a server
   * says (updates, new pages) waits `delayMs` to take in the notifications that follow.
   */
  function marksChanged(): void {
    rowsVersion += 1;
    deps.sessionChanged();
    deps.rowsChanged();
    schedule(0);
  }

  return {
    session,
    rowMarks() {
      // Asked for per folder a view frame counts: made once per change, not 2,000 times.
      if (rowMarksKept?.version === rowsVersion) return rowMarksKept;
      return (rowMarksKept = {
        version: rowsVersion,
        picked: session.picked,
        mark: (key) => session.marks.get(key),
        // Made for the rows a frame shows, not for all 100,000 decisions of a run.
        decision: (key) => {
          const decision = curation.decision(key);
          return decision && rowDecision(decision);
        },
      });
    },
    observe(event) {
      if (!disposed) events.observe(event);
    },
    open(viewId) {
      const first = windows.size === 0 && !wanted;
      if (!windows.has(viewId)) windows.set(viewId, newWindow());
      // Opened again (a reload, a link back): its next frame carries everything.
      delete window(viewId).sent;
      frameFor(viewId, window(viewId));
      // The first window: curate what the catalogs hold now.
      if (first) schedule();
    },
    update(viewId, patch) {
      const state = window(viewId);
      if (patch.previewChars !== undefined) state.previewChars = previewCharsOf(patch.previewChars);
      if (patch.select !== undefined) state.selectedKey = patch.select;
      if (patch.showIncluded !== undefined) state.showIncluded = patch.showIncluded;
      if (patch.shown !== undefined) state.shown = patch.shown;
      const known = new Set(deps.servers().map((server) => server.id));
      // A key that names no server here (a stale tab after a restart, a server just removed)
      // would count as picked and show nowhere: it is refused, not kept.
      const usable = (keys: readonly string[]) =>
        keys.filter((key) => known.has(keyServer(key) ?? ''));
      const goneKeys = new Set(gone().map((entry) => entry.key));
      const checked: ContextPatch = {
        ...patch,
        ...(patch.mark && { mark: { keys: usable(patch.mark.keys), mark: patch.mark.mark } }),
        // Only what is gone can be dropped as gone; [] is every gone mark.
        ...(patch.dropGone && {
          dropGone:
            patch.dropGone.length === 0
              ? [...goneKeys]
              : patch.dropGone.filter((key) => goneKeys.has(key)),
        }),
      };
      if (checked.mark) runner.retry(checked.mark.keys);
      const change = session.apply(checked);
      if (change.marks || change.settings) marksChanged();
      frameFor(viewId, state);
      if (patch.shown) warmFocus();
    },
    mark(keys, mark) {
      // A folder's box picks what has no mark and unpicks only picks: a pin or an exclusion
      // under it is the user's word about that resource, not the folder's to overwrite.
      const touched = keys.filter((key) =>
        mark === 'include' ? !session.marks.has(key) : session.marks.get(key) === 'include',
      );
      runner.retry(touched);
      if (session.setMarks(touched, mark)) marksChanged();
      sendAll();
    },
    close(viewId) {
      windows.delete(viewId);
    },
    async text() {
      // Copy and Save take the context the session asks for, not one a change is replacing.
      await this.settled();
      return curation.text.whole;
    },
    changed() {
      marksChanged();
      sendAll();
    },
    async settled() {
      if (!wanted) {
        wanted = true;
        schedule();
      }
      await idle;
      return result;
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      timer = undefined;
      running?.abort();
      running = undefined;
      windows.clear();
      settle?.();
    },
  };
}
