/**
 * The rules judged from the notifications a server sent during a check, pure: `list_changed`
 * only where declared; updates only for what was subscribed (a sub-resource counts); and in
 * 2026-07-28, a listen stream that begins with its acknowledgement, every notification on it
 * carrying its subscription id.
 */
import type { RuleResult } from './check-types';
import { judge } from './judge';
import { cut } from './list-rules';

/**
 * One notification as the server sent it, and when (milliseconds, any clock the check uses
 * throughout).
 */
export interface Note {
  method: string;
  params?: Record<string, unknown>;
  at: number;
}

/** What was subscribed to from `from` to `to` (a legacy subscribe, or a listen stream's filter). */
export interface Watch {
  uris: readonly string[];
  from: number;
  to: number;
}

/**
 * The listen stream the check opened (2026-07-28): its request id, and when it was sent and closed.
 */
export interface Listen {
  id: string;
  from: number;
  to: number;
}

/**
 * The least time a check watches a server's notifications, from the moment it connected, where
 * a rule needs it (a server may announce on a clock of its own): electron/host/check/watch-probe.ts.
 */
export const NOTIFICATION_WATCH_MS = 5000;

export const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

const UPDATED = 'notifications/resources/updated';
const LIST_CHANGED = 'notifications/resources/list_changed';
const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

const subscriptionOf = (note: Note): unknown =>
  (note.params?._meta as Record<string, unknown> | undefined)?.[SUBSCRIPTION_ID];
const evidence = (note: Note) => ({
  response: cut({ method: note.method, ...(note.params && { params: note.params }) }, 600),
});

/** `notifications/resources/list_changed` only from a server that declares `listChanged`. */
export function listChangedRule(
  notes: readonly Note[],
  declared: boolean,
  era?: 'legacy' | 'modern',
  watchedMs?: number,
  /** Why the server could not have sent one unasked, where it could not. */
  unheard?: string,
): RuleResult {
  const rule = judge('capabilities.list-changed', era);
  const sent = notes.filter((note) => note.method === LIST_CHANGED);
  const during =
    watchedMs === undefined
      ? 'during the check'
      : `in the ${(watchedMs / 1000).toFixed(1)} s the check watched`;
  if (declared)
    return rule.pass(
      sent.length > 0
        ? `declared, and sent ${sent.length} ${during}`
        : `declared (none was sent ${during})`,
    );
  if (sent.length === 0 && unheard) return rule.notApplicable(`not declared, and ${unheard}`);
  if (sent.length === 0) return rule.pass(`not declared, and none was sent ${during}`);
  return rule.broken(
    `listChanged is not declared, yet the server sent list_changed ${sent.length === 1 ? 'once' : `${sent.length} times`}`,
    evidence(sent[0] as Note),
  );
}

/** Under a subscribed URI: the URI itself, or a sub-resource of it. */
const covers = (subscribed: string, uri: string) =>
  uri === subscribed || uri.startsWith(subscribed.endsWith('/') ? subscribed : `${subscribed}/`);

/** `notifications/resources/updated` only for a URI subscribed at the time. */
export function onlySubscribedRule(
  notes: readonly Note[],
  watches: readonly Watch[],
  era: 'legacy' | 'modern',
): RuleResult {
  const rule = judge('subscriptions.only-subscribed', era);
  const updates = notes.filter((note) => note.method === UPDATED);
  const stray = updates.find((note) => {
    const uri = note.params?.uri;
    // Held to the watches open when it came (an update racing an unsubscribe is given 200 ms).
    return !watches.some(
      (watch) =>
        note.at >= watch.from &&
        note.at <= watch.to + 200 &&
        typeof uri === 'string' &&
        watch.uris.some((subscribed) => covers(subscribed, uri)),
    );
  });
  if (stray) {
    const uri =
      typeof stray.params?.uri === 'string' ? stray.params.uri : JSON.stringify(stray.params?.uri);
    const subscribed = watches.flatMap((watch) => watch.uris);
    return rule.broken(
      `an update came for ${uri}, which ${subscribed.length > 0 ? `was not subscribed (only ${subscribed.slice(0, 3).join(', ')})` : 'nothing subscribed to'}`,
      evidence(stray),
    );
  }
  const subscribed = watches.flatMap((watch) => watch.uris);
  if (subscribed.length === 0) return rule.pass('nothing was subscribed to, and no update came');
  return rule.pass(
    updates.length === 0
      ? `subscribed to ${subscribed[0]} for a moment; no update came for anything else`
      : `${updates.length} update${updates.length === 1 ? '' : 's'}, each for what was subscribed`,
  );
}

/**
 * 2026-07-28: the listen stream begins with its acknowledgement, and each notification on it names
 * it.
 */
export function listenRules(notes: readonly Note[], listen: Listen | undefined): RuleResult[] {
  const ack = judge('listen.acknowledged', 'modern');
  const ids = judge('listen.subscription-id', 'modern');
  if (!listen)
    return [ack, ids].map((rule) =>
      rule.notApplicable(
        'no listen stream was opened (only in 2026-07-28, for a server that declares what to listen to)',
      ),
    );
  const during = notes.filter(
    (note) =>
      note.at >= listen.from &&
      note.at <= listen.to &&
      (note.method === UPDATED || note.method === LIST_CHANGED || note.method === ACKNOWLEDGED),
  );
  const ours = during.filter((note) => subscriptionOf(note) === listen.id);
  const firstOurs = ours[0];
  const out: RuleResult[] = [];
  if (!ours.some((note) => note.method === ACKNOWLEDGED))
    out.push(
      ack.broken(
        `subscriptions/listen was never acknowledged (no ${ACKNOWLEDGED} naming ${listen.id} within ${((listen.to - listen.from) / 1000).toFixed(1)} s)`,
      ),
    );
  else if (firstOurs && firstOurs.method !== ACKNOWLEDGED)
    out.push(
      ack.broken(
        `${firstOurs.method} came on the stream before its acknowledgement`,
        evidence(firstOurs),
      ),
    );
  else out.push(ack.pass('the acknowledgement came first'));
  const unnamed = during.find((note) => subscriptionOf(note) === undefined);
  const wrong = during.find(
    (note) => subscriptionOf(note) !== undefined && subscriptionOf(note) !== listen.id,
  );
  if (unnamed)
    out.push(
      ids.broken(`${unnamed.method} came with no _meta["${SUBSCRIPTION_ID}"]`, evidence(unnamed)),
    );
  else if (wrong)
    out.push(
      ids.broken(
        `${wrong.method} names subscription ${JSON.stringify(subscriptionOf(wrong))}, which was never opened (ours is ${listen.id})`,
        evidence(wrong),
      ),
    );
  else
    out.push(
      ids.pass(
        `${during.length} notification${during.length === 1 ? '' : 's'} on the stream, each naming ${listen.id}`,
      ),
    );
  return out;
}
