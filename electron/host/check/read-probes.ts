/**
 * The reading questions of a check: a sample of what is listed read back, and a URI nobody
 * lists.
 */
import type { Evidence, RuleResult } from '../../../shared/check/check-types';
import { judge } from '../../../shared/check/judge';
import { cut } from '../../../shared/check/list-rules';
import { isBase64 } from '../connection/read-result';
import { said, type Ask } from './probe';

type Failure = { detail: string } & Evidence;

/** What is wrong with the items of a read's contents: each needs its uri and text or blob. */
export function itemProblems(
  uri: string,
  contents: readonly unknown[],
  request: unknown,
): Failure[] {
  const problems: Failure[] = [];
  contents.forEach((item, index) => {
    const raw = (item ?? {}) as Record<string, unknown>;
    const text = typeof raw.text === 'string';
    const blob = typeof raw.blob === 'string';
    const where = `${uri}, item ${index + 1}`;
    if (typeof raw.uri !== 'string')
      problems.push({ detail: `${where} has no uri`, request, response: cut(item) });
    if (text === blob)
      problems.push({
        detail: `${where} has ${text ? 'both text and blob' : 'neither text nor blob'}`,
        request,
        response: cut(item),
      });
    if (blob && !isBase64(raw.blob as string, true))
      problems.push({
        detail: `${where}: blob is not valid base64`,
        request,
        response: cut(item, 300),
      });
  });
  return problems;
}

/**
 * Reads the sample back: each read answers (read.back, a MUST), with well-formed items, and with
 * some contents (read.not-empty: an empty array for a listed resource is allowed, but reads as
 * "gone", so it is warned of).
 */
export async function readBackRules(ask: Ask, sample: string[]): Promise<RuleResult[]> {
  const back = judge('read.back');
  const notEmpty = judge('read.not-empty');
  if (sample.length === 0)
    return [back.notApplicable('nothing is listed'), notEmpty.notApplicable('nothing is listed')];
  const failures: Failure[] = [];
  const empties: Failure[] = [];
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
    if (!Array.isArray(contents))
      failures.push({
        detail: `${uri} reads as no contents array`,
        request,
        response: cut(answer.result),
      });
    else if (contents.length === 0)
      empties.push({
        detail: `${uri} reads as an empty contents array`,
        request,
        response: cut(answer.result),
      });
    else failures.push(...itemProblems(uri, contents, request));
  }
  const checked =
    tried < sample.length
      ? `read ${tried} of the ${sample.length} sampled, then stopped: no answer came`
      : `read ${sample.length} of the listed resources`;
  const judged = (rule: typeof back, list: Failure[], passDetail: string): RuleResult => {
    const first = list[0];
    if (!first) return rule.pass(passDetail);
    const more = list.length > 1 ? ` (and ${list.length - 1} more; ${checked})` : ` (${checked})`;
    return rule.broken(`${first.detail}${more}`, {
      request: first.request,
      response: first.response,
    });
  };
  return [
    judged(back, failures, `${checked}: each answered, and every item is well formed`),
    judged(notEmpty, empties, `${checked}: none reads as an empty contents array`),
  ];
}

/**
 * A URI nobody lists, read: never empty contents (read.unknown-resource), an error of the
 * era's code (read.unknown-resource-code), naming the URI in `data.uri`
 * (read.unknown-resource-uri). The URI is made up, so an answer with contents may mean the server
 * serves any URI: where the rule then applies cannot be known, and it is only warned of.
 */
export async function unknownResourceRules(
  ask: Ask,
  era: 'legacy' | 'modern',
): Promise<RuleResult[]> {
  const uri = 'mcp-context-check://no/such/resource';
  const request = { method: 'resources/read', params: { uri } };
  const answer = await ask(request.method, request.params);
  const unknown = judge('read.unknown-resource', era);
  const code = judge('read.unknown-resource-code', era);
  const named = judge('read.unknown-resource-uri', era);
  const codes = era === 'modern' ? '-32602' : '-32002 (or -32602, as 2026-07-28 asks)';
  if ('result' in answer) {
    const contents = answer.result.contents;
    const evidence = { request, response: cut(answer.result) };
    const empty = Array.isArray(contents) && contents.length === 0;
    return [
      empty
        ? unknown.broken(
            'answered an empty contents array for a URI nobody lists, where an error is asked for',
            evidence,
          )
        : unknown.pass('answered contents, not an empty array'),
      code.doubtful(
        `answered ${empty ? 'an empty result' : 'contents'} for a URI nobody lists, where an error ${codes} is asked for if no such resource exists`,
        evidence,
      ),
      named.notApplicable('answered no error, so no data.uri to look for'),
    ];
  }
  const { code: got, data } = answer.error;
  const evidence = { request, response: cut(answer.error) };
  if (Number.isNaN(got))
    return [
      unknown.pass('answered no contents'),
      code.broken(`got no answer (${said(answer.error)}), where an error ${codes} is asked for`, {
        request,
      }),
      named.notApplicable('answered no error, so no data.uri to look for'),
    ];
  const right = got === -32602 || (era === 'legacy' && got === -32002);
  return [
    unknown.pass(`answered an error (${got}), not contents`),
    right
      ? code.pass(
          got === -32002
            ? 'answered -32002, the code before 2026-07-28'
            : 'answered -32602 (Invalid Params)',
        )
      : code.broken(`answered ${got}, where ${codes} is asked for`, evidence),
    (data as { uri?: unknown } | undefined)?.uri === uri
      ? named.pass('the error names the URI in data.uri')
      : named.broken(
          `the error has ${data === undefined ? 'no data' : `data.uri ${JSON.stringify((data as { uri?: unknown } | null)?.uri ?? null)}`}, where data.uri ${JSON.stringify(uri)} is asked for`,
          evidence,
        ),
  ];
}
