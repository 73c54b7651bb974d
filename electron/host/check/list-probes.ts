/**
 * The listing questions of a check: does resources/list answer as declared, does a cursor the
 * server never gave get -32602, and does a second, fresh connection list the same (in turn with
 * the first, while the set changes over time).
 */
import type { RuleResult } from '../../../shared/check/check-types';
import { judge } from '../../../shared/check/judge';
import { cut } from '../../../shared/check/list-rules';
import type { ServerConfig } from '../../../shared/mcp-types';
import type { OpenClientOptions } from '../connection/open-client';
import { openProbe, said, type Answer, type Ask, type Probe, type SignedIn } from './probe';
import { compareListings, type Listing } from '../../../shared/check/more-rules';
import { listedUris, walkRaw } from './walk';

export function capabilityRule(declared: boolean, first: Answer): RuleResult {
  const rule = judge('capabilities.resources');
  const answers = 'result' in first;
  const missing = 'error' in first && first.error.code === -32601;
  if (declared && answers) return rule.pass('declared, and resources/list answers');
  if (!declared && missing)
    return rule.notApplicable('not declared, and resources/list is not a method');
  if (!declared && answers)
    return rule.broken('resources/list answers, but the server does not declare resources', {
      request: { method: 'resources/list' },
    });
  if (!declared)
    return rule.notApplicable(
      `not declared, and resources/list failed (${'error' in first ? first.error.message.slice(0, 200) : ''})`,
    );
  const error = 'error' in first ? first.error : undefined;
  return rule.broken(
    `resources is declared, but resources/list failed: ${error ? said(error) : ''}`,
    {
      request: { method: 'resources/list', params: {} },
      response: cut(error),
    },
  );
}

export async function bogusCursorRule(ask: Ask): Promise<RuleResult> {
  const request = {
    method: 'resources/list',
    params: { cursor: 'mcp-context-check: not a cursor you gave' },
  };
  const answer = await ask(request.method, request.params);
  const rule = judge('pagination.bogus-cursor');
  if ('error' in answer) {
    if (answer.error.code === -32602) return rule.pass('answered -32602 (Invalid Params)');
    return rule.broken(
      Number.isNaN(answer.error.code)
        ? `got no answer (${said(answer.error)}), where -32602 is asked for`
        : `answered ${answer.error.code}, where -32602 is asked for`,
      { request, response: cut(answer.error) },
    );
  }
  return rule.broken('answered a page for a cursor it never gave (it SHOULD answer -32602)', {
    request,
    response: cut(answer.result),
  });
}

/** Listings made in turn on the two connections at most, while the set keeps changing. */
const MAX_LISTINGS = 5;

/**
 * Lists on a second, fresh connection and compares it with the first connection's listing
 * (`firstUris`); where they differ, lists again in turn on each connection, so a set that changed
 * over time (for everyone) is told from one that varies per connection (listing-rules'
 * compareListings). A walk that stopped (a loop) counts as far as the first one came.
 */
export async function listInTurn(
  first: Probe,
  firstUris: string[],
  firstPages: number,
  config: ServerConfig,
  timeoutMs: number,
  deadline: number,
  signal?: AbortSignal,
  signedIn?: SignedIn,
  era?: OpenClientOptions['era'],
): Promise<Listing[]> {
  const listings: Listing[] = [{ on: 'first', uris: firstUris }];
  let second: Probe | undefined;
  const list = async (probe: Probe): Promise<string[] | undefined> => {
    const page = await probe.ask('resources/list', {});
    if ('error' in page) return undefined;
    const era = probe.client.getProtocolEra() ?? 'legacy';
    const walk = await walkRaw(probe.ask, 'resources/list', page, era, deadline);
    return walk.stopped && walk.pages.length !== firstPages ? undefined : listedUris(walk);
  };
  try {
    second = await openProbe(config, timeoutMs, signal, signedIn, era);
    while (listings.length < MAX_LISTINGS && !compareListings(listings)) {
      const on = listings.at(-1)?.on === 'first' ? 'second' : 'first';
      const uris = await list(on === 'first' ? first : second);
      if (!uris || signal?.aborted) break;
      listings.push({ on, uris });
    }
  } catch {
    // A second connection that cannot be had, or a listing that fails: judged as far as it came.
  } finally {
    await second?.client.close().catch(() => {});
  }
  return listings;
}
