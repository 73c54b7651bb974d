/**
 * The reading questions of a check: a sample of what is listed read back, and a URI nobody
 * lists.
 */
import type { RuleResult, SpecReference } from '../../../shared/check/check-types';
import { cut } from '../../../shared/check/list-rules';
import { isBase64 } from '../connection/read-result';
import { said, type Ask } from './probe';

const READING: SpecReference = { revision: '2026-07-28', section: 'Resources › Reading resources' };
const ERRORS: SpecReference = { revision: '2026-07-28', section: 'Resources › Error handling' };

export async function readBackRule(ask: Ask, sample: string[]): Promise<RuleResult> {
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

export async function unknownResourceRule(ask: Ask, era: 'legacy' | 'modern'): Promise<RuleResult> {
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
