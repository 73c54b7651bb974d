/**
 * `mcp-context check`: one server's verdict on the resources rules, from what it really sends.
 * A connection of its own (never the app's), raw requests with a permissive result schema, so
 * nothing is hidden by the SDK's parse (probe.ts). The rules judged from what was sent are pure
 * (shared/check/); the questions are asked by the *-probes.ts files: the pages, a bogus cursor,
 * reads of a sample, an unknown URI, a subscribe where one is declared.
 */
import { redactedJson, secretsOf } from '../observe/redact';
import type { Client } from '@modelcontextprotocol/client';
import {
  bySeverity,
  type CheckReport,
  type RuleResult,
  type Verdict,
} from '../../../shared/check/check-types';
import { judge } from '../../../shared/check/judge';
import { fieldRules, paginationRules } from '../../../shared/check/list-rules';
import { CACHEABLE_METHODS, cacheRules } from '../../../shared/check/cache-rules';
import { iconRules, stabilityRule } from '../../../shared/check/more-rules';
import {
  completionRule,
  templateRules,
  unknownTemplateRule,
} from '../../../shared/check/template-rules';
import type { ServerConfig } from '../../../shared/mcp-types';
import { describeConnectFailure } from '../connection/liveness';
import { bogusCursorRule, capabilityRule, listInTurn } from './list-probes';
import { openProbe, type Probe, type SignedIn } from './probe';
import { readBackRules, unknownResourceRules } from './read-probes';
import { completeUnknown, probeTemplates, templateReadRule } from './template-probes';
import { traversalRule } from './traversal-probe';
import { CHECK_DEADLINE_MS, listedUris, spread, walkRaw } from './walk';
import { NOTIFICATION_WATCH_MS, notificationResults } from './watch-probe';
import { wireSchemaRule } from './wire-schema';

export type { SignedIn } from './probe';

/** Resources read back at most, spread over the list. */
export const READ_SAMPLE = 20;

export type CheckOutcome = { report: CheckReport } | { unreachable: string } | { cancelled: true };

/**
 * Checks one server; resolves with its report, or why it could not be reached, or that it was
 * cancelled (`signal`: the user's Cancel, or the host closing), which closes its connections.
 */
/** How a check runs, beyond what every command has. */
export interface CheckOptions {
  /**
   * The least time to watch the server's notifications, from connecting (default
   * {@link NOTIFICATION_WATCH_MS}); only where a rule needs it, and ended by what it looks for.
   */
  watchMs?: number;
  /** Told what the check is waiting on, when it waits: a line to show. */
  onProgress?: (text: string) => void;
  /**
   * The revision to check a server in (`check --protocol`): 2025-11-25 opens with `initialize`
   * only, 2026-07-28 asks for exactly that. Default: 2026-07-28 where the server speaks it.
   */
  protocol?: '2025-11-25' | '2026-07-28';
}

export async function checkServer(
  config: ServerConfig,
  timeoutMs: number,
  signal?: AbortSignal,
  signedIn?: SignedIn,
  options: CheckOptions = {},
): Promise<CheckOutcome> {
  const outcome = await judgeServer(config, timeoutMs, signal, signedIn, options);
  // A report quotes what the server sent (its evidence), and the server may echo its config's
  // secrets: hidden as everywhere else output is made (redact.ts), in every face's report.
  return JSON.parse(redactedJson(outcome, secretsOf(config))) as CheckOutcome;
}

async function judgeServer(
  config: ServerConfig,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  signedIn: SignedIn | undefined,
  options: CheckOptions,
): Promise<CheckOutcome> {
  if (signal?.aborted) return { cancelled: true };
  const speak = options.protocol === '2025-11-25' ? 'legacy' : options.protocol;
  let probe: Probe;
  try {
    probe = await openProbe(config, timeoutMs, signal, signedIn, speak);
  } catch (error) {
    if (signal?.aborted) return { cancelled: true };
    const why = describeConnectFailure(error, undefined);
    return {
      unreachable: options.protocol ? `${why} (in protocol ${options.protocol}, as asked)` : why,
    };
  }
  const connectedAt = Date.now();
  const { client, ask, sent } = probe;
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
    const firstTemplates = await ask('resources/templates/list', {});
    const templates =
      'result' in firstTemplates
        ? await walkRaw(ask, 'resources/templates/list', firstTemplates, era, deadline)
        : undefined;
    results.push(
      ...paginationRules(walk, era),
      await bogusCursorRule(ask),
      ...fieldRules(walk, templates),
    );
    const completions =
      (client.getServerCapabilities() as { completions?: unknown } | undefined)?.completions !==
      undefined;
    const templated = await probeTemplates(ask, templates, completions);
    results.push(
      ...templateRules(templates),
      templateReadRule(templated.reads),
      completionRule(templated.completions, completions),
      unknownTemplateRule(await completeUnknown(ask, completions), completions),
      ...iconRules(templates ? [walk, templates] : [walk]),
    );
    const uris = listedUris(walk);
    const sample = spread(uris, READ_SAMPLE);
    // Listed in turn with the first connection, while the set changes (2026-07-28 only).
    const listings =
      era === 'modern'
        ? await listInTurn(
            probe,
            uris,
            walk.pages.length,
            config,
            timeoutMs,
            deadline,
            signal,
            signedIn,
            speak,
          )
        : [];
    results.push(
      ...(await readBackRules(ask, sample)),
      ...(await unknownResourceRules(ask, era)),
      await traversalRule(ask, uris, era),
      era === 'modern'
        ? stabilityRule(listings)
        : judge('listing.per-connection', era).notApplicable(
            'only in 2026-07-28 (before, the set could vary per connection)',
          ),
    );
    results.push(
      ...(await notificationResults(probe, {
        era,
        declared: capabilities.resources,
        uri: sample[0],
        from: connectedAt,
        timeoutMs,
        watchMs: options.watchMs ?? NOTIFICATION_WATCH_MS,
        stdio: config.transport.kind === 'stdio',
        ...(signal && { signal }),
        ...(options.onProgress && {
          onProgress: (seconds: number) =>
            options.onProgress?.(`watching its notifications, ${seconds} s more`),
        }),
      })),
    );
    results.push(
      // Every result of a cacheable request the check made, lists and reads alike.
      ...cacheRules(
        sent.flatMap(({ message, answers }) =>
          answers && CACHEABLE_METHODS.has(answers) && isObject(message.result)
            ? [{ method: answers, result: message.result }]
            : [],
        ),
        [walk, templates],
        era,
      ),
      wireSchemaRule(client.getNegotiatedProtocolVersion(), sent),
    );
    if (signal?.aborted) return { cancelled: true };
    return { report: report(config, client, results, { count: sample.length, of: uris.length }) };
  } finally {
    await client.close().catch(() => {});
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
    // Failures first: a failure must not hide at the bottom of thirty rules.
    results: bySeverity(results),
    counts,
  };
}
