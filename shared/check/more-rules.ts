/**
 * More rules judged from what a server sent, pure: icons (allowed schemes; SVG warned of) and
 * per-connection stability. Templates and completion are in template-rules.ts, the cache fields
 * of 2026-07-28 in cache-rules.ts.
 */
import type { RuleResult } from './check-types';
import { plural } from '../plural';
import { judge } from './judge';
import { cut, type RawWalk } from './list-rules';

const list = (result: unknown, field: string): unknown[] => {
  const value = (result as Record<string, unknown> | undefined)?.[field];
  return Array.isArray(value) ? value : [];
};

/** Icons: https or data: only (a MUST); SVG can carry script, so it is warned of apart. */
export function iconRules(walks: RawWalk[]): RuleResult[] {
  const schemes = judge('icons.schemes');
  const svgs = judge('icons.svg');
  let count = 0;
  let unsafe: { src: unknown; icon: unknown } | undefined;
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
          // The spec's src "may be an HTTP/HTTPS URL or a data: URI"; what clients must reject is
          // the rest (javascript:, file:, ftp:, ws:, an app's own scheme).
          if (typeof src !== 'string' || !/^(https?:|data:)/i.test(src)) {
            unsafe ??= { src, icon };
            continue;
          }
          if (
            (typeof mimeType === 'string' && /^image\/svg\+xml/i.test(mimeType)) ||
            /^data:image\/svg|\.svg(\?|$)/i.test(src)
          )
            svg ??= src.slice(0, 120);
        }
      }
    }
  }
  if (count === 0)
    return [schemes.notApplicable('no icons are given'), svgs.notApplicable('no icons are given')];
  return [
    unsafe
      ? schemes.broken(
          `an icon's src is ${typeof unsafe.src === 'string' ? JSON.stringify(unsafe.src.slice(0, 120)) : 'missing'}: only http:, https: and data: are allowed`,
          { response: cut(unsafe.icon) },
        )
      : schemes.pass(`${plural(count, 'icon')}, each http:, https: or data:`),
    svg
      ? svgs.broken(
          `an icon is SVG (${svg}), which can carry script: clients must not render it as a document`,
        )
      : svgs.pass('no icon is SVG'),
  ];
}

/** One listing of the whole set, and which of the check's two connections made it. */
export interface Listing {
  on: 'first' | 'second';
  uris: readonly string[];
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const one = new Set(a);
  const two = new Set(b);
  return one.size === two.size && [...one].every((uri) => two.has(uri));
};

/**
 * What listings made in turn on two connections show: the same set (`at` the listing that
 * matched the one before it, on the other connection), a set that varies per connection (one
 * connection listed the same twice around a different listing on the other), or nothing yet (the
 * set kept changing). A set may change over time, so two listings that differ prove nothing
 * alone: only a connection that stays put while the other sees something else does.
 */
export function compareListings(
  listings: readonly Listing[],
): { same: number } | { varies: number } | undefined {
  for (let at = 1; at < listings.length; at += 1) {
    const [before, now] = [listings[at - 1] as Listing, listings[at] as Listing];
    if (sameSet(before.uris, now.uris)) return { same: at };
    const twoBack = listings[at - 2];
    if (twoBack && sameSet(twoBack.uris, now.uris)) return { varies: at };
  }
  return undefined;
}

/** Two fresh connections see the same set of resources, listed in turn (`listings`). */
export function stabilityRule(listings: readonly Listing[]): RuleResult {
  const rule = judge('listing.per-connection', 'modern');
  const [first, second] = listings;
  if (!first || !second) return rule.notApplicable('a second connection could not list');
  // Sets: a 100,000-file server's two listings compared by includes() took minutes.
  const [inFirst, inSecond] = [new Set(first.uris), new Set(second.uris)];
  const onlyFirst = first.uris.filter((uri) => !inSecond.has(uri));
  const onlySecond = second.uris.filter((uri) => !inFirst.has(uri));
  const outcome = compareListings(listings);
  if (outcome && 'same' in outcome && outcome.same === 1)
    return rule.pass(
      `both list the same ${new Set(first.uris).size.toLocaleString('en')} resources`,
    );
  if (outcome && 'same' in outcome) {
    const again = listings[outcome.same] as Listing;
    return rule.pass(
      `the second connection listed ${onlySecond.length} ${onlySecond.length === 1 ? 'resource' : 'resources'} the first had not${onlyFirst.length > 0 ? `, and not ${onlyFirst.length} it had` : ''}, and the ${again.on}, listing again, then listed the same: the set changed over time, which it may`,
    );
  }
  if (outcome)
    return rule.broken(
      `the second connection lists ${onlySecond.length} the first did not, and misses ${onlyFirst.length}, while the ${(listings[outcome.varies] as Listing).on}, listing again, still lists what it did: the set varies per connection (it may vary only by authorization)`,
      {
        response: cut({ onlyFirst: onlyFirst.slice(0, 20), onlySecond: onlySecond.slice(0, 20) }),
      },
    );
  return rule.notApplicable(
    `the set changed between each of ${listings.length} listings made in turn on two connections: it changes faster than they can be compared`,
  );
}
