/**
 * The rows a listing again added or changed, highlighted for {@link FRESH_MS} after it: the
 * host keeps them beside the views and every view's rows carry them (ViewNode.fresh).
 */
import type { ServerId } from '../../../shared/mcp-types';
import type { ListDiff } from '../../../shared/catalog/catalog-diff';
import { resourceKeyString } from '../../../shared/catalog/resource-key';
import type { RowMarks } from '../../../shared/catalog/view-rows';
import type { FreshMark } from '../../../shared/catalog/view-wire';

export const FRESH_MS = 6000;

export interface FreshRows {
  /** A listing again of one server: its added and changed resources light up. */
  add(serverId: ServerId, resources: ListDiff): void;
  /** The session's marks, with the highlight; the same object while neither changes. */
  wrap(base: RowMarks): RowMarks;
  dispose(): void;
}

/** `expired` is called when highlights go out, so the views send frames without them. */
export function createFreshRows(expired: () => void, now: () => number = Date.now): FreshRows {
  const rows = new Map<string, { mark: FreshMark; until: number }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let version = 0;
  let wrapped: { base: RowMarks; version: number; marks: RowMarks } | undefined;

  const fresh = (key: string): FreshMark | undefined => {
    const row = rows.get(key);
    return row && row.until > now() ? row.mark : undefined;
  };

  function arm(): void {
    clearTimeout(timer);
    timer = undefined;
    let next = Infinity;
    for (const row of rows.values()) next = Math.min(next, row.until);
    if (next === Infinity) return;
    timer = setTimeout(
      () => {
        const time = now();
        for (const [key, row] of rows) if (row.until <= time) rows.delete(key);
        version += 1;
        arm();
        expired();
      },
      Math.max(0, next - now()),
    );
  }

  return {
    add(serverId, resources) {
      const until = now() + FRESH_MS;
      for (const uri of resources.added)
        rows.set(resourceKeyString({ serverId, uri }), { mark: 'added', until });
      for (const uri of resources.changed)
        rows.set(resourceKeyString({ serverId, uri }), { mark: 'changed', until });
      version += 1;
      arm();
    },
    wrap(base) {
      if (rows.size === 0) return base;
      if (wrapped?.base !== base || wrapped.version !== version)
        wrapped = { base, version, marks: { ...base, fresh } };
      return wrapped.marks;
    },
    dispose() {
      clearTimeout(timer);
      rows.clear();
    },
  };
}
