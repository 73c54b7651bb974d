/**
 * The subscription questions of a check: a legacy subscribe where declared, or in 2026-07-28 a
 * listen stream held for a moment; notification-rules.ts judges what came meanwhile.
 */
import type { RuleResult } from '../../../shared/check/check-types';
import { judge } from '../../../shared/check/judge';
import { cut } from '../../../shared/check/list-rules';
import type { Listen, Watch } from '../../../shared/check/notification-rules';
import { said, type Ask, type Probe } from './probe';

/** Updates that come this long after a subscribe are waited for, before unsubscribing. */
const UPDATE_WAIT_MS = 300;

/**
 * Before 2026-07-28: subscribes to `uri` where subscribe is declared, waits a moment for updates,
 * and unsubscribes; each answer is judged (capabilities.subscribe, subscriptions.unsubscribe).
 */
export async function subscribeRules(
  ask: Ask,
  declared: boolean,
  uri: string | undefined,
  asked: string[],
  watches: Watch[],
): Promise<RuleResult[]> {
  const rule = judge('capabilities.subscribe', 'legacy');
  const unsubscribe = judge('subscriptions.unsubscribe', 'legacy');
  if (!declared)
    return [
      rule.notApplicable('subscribe is not declared (not asked: only what is declared is used)'),
      unsubscribe.notApplicable('subscribe is not declared'),
    ];
  if (!uri)
    return [
      rule.notApplicable('declared, but nothing is listed to subscribe to'),
      unsubscribe.notApplicable('nothing is listed to subscribe to'),
    ];
  const request = { method: 'resources/subscribe', params: { uri } };
  const before = asked.length;
  const watch = { uris: [uri], from: Date.now(), to: Number.POSITIVE_INFINITY };
  watches.push(watch);
  const answer = await ask(request.method, request.params);
  if ('error' in answer) {
    const meanwhile = asked.slice(before);
    watch.to = Date.now();
    const why =
      meanwhile.length > 0
        ? `, after the server asked us for ${[...new Set(meanwhile)].join(', ')}, which we do not offer (a server must not ask a client for what it did not declare)`
        : '';
    return [
      rule.broken(
        `subscribe is declared, but resources/subscribe ${uri} failed: ${said(answer.error)}${why}`,
        { request, response: cut(answer.error) },
      ),
      unsubscribe.notApplicable('the subscribe failed: there is nothing to unsubscribe from'),
    ];
  }
  await new Promise((resolve) => setTimeout(resolve, UPDATE_WAIT_MS));
  const leave = { method: 'resources/unsubscribe', params: { uri } };
  const left = await ask(leave.method, leave.params);
  // Left only if the server says so: after a failed unsubscribe it may still send updates.
  if (!('error' in left)) watch.to = Date.now();
  return [
    rule.pass(`declared, and resources/subscribe ${uri} answered`),
    'error' in left
      ? unsubscribe.broken(`resources/unsubscribe ${uri} failed: ${said(left.error)}`, {
          request: leave,
          response: cut(left.error),
        })
      : unsubscribe.pass(`resources/unsubscribe ${uri} answered`),
  ];
}

/** A listen stream the check holds open while it watches; `close` ends it and says when. */
export interface OpenListen {
  close(): Promise<Listen | undefined>;
}

/**
 * 2026-07-28: opens a listen stream for what the server declares (list changes, and the first
 * sampled resource where it declares subscribe), and waits a moment for the notifications that
 * follow the acknowledgement; the caller closes it once it has watched long enough. Undefined
 * where nothing is declared to listen to.
 */
export async function openListen(
  probe: Probe,
  declared: { subscribe?: unknown; listChanged?: unknown } | undefined,
  uri: string | undefined,
  watches: Watch[],
  timeoutMs: number,
): Promise<OpenListen | undefined> {
  const filter = {
    ...(declared?.listChanged === true && { resourcesListChanged: true }),
    ...(declared?.subscribe === true && uri !== undefined && { resourceSubscriptions: [uri] }),
  };
  if (Object.keys(filter).length === 0) return undefined;
  const from = Date.now();
  const watch = { uris: filter.resourceSubscriptions ?? [], from, to: Number.POSITIVE_INFINITY };
  watches.push(watch);
  const stream = await probe.client
    .listen(filter, { timeout: Math.min(timeoutMs, 5000) })
    .catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, UPDATE_WAIT_MS));
  return {
    async close() {
      // Bounded: closing posts a cancel that a hostile server may never answer.
      const closing = stream?.close().catch(() => {});
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        closing,
        new Promise((resolve) => (timer = setTimeout(resolve, Math.min(timeoutMs, 5000)))),
      ]);
      clearTimeout(timer);
      watch.to = Date.now();
      const id = probe.listens.at(-1);
      return id === undefined ? undefined : { id, from, to: watch.to };
    },
  };
}
