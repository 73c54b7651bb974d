/**
 * Walks a paginated list as the server sends it, page by page with raw requests, stopping at a
 * cursor loop, a cap or the check's deadline (list-rules.ts judges what it got).
 */
import type { RawPage, RawWalk } from '../../../shared/check/list-rules';
import { listOf, said, type Answer, type Ask } from './probe';

const MAX_PAGES = 10_000;
/** A check that has not ended by then stops walking: the lists are judged as far as they came. */
export const CHECK_DEADLINE_MS = 120_000;

export async function walkRaw(
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

/** The URIs a walk listed, in order. */
export const listedUris = (walk: RawWalk): string[] =>
  walk.pages.flatMap((page) =>
    listOf(page.result, 'resources')
      .map((item) => (item as { uri?: unknown })?.uri)
      .filter((uri): uri is string => typeof uri === 'string'),
  );

/** Up to `count` of `list`, spread evenly over it. */
export function spread<T>(list: readonly T[], count: number): T[] {
  if (list.length <= count) return [...list];
  return Array.from(
    { length: count },
    (_, index) => list[Math.floor((index * list.length) / count)] as T,
  );
}
