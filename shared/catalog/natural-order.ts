/**
 * Natural, case-insensitive ordering of labels (item-2 before item-10). A hand-written
 * comparison instead of `Intl.Collator({ numeric: true })`: sorting 100,000 rows runs about
 * a million comparisons, and this one folds case per character, so it allocates nothing
 * (not even a lowercase copy of each label) and does no locale lookup per call.
 */

/**
 * A lowercase copy of `text` with the same length, so offsets found in it are offsets in
 * `text` (search highlights rely on this). Characters whose lowercase form is longer,
 * such as "İ", stay as they are.
 */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let folded = '';
  for (const character of text) {
    const lowered = character.toLowerCase();
    folded += lowered.length === character.length ? lowered : character;
  }
  return folded;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

const foldedBeyondAscii = new Map<number, number>();

/**
 * The lowercase of one UTF-16 code unit; ASCII inline, the rest through toLowerCase, remembered.
 */
function fold(code: number): number {
  if (code < 128) return code >= 65 && code <= 90 ? code + 32 : code;
  let folded = foldedBeyondAscii.get(code);
  if (folded === undefined) {
    const lowered = String.fromCharCode(code).toLowerCase();
    folded = lowered.length === 1 ? lowered.charCodeAt(0) : code;
    foldedBeyondAscii.set(code, folded);
  }
  return folded;
}

/** Equal ignoring case; the common case (the very same code unit) needs no folding. */
function sameLetter(a: number, b: number): boolean {
  return a === b || fold(a) === fold(b);
}

/**
 * Compares two labels case-insensitively, reading runs of digits as numbers.
 * Labels equal but for case or leading zeros ("Item-07", "item-7") fall back to plain code
 * unit order at the end, so the result is still a total order.
 */
export function compareNatural(a: string, b: string): number {
  // Fast path: skip the common prefix, then back up to the start of a digit run it cuts.
  const shorter = Math.min(a.length, b.length);
  let firstDiffering = 0;
  while (
    firstDiffering < shorter &&
    sameLetter(a.charCodeAt(firstDiffering), b.charCodeAt(firstDiffering))
  )
    firstDiffering += 1;
  let start = firstDiffering;
  while (start > 0 && isDigit(a.charCodeAt(start - 1))) start -= 1;
  if (!(isDigit(a.charCodeAt(start)) && isDigit(b.charCodeAt(start))))
    return differenceAt(a, b, start);
  // The usual case (item-7 against item-12): a number without leading zeros in both.
  if (a.charCodeAt(start) !== 48 && b.charCodeAt(start) !== 48) {
    let endA = firstDiffering;
    let endB = firstDiffering;
    while (endA < a.length && isDigit(a.charCodeAt(endA))) endA += 1;
    while (endB < b.length && isDigit(b.charCodeAt(endB))) endB += 1;
    // A longer run is the bigger number; runs of one length compare digit by digit.
    if (endA !== endB) return endA - endB;
    return differenceAt(a, b, firstDiffering);
  }
  return compareFrom(a, b, start);
}

/** The order given by the first differing position, where no number is involved. */
function differenceAt(a: string, b: string, index: number): number {
  if (index >= a.length || index >= b.length)
    return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
  return fold(a.charCodeAt(index)) - fold(b.charCodeAt(index));
}

/** The full comparison from `start`, where both strings hold a digit and share what precedes it. */
function compareFrom(a: string, b: string, start: number): number {
  let i = start;
  let j = start;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      let startA = i;
      let startB = j;
      while (startA < a.length && a.charCodeAt(startA) === 48) startA += 1;
      while (startB < b.length && b.charCodeAt(startB) === 48) startB += 1;
      let endA = startA;
      let endB = startB;
      while (endA < a.length && isDigit(a.charCodeAt(endA))) endA += 1;
      while (endB < b.length && isDigit(b.charCodeAt(endB))) endB += 1;
      // A longer run without leading zeros is the bigger number, whatever its digits.
      if (endA - startA !== endB - startB) return endA - startA - (endB - startB);
      for (let k = 0; k < endA - startA; k += 1) {
        const difference = a.charCodeAt(startA + k) - b.charCodeAt(startB + k);
        if (difference !== 0) return difference;
      }
      i = endA;
      j = endB;
      continue;
    }
    if (fold(ca) !== fold(cb)) return fold(ca) - fold(cb);
    i += 1;
    j += 1;
  }
  if (i < a.length || j < b.length) return i < a.length ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}
