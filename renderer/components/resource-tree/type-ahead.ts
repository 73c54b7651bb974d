/**
 * Type-ahead for the tree: typed letters jump to the next row whose label starts with them.
 * Pure. react-arborist's own type-ahead reads `data.name` and always starts from the top;
 * ours reads the label, starts after the focused row, wraps, and cycles on a repeated letter.
 */

/** The index of the row to focus, or -1. `labels` are the visible rows in order. */
export function typeAheadIndex(
  labels: readonly string[],
  focusedIndex: number,
  typed: string,
): number {
  const needle = typed.toLowerCase();
  if (!needle || labels.length === 0) return -1;
  // "bbb" cycles through rows starting with "b", as in a file manager.
  const cycling = needle.length > 1 && [...needle].every((char) => char === needle[0]);
  const prefix = cycling ? (needle[0] as string) : needle;
  // A longer prefix may still fit the focused row; a fresh letter or a cycle moves on.
  const first = cycling || needle.length === 1 ? focusedIndex + 1 : Math.max(0, focusedIndex);
  for (let step = 0; step < labels.length; step++) {
    const index = (first + step) % labels.length;
    if ((labels[index] as string).toLowerCase().startsWith(prefix)) return index;
  }
  return -1;
}
