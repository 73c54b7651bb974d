/**
 * The listing questions of a check: does resources/list answer as declared, does a cursor the
 * server never gave get -32602, and does a second, fresh connection list the same.
 */
import type { RuleResult } from '../../../shared/check/check-types';
import { judge } from '../../../shared/check/judge';
import { cut } from '../../../shared/check/list-rules';
import type { ServerConfig } from '../../../shared/mcp-types';
import { openProbe, said, type Answer, type Ask, type Probe, type SignedIn } from './probe';
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

/**
 * The URIs a second, fresh connection lists (the set must not vary per connection), walked as
 * the first was. A walk that stopped (a loop) is compared as far as the first one came.
 */
export async function listOnAnotherConnection(
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
