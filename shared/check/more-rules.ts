/**
 * More rules judged from what a server sent, pure: templates (RFC 6570, completion at most 100
 * values), icons (allowed schemes, SVG warned of), per-connection stability, and the cache
 * fields of 2026-07-28 (`ttlMs`, one `cacheScope` across pages, `resultType`).
 */
import { templateVariables } from '../catalog/uri-template-variables';
import type { RuleResult, SpecReference } from './check-types';
import { cut, type RawWalk } from './list-rules';

const TEMPLATES: SpecReference = {
  revision: '2026-07-28',
  section: 'Resources › Resource templates',
};
const ICONS: SpecReference = { revision: '2026-07-28', section: 'Basic › Icons' };
const STABILITY: SpecReference = {
  revision: '2026-07-28',
  section: 'Resources › Listing resources',
};
const CACHING: SpecReference = {
  revision: '2026-07-28',
  section: 'Resources › Caching (ttlMs, cacheScope)',
};
const COMPLETION: SpecReference = { revision: '2026-07-28', section: 'Utilities › Completion' };

const list = (result: unknown, field: string): unknown[] => {
  const value = (result as Record<string, unknown> | undefined)?.[field];
  return Array.isArray(value) ? value : [];
};

/** Each template parses as RFC 6570. */
export function templateRule(templates: RawWalk | undefined): RuleResult {
  const rule = {
    rule: 'templates.rfc6570',
    title: 'Each template parses as RFC 6570',
    spec: TEMPLATES,
  };
  if (!templates)
    return { ...rule, verdict: 'n/a', detail: 'resources/templates/list is not answered' };
  const all = templates.pages.flatMap((page) => list(page.result, 'resourceTemplates'));
  if (all.length === 0) return { ...rule, verdict: 'n/a', detail: 'no templates are listed' };
  for (const item of all) {
    const uriTemplate = (item as { uriTemplate?: unknown })?.uriTemplate;
    if (typeof uriTemplate === 'string' && uriTemplate.length > 10_000)
      return {
        ...rule,
        verdict: 'fail',
        detail: `a template is ${uriTemplate.length.toLocaleString('en')} characters long`,
        evidence: { request: { method: 'resources/templates/list' }, response: cut(item, 300) },
      };
    if (typeof uriTemplate !== 'string')
      return {
        ...rule,
        verdict: 'fail',
        detail: 'a template has no uriTemplate string',
        evidence: { request: { method: 'resources/templates/list' }, response: cut(item) },
      };
    const parsed = templateVariables(uriTemplate);
    if (parsed.error)
      return {
        ...rule,
        verdict: 'fail',
        detail: `${uriTemplate.slice(0, 200)}: ${parsed.error}`,
        evidence: { request: { method: 'resources/templates/list' }, response: cut(item) },
      };
  }
  return {
    ...rule,
    verdict: 'pass',
    detail:
      all.length === 1
        ? 'the one template is well formed'
        : `${all.length} templates, each well formed`,
  };
}

/** A completion answer: at most 100 values. */
export function completionRule(
  answers: { template: string; result?: unknown; error?: string }[],
  declared: boolean,
): RuleResult {
  const rule = {
    rule: 'templates.completion',
    title: 'completion/complete answers at most 100 values',
    spec: COMPLETION,
  };
  if (!declared) return { ...rule, verdict: 'n/a', detail: 'completions is not declared' };
  if (answers.length === 0)
    return { ...rule, verdict: 'n/a', detail: 'no template has a variable to complete' };
  for (const { template, result, error } of answers) {
    // An error is allowed (a variable it cannot complete); it is noted, not failed.
    if (error !== undefined)
      return {
        ...rule,
        verdict: 'warn',
        detail: `completing ${template.slice(0, 200)} failed: ${error}`,
      };
    const values = (result as { completion?: { values?: unknown } } | undefined)?.completion
      ?.values;
    if (!Array.isArray(values))
      return {
        ...rule,
        verdict: 'fail',
        detail: `completing ${template.slice(0, 200)} answered no values array`,
        evidence: { response: cut(result) },
      };
    if (values.length > 100)
      return {
        ...rule,
        verdict: 'fail',
        detail: `completing ${template.slice(0, 200)} answered ${values.length} values`,
        evidence: { response: cut(result) },
      };
  }
  return {
    ...rule,
    verdict: 'pass',
    detail: `${answers.length} ${answers.length === 1 ? 'completion' : 'completions'} asked, each within 100 values`,
  };
}

