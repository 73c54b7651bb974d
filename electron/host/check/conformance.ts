/**
 * `mcp-context check`: one server's verdict on the resources rules, from what it really sends.
 * A connection of its own (never the app's), raw requests with a permissive result schema, so
 * nothing is hidden by the SDK's parse. The rules judged from the lists are pure
 * (shared/check/list-rules.ts); this file asks the questions: the pages, a bogus cursor, reads
 * of a sample, an unknown URI, a subscribe where one is declared.
 */
import { ProtocolError, type Client, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type {
  CheckReport,
  RuleResult,
  SpecReference,
  Verdict,
} from '../../../shared/check/check-types';
import {
  cut,
  fieldRules,
  paginationRules,
  type RawPage,
  type RawWalk,
} from '../../../shared/check/list-rules';
import {
  cacheRules,
  completionRule,
  iconRule,
  stabilityRule,
  templateRule,
} from '../../../shared/check/more-rules';
import { templateVariables } from '../../../shared/catalog/uri-template-variables';
import type { ServerConfig } from '../../../shared/mcp-types';
import { describeConnectFailure } from '../connection/liveness';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { openClient } from '../connection/open-client';
import { isBase64 } from '../connection/read-result';
import { wireSchemaRule, type SentMessage } from './wire-schema';
import {
  listChangedRule,
  listenRules,
  onlySubscribedRule,
  type Listen,
  type Note,
  type Watch,
} from '../../../shared/check/notification-rules';

/** Resources read back at most, spread over the list. */
export const READ_SAMPLE = 20;
const MAX_PAGES = 10_000;
/** A check that has not ended by then stops walking: the lists are judged as far as they came. */
const CHECK_DEADLINE_MS = 120_000;

/** An answer as the server sent it (from the trace), or what went wrong getting one. */
function answerOf(
  raw: JSONRPCMessage | undefined,
  thrown: unknown,
  method: string,
  timeoutMs: number,
): Answer {
  if (raw && 'result' in raw) {
    const result = raw.result as unknown;
    if (typeof result === 'object' && result !== null && !Array.isArray(result))
      return { result: result as Record<string, unknown> };
    return {
      error: { code: Number.NaN, message: `${method} answered a result that is not an object` },
    };
  }
  if (raw && 'error' in raw) {
    const error = raw.error as { code?: unknown; message?: unknown; data?: unknown };
    return {
      error: {
        code: typeof error.code === 'number' ? error.code : Number.NaN,
        message: typeof error.message === 'string' ? error.message.slice(0, 500) : '',
        data: error.data,
      },
    };
  }
  if (thrown instanceof ProtocolError)
    return {
      error: { code: thrown.code, message: thrown.message.slice(0, 500), data: thrown.data },
    };
  // No answer at all: a timeout, or the connection went away.
  const message = thrown instanceof Error ? thrown.message : 'no answer';
  return {
    error: {
      code: Number.NaN,
      message: /timed? ?out/i.test(message)
        ? `no answer within ${timeoutMs / 1000} s`
        : message.slice(0, 300),
    },
  };
}

/** "-32602: Invalid params", or what went wrong when no answer came. */
const said = (error: { code: number; message: string }) =>
  Number.isNaN(error.code)
    ? error.message.slice(0, 200)
    : `${error.code}: ${error.message.slice(0, 200)}`;

const listOf = (result: unknown, field: string): unknown[] => {
  const value = (result as Record<string, unknown> | undefined)?.[field];
  return Array.isArray(value) ? value : [];
};
const anyResult = z.looseObject({});

const CAPABILITY: SpecReference = { revision: '2026-07-28', section: 'Resources › Capabilities' };
const READING: SpecReference = { revision: '2026-07-28', section: 'Resources › Reading resources' };
const LISTING: SpecReference = {
  revision: '2026-07-28',
  section: 'Resources › Listing resources (pagination)',
};
const ERRORS: SpecReference = { revision: '2026-07-28', section: 'Resources › Error handling' };
const SECURITY: SpecReference = {
  revision: '2026-07-28',
  section: 'Resources › Security considerations (path sanitization)',
};
const SUBSCRIBE: SpecReference = { revision: '2025-11-25', section: 'Resources › Subscriptions' };

type Answer =
  | { result: Record<string, unknown> }
  | { error: { code: number; message: string; data?: unknown } };

export type CheckOutcome = { report: CheckReport } | { unreachable: string } | { cancelled: true };

type Ask = (method: string, params: Record<string, unknown>) => Promise<Answer>;

/** A connection of the checker's own: raw questions, and what the server said and asked. */
interface Probe {
  client: Client;
  /** One request at a time, answered with what the server really sent. */
  ask: Ask;
  /**
   * The requests the server made of us: one for a capability we did not declare (sampling, say) is
   * its fault, and explains a failure our own request then gets.
   */
  asked: string[];
  /**
   * Every message the server sent (the first 2,000), for the schema rule, with the method each
   * response answers.
   */
  sent: SentMessage[];
  /** The notifications it sent (the first 500), when they came. */
  notes: Note[];
  /** The ids of the listen streams opened, in order. */
  listens: string[];
}

/** Connects; rejects with the transport's or the SDK's error. */
async function openProbe(
  config: ServerConfig,
  timeoutMs: number,
  signal?: AbortSignal,
  signedIn?: SignedIn,
): Promise<Probe> {
  const asked: string[] = [];
  const sent: SentMessage[] = [];
  const notes: Note[] = [];
  const listens: string[] = [];
  // What the server really answered, by request id: the SDK's parse (strict in 2026-07-28, and
  // mapping -32002 onto -32602) is not what is judged.
  const answers = new Map<string | number, JSONRPCMessage>();
  const methods = new Map<string | number, string>();
  let waitingFor: { method: string; id?: string | number } | undefined;
  const trace = (direction: 'send' | 'receive', message: JSONRPCMessage) => {
    if (direction === 'send' && 'method' in message && 'id' in message) {
      methods.set(message.id, message.method);
      if (message.method === 'subscriptions/listen') listens.push(String(message.id));
      if (waitingFor && waitingFor.id === undefined && message.method === waitingFor.method)
        waitingFor.id = message.id;
      return;
    }
    if (direction !== 'receive') return;
    const answering =
      'id' in message && !('method' in message)
        ? methods.get(message.id as string | number)
        : undefined;
    if (sent.length < 2000)
      sent.push({
        message: message as unknown as Record<string, unknown>,
        ...(answering && { answers: answering }),
      });
    if ('method' in message && !('id' in message) && notes.length < 500)
      notes.push({
        method: message.method,
        ...(typeof message.params === 'object' &&
          message.params !== null && { params: message.params as Record<string, unknown> }),
        at: Date.now(),
      });
    if ('method' in message && 'id' in message && asked.length < 100) asked.push(message.method);
    else if ('id' in message && waitingFor?.id !== undefined && message.id === waitingFor.id)
      answers.set(message.id, message);
  };
  // A server signed in to is checked with its sign-in, as every other command reaches it.
  const authProvider =
    config.transport.kind !== 'stdio' ? await signedIn?.(config.transport.url) : undefined;
  const client = (
    await openClient(config.transport, {
      timeoutMs,
      trace,
      ...(signal && { signal }),
      ...(authProvider && { authProvider }),
    })
  ).client;
  // Cancelled: the connection closes, so every question still to come fails at once.
  signal?.addEventListener('abort', () => void client.close().catch(() => {}), { once: true });
  const ask: Ask = async (method, params) => {
    waitingFor = { method };
    let thrown: unknown;
    try {
      await client.request({ method, params } as never, anyResult, { timeout: timeoutMs });
    } catch (error) {
      thrown = error;
    }
    const raw = waitingFor.id !== undefined ? answers.get(waitingFor.id) : undefined;
    waitingFor = undefined;
    answers.clear();
    return answerOf(raw, thrown, method, timeoutMs);
  };
  return { client, ask, asked, sent, notes, listens };
}

/** The URIs a walk listed, in order. */
const listedUris = (walk: RawWalk): string[] =>
  walk.pages.flatMap((page) =>
    listOf(page.result, 'resources')
      .map((item) => (item as { uri?: unknown })?.uri)
      .filter((uri): uri is string => typeof uri === 'string'),
  );

/**
 * Checks one server; resolves with its report, or why it could not be reached, or that it was
 * cancelled (`signal`: the user's Cancel, or the host closing), which closes its connections.
 */
/** The sign-in kept for an HTTP server's URL, if any (oauth-sign-in.ts's keptProviderFor). */
export type SignedIn = (url: string) => Promise<OAuthClientProvider | undefined>;

export async function checkServer(
  config: ServerConfig,
  timeoutMs: number,
  signal?: AbortSignal,
  signedIn?: SignedIn,
): Promise<CheckOutcome> {
  if (signal?.aborted) return { cancelled: true };
  let probe: Probe;
  try {
    probe = await openProbe(config, timeoutMs, signal, signedIn);
  } catch (error) {
    return signal?.aborted
      ? { cancelled: true }
      : { unreachable: describeConnectFailure(error, undefined) };
  }
  const { client, ask, asked, sent, notes } = probe;
  try {
    const era = client.getProtocolEra() ?? 'legacy';
    const capabilities = (client.getServerCapabilities() ?? {}) as {
      resources?: { subscribe?: unknown; listChanged?: unknown };
    };
    const results: RuleResult[] = [];
    const deadline = Date.now() + CHECK_DEADLINE_MS;
    const first = await ask('resources/list', {});
    results.push(capabilityRule(capabilities.resources !== undefined, first));
    if (signal?.aborted) return { cancelled: true };
    if ('error' in first) return { report: report(config, client, results, { count: 0, of: 0 }) };
    const walk = await walkRaw(ask, 'resources/list', first, era, deadline);
    results.push(
      ...paginationRules(walk, era),
      await bogusCursorRule(ask),
      ...fieldRules(walk),
      ...cacheRules(walk, era),
    );
    const firstTemplates = await ask('resources/templates/list', {});
    const templates =
      'result' in firstTemplates
        ? await walkRaw(ask, 'resources/templates/list', firstTemplates, era, deadline)
        : undefined;
    const completions =
      (client.getServerCapabilities() as { completions?: unknown } | undefined)?.completions !==
      undefined;
    results.push(
      templateRule(templates),
      completionRule(
        completions && templates ? await completeFirst(ask, templates) : [],
        completions,
      ),
      iconRule(templates ? [walk, templates] : [walk]),
    );
    const uris = listedUris(walk);
    const sample = spread(uris, READ_SAMPLE);
    const second =
      era === 'modern'
        ? await listOnAnotherConnection(
            config,
            timeoutMs,
            deadline,
            walk.pages.length,
            signal,
            signedIn,
          )
        : undefined;
    results.push(
      await readBackRule(ask, sample),
      await unknownResourceRule(ask, era),
      await traversalRule(ask, uris),
      era === 'modern'
        ? stabilityRule(uris, second)
        : {
            ...stabilityRule(uris, undefined),
            detail: 'only in 2026-07-28 (before, the set could vary per connection)',
          },
    );
    const watches: Watch[] = [];
    let listen: Listen | undefined;
    if (era === 'legacy')
      results.push(
        await subscribeRule(
          ask,
          capabilities.resources?.subscribe === true,
          sample[0],
          asked,
          watches,
        ),
      );
    else listen = await listenBriefly(probe, capabilities.resources, sample[0], watches, timeoutMs);
    results.push(
      listChangedRule(notes, capabilities.resources?.listChanged === true),
      onlySubscribedRule(notes, watches, era),
      ...listenRules(notes, listen),
    );
    results.push(wireSchemaRule(client.getNegotiatedProtocolVersion(), sent));
    if (signal?.aborted) return { cancelled: true };
    return { report: report(config, client, results, { count: sample.length, of: uris.length }) };
  } finally {
    await client.close().catch(() => {});
  }
}

function report(
  config: ServerConfig,
  client: Client,
  results: RuleResult[],
  read: { count: number; of: number },
): CheckReport {
  const counts: Record<Verdict, number> = { pass: 0, warn: 0, fail: 0, 'n/a': 0 };
  for (const entry of results) counts[entry.verdict] += 1;
  const version = client.getNegotiatedProtocolVersion();
  const era = client.getProtocolEra();
  return {
    server: config.name,
    ...(version && { protocolVersion: version }),
    ...(era && { era }),
    read,
    results,
    counts,
  };
}

function capabilityRule(declared: boolean, first: Answer): RuleResult {
  const rule = {
    rule: 'capabilities.resources',
    title: 'resources is declared if and only if resources/list answers',
    spec: CAPABILITY,
  };
  const answers = 'result' in first;
  const missing = 'error' in first && first.error.code === -32601;
  if (declared && answers)
    return { ...rule, verdict: 'pass', detail: 'declared, and resources/list answers' };
  if (!declared && missing)
    return { ...rule, verdict: 'n/a', detail: 'not declared, and resources/list is not a method' };
  if (!declared && answers)
    return {
      ...rule,
      verdict: 'fail',
      detail: 'resources/list answers, but the server does not declare resources',
      evidence: { request: { method: 'resources/list' } },
    };
  if (!declared)
    return {
      ...rule,
      verdict: 'n/a',
      detail: `not declared, and resources/list failed (${'error' in first ? first.error.message.slice(0, 200) : ''})`,
    };
  const error = 'error' in first ? first.error : undefined;
  return {
    ...rule,
    verdict: 'fail',
    detail: `resources is declared, but resources/list failed: ${error ? said(error) : ''}`,
    evidence: { request: { method: 'resources/list', params: {} }, response: cut(error) },
  };
}

async function walkRaw(
  ask: Ask,
  method: string,
  first: Answer & { result: Record<string, unknown> },
  era: 'legacy' | 'modern',
  deadline: number,
): Promise<RawWalk> {
  const pages: RawPage[] = [{ cursor: undefined, result: first.result }];
  const seen = new Set<string>();
  for (;;) {
    const next = (pages.at(-1)?.result as { nextCursor?: unknown }).nextCursor;
    if (typeof next !== 'string') return { pages };
    // Before 2026-07-28 "" is no cursor: the list ends there (pagination.empty-cursor warns of it).
    if (next === '' && era === 'legacy') return { pages };
    if (Date.now() > deadline)
      return {
        pages,
        stopped: `still listing after ${CHECK_DEADLINE_MS / 1000} s (${pages.length.toLocaleString('en')} pages): judged as far as it came`,
      };
    if (seen.has(next))
      return {
        pages,
        stopped: `cursor loop: page ${pages.length} points back to cursor ${JSON.stringify(next.slice(0, 40))}`,
      };
    if (pages.length >= MAX_PAGES)
      return { pages, stopped: `still not ended after ${MAX_PAGES.toLocaleString('en')} pages` };
    seen.add(next);
    const answer = await ask(method, { cursor: next });
    if ('error' in answer)
      return { pages, stopped: `page ${pages.length + 1} failed: ${said(answer.error)}` };
    pages.push({ cursor: next, result: answer.result });
  }
}

async function bogusCursorRule(ask: Ask): Promise<RuleResult> {
  const request = {
    method: 'resources/list',
    params: { cursor: 'mcp-context-check: not a cursor you gave' },
  };
  const answer = await ask(request.method, request.params);
  const rule = {
    rule: 'pagination.bogus-cursor',
    title: 'A cursor the server never gave gets -32602',
    spec: LISTING,
  };
  if ('error' in answer) {
    if (answer.error.code === -32602)
      return { ...rule, verdict: 'pass', detail: 'answered -32602 (Invalid Params)' };
    return {
      ...rule,
      verdict: 'warn',
      detail: Number.isNaN(answer.error.code)
        ? `got no answer (${said(answer.error)}), where -32602 is asked for`
        : `answered ${answer.error.code}, where -32602 is asked for`,
      evidence: { request, response: cut(answer.error) },
    };
  }
  return {
    ...rule,
    verdict: 'warn',
    detail: 'answered a page for a cursor it never gave (it SHOULD answer -32602)',
    evidence: { request, response: cut(answer.result) },
  };
}

async function readBackRule(ask: Ask, sample: string[]): Promise<RuleResult> {
  const rule = {
    rule: 'read.back',
    title:
      'Every listed resource reads back with contents, each item with its uri and one of text or blob',
    spec: READING,
  };
  if (sample.length === 0) return { ...rule, verdict: 'n/a', detail: 'nothing is listed' };
  const failures: { detail: string; request: unknown; response: unknown }[] = [];
  let tried = 0;
  for (const uri of sample) {
    tried += 1;
    const request = { method: 'resources/read', params: { uri } };
    const answer = await ask(request.method, request.params);
    if ('error' in answer) {
      failures.push({
        detail: `${uri} is listed, but reading it failed: ${said(answer.error)}`,
        request,
        response: cut(answer.error),
      });
      // No answer at all (a hang): reading the rest would cost a timeout each.
      if (Number.isNaN(answer.error.code)) break;
      continue;
    }
    const contents = answer.result.contents;
    if (!Array.isArray(contents) || contents.length === 0) {
      failures.push({
        detail: `${uri} reads as ${Array.isArray(contents) ? 'an empty contents array' : 'no contents array'}`,
        request,
        response: cut(answer.result),
      });
      continue;
    }
    contents.forEach((item, index) => {
      const raw = (item ?? {}) as Record<string, unknown>;
      const text = typeof raw.text === 'string';
      const blob = typeof raw.blob === 'string';
      const where = `${uri}, item ${index + 1}`;
      if (typeof raw.uri !== 'string')
        failures.push({ detail: `${where} has no uri`, request, response: cut(item) });
      if (text === blob)
        failures.push({
          detail: `${where} has ${text ? 'both text and blob' : 'neither text nor blob'}`,
          request,
          response: cut(item),
        });
      if (blob && !isBase64(raw.blob as string, true))
        failures.push({
          detail: `${where}: blob is not valid base64`,
          request,
          response: cut(item, 300),
        });
    });
  }
  const checked =
    tried < sample.length
      ? `read ${tried} of the ${sample.length} sampled, then stopped: no answer came`
      : `read ${sample.length} of the listed resources`;
  if (failures.length === 0)
    return {
      ...rule,
      verdict: 'pass',
      detail: `${checked}: each has contents, and every item is well formed`,
    };
  const firstFailure = failures[0] as (typeof failures)[number];
  return {
    ...rule,
    verdict: 'fail',
    detail: `${firstFailure.detail}${failures.length > 1 ? ` (and ${failures.length - 1} more; ${checked})` : ` (${checked})`}`,
    evidence: { request: firstFailure.request, response: firstFailure.response },
  };
}

async function unknownResourceRule(ask: Ask, era: 'legacy' | 'modern'): Promise<RuleResult> {
  const uri = 'mcp-context-check://no/such/resource';
  const request = { method: 'resources/read', params: { uri } };
  const answer = await ask(request.method, request.params);
  const rule = {
    rule: 'read.unknown-resource',
    title: 'An unknown resource gets an error, never empty contents',
    spec: ERRORS,
  };
  if ('result' in answer) {
    const contents = answer.result.contents;
    const empty = Array.isArray(contents) && contents.length === 0;
    return {
      ...rule,
      verdict: 'fail',
      detail: empty
        ? 'answered an empty contents array for a URI it does not list (2026-07-28: MUST NOT)'
        : 'answered contents for a URI it does not list',
      evidence: { request, response: cut(answer.result) },
    };
  }
  const { code, data } = answer.error;
  if (Number.isNaN(code))
    return {
      ...rule,
      verdict: 'fail',
      detail: `got no answer: ${said(answer.error)}`,
      evidence: { request },
    };
  const namesUri = typeof (data as { uri?: unknown } | undefined)?.uri === 'string';
  if (code === -32602 && namesUri)
    return { ...rule, verdict: 'pass', detail: 'answered -32602 with data.uri' };
  if (code === -32602)
    return {
      ...rule,
      verdict: 'warn',
      detail: 'answered -32602 without data.uri (it SHOULD name the URI)',
      evidence: { request, response: cut(answer.error) },
    };
  if (code === -32002 && era === 'legacy')
    return {
      ...rule,
      verdict: 'pass',
      detail: 'answered -32002, the legacy code (2026-07-28 asks for -32602)',
    };
  return {
    ...rule,
    verdict: 'warn',
    detail: `answered ${code}, where ${era === 'modern' ? '-32602' : '-32602 (or the legacy -32002)'} is asked for`,
    evidence: { request, response: cut(answer.error) },
  };
}

/** Updates that come this long after a subscribe are waited for, before unsubscribing. */
const UPDATE_WAIT_MS = 300;

async function subscribeRule(
  ask: Ask,
  declared: boolean,
  uri: string | undefined,
  asked: string[],
  watches: Watch[],
): Promise<RuleResult> {
  const rule = {
    rule: 'capabilities.subscribe',
    title: 'subscribe is declared if and only if resources/subscribe answers',
    spec: SUBSCRIBE,
  };
  if (!declared)
    return {
      ...rule,
      verdict: 'n/a',
      detail: 'subscribe is not declared (not asked: only what is declared is used)',
    };
  if (!uri)
    return { ...rule, verdict: 'n/a', detail: 'declared, but nothing is listed to subscribe to' };
  const request = { method: 'resources/subscribe', params: { uri } };
  const before = asked.length;
  const watch = { uris: [uri], from: Date.now(), to: Number.POSITIVE_INFINITY };
  watches.push(watch);
  const answer = await ask(request.method, request.params);
  if ('result' in answer) await new Promise((resolve) => setTimeout(resolve, UPDATE_WAIT_MS));
  if ('error' in answer) {
    const meanwhile = asked.slice(before);
    watch.to = Date.now();
    const why =
      meanwhile.length > 0
        ? `, after the server asked us for ${[...new Set(meanwhile)].join(', ')}, which we do not offer (a server must not ask a client for what it did not declare)`
        : '';
    return {
      ...rule,
      verdict: 'fail',
      detail: `subscribe is declared, but resources/subscribe ${uri} failed: ${said(answer.error)}${why}`,
      evidence: { request, response: cut(answer.error) },
    };
  }
  await ask('resources/unsubscribe', { uri });
  watch.to = Date.now();
  return { ...rule, verdict: 'pass', detail: `declared, and resources/subscribe ${uri} answered` };
}

/**
 * 2026-07-28: opens a listen stream for what the server declares (list changes, and the first
 * sampled resource where it declares subscribe), keeps it a moment for the notifications that
 * follow the acknowledgement, and closes it. Undefined where nothing is declared to listen to.
 */
async function listenBriefly(
  probe: Probe,
  declared: { subscribe?: unknown; listChanged?: unknown } | undefined,
  uri: string | undefined,
  watches: Watch[],
  timeoutMs: number,
): Promise<Listen | undefined> {
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
  await stream?.close().catch(() => {});
  watch.to = Date.now();
  const id = probe.listens.at(-1);
  return id === undefined ? undefined : { id, from, to: watch.to };
}

/**
 * For `file://` resources: paths out of the listed root (`..`, `%2e%2e`, encoded slashes, an
 * absolute path elsewhere) must get an error, never content. Since 2026-07-28 a server MUST
 * sanitize them.
 */
async function traversalRule(ask: Ask, uris: string[]): Promise<RuleResult> {
  const rule = {
    rule: 'security.path-traversal',
    title: 'Paths out of the listed root get an error, never content',
    spec: SECURITY,
  };
  const files = uris.filter((uri) => uri.startsWith('file://'));
  if (files.length === 0)
    return { ...rule, verdict: 'n/a', detail: 'no file:// resources are listed' };
  // The deepest folder every listed file shares, and one file in it to climb out of.
  const folders = files.map((uri) => uri.slice(0, uri.lastIndexOf('/') + 1));
  let root = folders[0] as string;
  for (const folder of folders)
    while (!folder.startsWith(root)) root = root.slice(0, root.slice(0, -1).lastIndexOf('/') + 1);
  const depth = Math.max(
    1,
    root
      .replace(/^file:\/\/[^/]*/, '')
      .split('/')
      .filter(Boolean).length,
  );
  const up = (step: string) => Array.from({ length: depth + 2 }, () => step).join('');
  // Up by "..", encoded dots, encoded slashes, and the backslashes a Windows server splits on.
  const probes = [
    `${root}${up('../')}etc/passwd`,
    `${root}${up('%2e%2e/')}etc/passwd`,
    `${root}${up('..%2f')}etc%2fpasswd`,
    `${root}${up('..%5c')}Windows%5cwin.ini`,
  ];
  // An absolute path elsewhere, where the root does not hold it (a Unix one, and a Windows one).
  for (const elsewhere of ['file:///etc/passwd', 'file:///C:/Windows/win.ini'])
    if (!elsewhere.startsWith(root)) probes.push(elsewhere);
  for (const uri of probes) {
    const request = { method: 'resources/read', params: { uri } };
    const answer = await ask(request.method, request.params);
    if ('error' in answer) continue;
    const contents = answer.result.contents;
    if (Array.isArray(contents) && contents.length > 0)
      return {
        ...rule,
        verdict: 'fail',
        detail: `${uri} is outside ${root}, and the server answered it with content`,
        evidence: { request, response: cut(answer.result, 600) },
      };
  }
  return {
    ...rule,
    verdict: 'pass',
    detail: `${probes.length} paths out of ${root} each got an error`,
  };
}

/** Completes the first variable of the first template that has one, with an empty value. */
async function completeFirst(
  ask: Ask,
  templates: RawWalk,
): Promise<{ template: string; result?: unknown; error?: string }[]> {
  for (const page of templates.pages) {
    for (const item of listOf(page.result, 'resourceTemplates')) {
      const uriTemplate = (item as { uriTemplate?: unknown })?.uriTemplate;
      if (typeof uriTemplate !== 'string' || uriTemplate.length > 10_000) continue;
      const variable = templateVariables(uriTemplate).variables[0];
      if (!variable) continue;
      const answer = await ask('completion/complete', {
        ref: { type: 'ref/resource', uri: uriTemplate },
        argument: { name: variable.name, value: '' },
      });
      return [
        {
          template: uriTemplate,
          ...('result' in answer ? { result: answer.result } : { error: said(answer.error) }),
        },
      ];
    }
  }
  return [];
}

/**
 * The URIs a second, fresh connection lists (the set must not vary per connection), walked as
 * the first was. A walk that stopped (a loop) is compared as far as the first one came.
 */
async function listOnAnotherConnection(
  config: ServerConfig,
  timeoutMs: number,
  deadline: number,
  firstPages: number,
  signal?: AbortSignal,
  signedIn?: SignedIn,
): Promise<string[] | undefined> {
  let probe: Probe | undefined;
  try {
    probe = await openProbe(config, timeoutMs, signal, signedIn);
    const first = await probe.ask('resources/list', {});
    if ('error' in first) return undefined;
    const walk = await walkRaw(
      probe.ask,
      'resources/list',
      first,
      probe.client.getProtocolEra() ?? 'legacy',
      deadline,
    );
    return walk.stopped && walk.pages.length !== firstPages ? undefined : listedUris(walk);
  } catch {
    return undefined;
  } finally {
    await probe?.client.close().catch(() => {});
  }
}

/** Up to `count` of `list`, spread evenly over it. */
function spread<T>(list: readonly T[], count: number): T[] {
  if (list.length <= count) return [...list];
  return Array.from(
    { length: count },
    (_, index) => list[Math.floor((index * list.length) / count)] as T,
  );
}
