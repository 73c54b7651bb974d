/**
 * The cache fields of 2026-07-28, pure: every cacheable result (a page of resources/list or
 * resources/templates/list, a read) carries `ttlMs`, an integer of 0 or more, and a `cacheScope`
 * of public or private, one across the pages of a list; and a list page's `resultType` is
 * "complete".
 */
import type { Evidence, RuleResult } from './check-types';
import { firstOf, judge } from './judge';
import { cut, type RawWalk } from './list-rules';

/** A result the server sent for a cacheable request, and the request's method. */
export interface Cacheable {
  method: string;
  result: Record<string, unknown>;
}

/** The methods whose results carry caching hints (those of resources). */
export const CACHEABLE_METHODS = new Set([
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

type Failure = { detail: string; evidence?: Evidence };

export function cacheRules(
  cacheable: readonly Cacheable[],
  lists: readonly (RawWalk | undefined)[],
  era: 'legacy' | 'modern',
): RuleResult[] {
  const ttl = judge('cache.ttl', era);
  const scope = judge('cache.scope', era);
  const kind = judge('result.type', era);
  if (era !== 'modern')
    return [ttl, scope, kind].map((rule) => rule.notApplicable('only in 2026-07-28'));
  // An interim result (input_required) is not cacheable, and carries no hints.
  const complete = cacheable.filter(
    ({ result }) => result.resultType === undefined || result.resultType === 'complete',
  );
  const ttls: Failure[] = [];
  const scopes: Failure[] = [];
  for (const { method, result } of complete) {
    // Made only for a result that fails: a whole list's pages need no copies when all pass.
    let made: { response: unknown } | undefined;
    const evidence = () => (made ??= { response: cut(result, 600) });
    if (result.ttlMs === undefined)
      ttls.push({ detail: `the answer to ${method} has no ttlMs`, evidence: evidence() });
    else if (!(Number.isInteger(result.ttlMs) && (result.ttlMs as number) >= 0))
      ttls.push({
        detail: `the answer to ${method} has ttlMs ${JSON.stringify(result.ttlMs)?.slice(0, 40)}`,
        evidence: evidence(),
      });
    if (result.cacheScope === undefined)
      scopes.push({ detail: `the answer to ${method} has no cacheScope`, evidence: evidence() });
    else if (result.cacheScope !== 'public' && result.cacheScope !== 'private')
      scopes.push({
        detail: `the answer to ${method} has cacheScope ${JSON.stringify(result.cacheScope)?.slice(0, 40)}, neither public nor private`,
        evidence: evidence(),
      });
  }
  for (const [index, list] of lists.entries()) {
    const given = new Set(
      (list?.pages ?? [])
        .map((page) => (page.result as Record<string, unknown>).cacheScope)
        .filter((value) => value === 'public' || value === 'private'),
    );
    if (given.size > 1)
      scopes.push({
        detail: `the pages of ${index === 0 ? 'resources/list' : 'resources/templates/list'} give ${[...given].join(' and ')}`,
      });
  }
  const pages = lists.flatMap((list) => list?.pages ?? []);
  const kinds: Failure[] = pages.flatMap((page, index) => {
    const resultType = (page.result as Record<string, unknown>).resultType;
    return resultType === undefined || resultType === 'complete'
      ? []
      : [
          {
            detail: `page ${index + 1} has resultType ${JSON.stringify(resultType)?.slice(0, 40)}`,
            evidence: { response: cut(page.result, 600) },
          },
        ];
  });
  const counted = `${complete.length} ${complete.length === 1 ? 'result' : 'results'}`;
  // Nothing cacheable answered: nothing to pass or fail.
  const none = 'no cacheable result was answered';
  return [
    complete.length === 0
      ? ttl.notApplicable(none)
      : firstOf(ttl, ttls, `${counted}, each with a ttlMs of 0 or more`),
    complete.length === 0 && scopes.length === 0
      ? scope.notApplicable(none)
      : firstOf(scope, scopes, `${counted}, each with a cacheScope, one across a list's pages`),
    firstOf(kind, kinds, 'no list page gives another resultType'),
  ];
}
