/** The catalog filter: case-insensitive substring over title, name, uri and description. Pure. */
import type { ResourceEntry } from '../../../shared/host-api';

export interface FilteredResources {
  /** The first matches, at most `limit` of them: what the list renders. */
  shown: ResourceEntry[];
  /** How many match in all. */
  total: number;
}

// Entries are immutable, so each one's lowercased text is computed once for all keystrokes.
const haystacks = new WeakMap<ResourceEntry, string>();

function haystack(entry: ResourceEntry): string {
  let text = haystacks.get(entry);
  if (text === undefined) {
    text = [entry.title ?? '', entry.name, entry.uri, entry.description ?? ''].join('\n').toLowerCase();
    haystacks.set(entry, text);
  }
  return text;
}

export function filterResources(lists: readonly (readonly ResourceEntry[])[], query: string, limit: number): FilteredResources {
  const needle = query.trim().toLowerCase();
  const shown: ResourceEntry[] = [];
  let total = 0;
  for (const list of lists) {
    if (!needle) {
      total += list.length;
      for (let i = 0; i < list.length && shown.length < limit; i++) shown.push(list[i] as ResourceEntry);
      continue;
    }
    for (const entry of list) {
      if (!haystack(entry).includes(needle)) continue;
      total++;
      if (shown.length < limit) shown.push(entry);
    }
  }
  return { shown, total };
}
