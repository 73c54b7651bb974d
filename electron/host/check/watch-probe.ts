/**
 * Watching what a server sends unasked. A server may announce changes on a clock of its own
 * (a `list_changed` every 2 s, say), so a check that ends sooner would never see one: the whole
 * run counts, and where a rule needs it the watch is held until {@link NOTIFICATION_WATCH_MS}
 * have passed since the check connected, ending as soon as what the rule looks for comes.
 */
import type { RuleResult } from '../../../shared/check/check-types';
import { judge } from '../../../shared/check/judge';
import {
  listChangedRule,
  listenRules,
  NOTIFICATION_WATCH_MS,
  onlySubscribedRule,
  type Note,
  type Watch,
} from '../../../shared/check/notification-rules';
import type { Probe } from './probe';
import { openListen, subscribeRules, type OpenListen } from './subscribe-probes';

export { NOTIFICATION_WATCH_MS };

/** What a watch is told as it runs: the seconds still to watch, each second. */
export type WatchProgress = (secondsLeft: number) => void;

/**
 * Resolves once `from + watchMs` has passed, a notification `enough` accepts has come (already,
 * or meanwhile), or `signal` aborts; with the milliseconds watched since `from`.
 */
export async function watchUntil(
  probe: Pick<Probe, 'notes' | 'noted'>,
  options: {
    from: number;
    watchMs: number;
    enough: (note: Note) => boolean;
    signal?: AbortSignal;
    onProgress?: WatchProgress;
  },
): Promise<number> {
  const { from, watchMs, enough, signal, onProgress } = options;
  const left = () => from + watchMs - Date.now();
  if (left() > 0 && !signal?.aborted && !probe.notes.some(enough))
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        clearInterval(ticker);
        probe.noted.delete(heard);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const heard = (note: Note) => {
        if (enough(note)) done();
      };
      const timer = setTimeout(done, left());
      const ticker = setInterval(() => onProgress?.(Math.max(0, Math.ceil(left() / 1000))), 1000);
      onProgress?.(Math.ceil(left() / 1000));
      probe.noted.add(heard);
      signal?.addEventListener('abort', done, { once: true });
    });
  return Date.now() - from;
}

/** What the notification questions need to know of the check so far. */
export interface NotificationQuestions {
  era: 'legacy' | 'modern';
  declared: { subscribe?: unknown; listChanged?: unknown } | undefined;
  /** A listed resource to subscribe to, where subscribe is declared. */
  uri: string | undefined;
  /** When the check connected: the watch counts from there. */
  from: number;
  timeoutMs: number;
  watchMs: number;
  /** Over stdio, where a server can write a notification at any time, whatever the era. */
  stdio: boolean;
  signal?: AbortSignal;
  onProgress?: WatchProgress;
}

/**
 * The notification questions: a legacy subscribe and unsubscribe where declared, or a 2026-07-28
 * listen stream; then, where listChanged is not declared, the watch held until
 * {@link NOTIFICATION_WATCH_MS} since connecting (the listen stream open meanwhile, so the server
 * has a way to send), ended at once by an unannounced `list_changed`; then the rules on all
 * that came during the run.
 */
export async function notificationResults(
  probe: Probe,
  questions: NotificationQuestions,
): Promise<RuleResult[]> {
  const { era, declared, uri } = questions;
  const results: RuleResult[] = [];
  const watches: Watch[] = [];
  let open: OpenListen | undefined;
  if (era === 'legacy')
    results.push(
      ...(await subscribeRules(probe.ask, declared?.subscribe === true, uri, probe.asked, watches)),
    );
  else {
    results.push(
      ...(['capabilities.subscribe', 'subscriptions.unsubscribe'] as const).map((rule) =>
        judge(rule, era).notApplicable(
          'only before 2026-07-28: subscriptions/listen replaced resources/subscribe',
        ),
      ),
    );
    open = await openListen(probe, declared, uri, watches, questions.timeoutMs);
  }
  const listChanged = declared?.listChanged === true;
  // Where it is declared, a list_changed breaks no rule: there is nothing to wait for. Nor where
  // the server has no way to send one: a 2026-07-28 server over HTTP speaks unasked only on a
  // listen stream, and none is open; an older one over HTTP only on the standing GET, and it
  // refused that (405).
  const refused = !questions.stdio && era === 'legacy' && probe.streamRefused();
  const unasked = (era === 'legacy' && !refused) || questions.stdio || open !== undefined;
  const watched =
    listChanged || !unasked
      ? Date.now() - questions.from
      : await watchUntil(probe, {
          from: questions.from,
          watchMs: questions.watchMs,
          enough: (note) => note.method === 'notifications/resources/list_changed',
          ...(questions.signal && { signal: questions.signal }),
          ...(questions.onProgress && { onProgress: questions.onProgress }),
        });
  const listen = await open?.close();
  results.push(
    listChangedRule(
      probe.notes,
      listChanged,
      era,
      watched,
      unasked
        ? undefined
        : refused
          ? 'the server had no way to send one: it answered the standing GET with 405, the only way a server over HTTP speaks unasked before 2026-07-28'
          : 'the server had no way to send one: over HTTP a 2026-07-28 server speaks unasked only on a listen stream, and it declares nothing to listen to',
    ),
    onlySubscribedRule(probe.notes, watches, era),
    ...listenRules(probe.notes, listen),
  );
  return results;
}