/** Icons: https or data: only; SVG can carry script, so it is warned of. */
export function iconRule(walks: RawWalk[]): RuleResult {
  const rule = {
    rule: 'icons.schemes',
    title: 'Icons use https: or data:, and SVG is warned of',
    spec: ICONS,
  };
  let count = 0;
  let svg: string | undefined;
  for (const walk of walks) {
    for (const page of walk.pages) {
      for (const item of [
        ...list(page.result, 'resources'),
        ...list(page.result, 'resourceTemplates'),
      ]) {
        for (const icon of list(item, 'icons')) {
          count += 1;
          const src = (icon as { src?: unknown })?.src;
          const mimeType = (icon as { mimeType?: unknown })?.mimeType;
          if (typeof src !== 'string' || !/^(https:|data:)/i.test(src))
            return {
              ...rule,
              verdict: 'fail',
              detail: `an icon's src is ${typeof src === 'string' ? JSON.stringify(src.slice(0, 120)) : 'missing'}: only https: and data: are allowed`,
              evidence: { response: cut(icon) },
            };
          if (
            (typeof mimeType === 'string' && /^image\/svg\+xml/i.test(mimeType)) ||
            /^data:image\/svg|\.svg(\?|$)/i.test(src)
          )
            svg ??= src.slice(0, 120);
        }
      }
    }
  }
  if (count === 0) return { ...rule, verdict: 'n/a', detail: 'no icons are given' };
  if (svg)
    return {
      ...rule,
      verdict: 'warn',
      detail: `an icon is SVG (${svg}), which can carry script: clients must not render it as a document`,
    };
  return { ...rule, verdict: 'pass', detail: `${count} icons, each https: or data:` };
}

/** Two fresh connections see the same set of resources. */
export function stabilityRule(
  first: readonly string[],
  second: readonly string[] | undefined,
): RuleResult {
  const rule = {
    rule: 'listing.per-connection',
    title: 'Two fresh connections see the same resources',
    spec: STABILITY,
  };
  if (!second) return { ...rule, verdict: 'n/a', detail: 'a second connection could not list' };
  const one = new Set(first);
  const two = new Set(second);
  const onlyFirst = [...one].filter((uri) => !two.has(uri));
  const onlySecond = [...two].filter((uri) => !one.has(uri));
  if (onlyFirst.length === 0 && onlySecond.length === 0)
    return {
      ...rule,
      verdict: 'pass',
      detail: `both list the same ${one.size.toLocaleString('en')} resources`,
    };
  return {
    ...rule,
    verdict: 'fail',
    detail: `the second connection lists ${onlySecond.length} the first did not, and misses ${onlyFirst.length} (the set may vary only by authorization)`,
    evidence: {
      response: cut({ onlyFirst: onlyFirst.slice(0, 20), onlySecond: onlySecond.slice(0, 20) }),
    },
  };
}

/**
 * 2026-07-28: `ttlMs` a non-negative number, one `cacheScope` across all pages, a known
 * `resultType`.
 */
export function cacheRules(walk: RawWalk, era: 'legacy' | 'modern'): RuleResult[] {
  const ttl = {
    rule: 'cache.ttl',
    title: 'ttlMs is a number of milliseconds, not negative',
    spec: CACHING,
  };
  const scope = { rule: 'cache.scope', title: 'One cacheScope across all pages', spec: CACHING };
  const kind = {
    rule: 'result.type',
    title: 'resultType, where given, is "complete"',
    spec: CACHING,
  };
  if (era !== 'modern')
    return [ttl, scope, kind].map((entry) => ({
      ...entry,
      verdict: 'n/a' as const,
      detail: 'only in 2026-07-28',
    }));
  const results = walk.pages.map((page) => page.result as Record<string, unknown>);
  const badTtl = results.findIndex(
    (result) =>
      result.ttlMs !== undefined &&
      !(typeof result.ttlMs === 'number' && Number.isFinite(result.ttlMs) && result.ttlMs >= 0),
  );
  const scopes = new Set(
    results
      .map((result) => result.cacheScope)
      .filter((value) => value !== undefined)
      .map(String),
  );
  const badScope = results.find(
    (result) =>
      result.cacheScope !== undefined &&
      result.cacheScope !== 'public' &&
      result.cacheScope !== 'private',
  );
  const badKind = results.findIndex(
    (result) => result.resultType !== undefined && result.resultType !== 'complete',
  );
  return [
    badTtl >= 0
      ? {
          ...ttl,
          verdict: 'fail',
          detail: `page ${badTtl + 1} has ttlMs ${JSON.stringify(results[badTtl]?.ttlMs)}`,
          evidence: { response: cut(results[badTtl]) },
        }
      : { ...ttl, verdict: 'pass', detail: 'every ttlMs given is a non-negative number' },
    badScope
      ? {
          ...scope,
          verdict: 'fail',
          detail: `cacheScope ${JSON.stringify(badScope.cacheScope)} is neither public nor private`,
        }
      : scopes.size > 1
        ? { ...scope, verdict: 'fail', detail: `the pages give ${[...scopes].join(' and ')}` }
        : {
            ...scope,
            verdict: 'pass',
            detail:
              scopes.size === 0
                ? 'no page gives a cacheScope'
                : `every page gives ${[...scopes][0]}`,
          },
    badKind >= 0
      ? {
          ...kind,
          verdict: 'fail',
          detail: `page ${badKind + 1} has resultType ${JSON.stringify(results[badKind]?.resultType)}`,
          evidence: { response: cut(results[badKind]) },
        }
      : { ...kind, verdict: 'pass', detail: 'no page gives another resultType' },
  ];
}
