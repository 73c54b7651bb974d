/**
 * How well one query word matches one case-folded field. Contiguous matches always outscore
 * fuzzy (in-order subsequence) ones, so typing a whole word ranks the rows that contain it first.
 */

/** The best a fuzzy match can score; below the worst contiguous match, by design. */
const FUZZY_CEILING = 80;

/**
 * The widest a fuzzy match of a word of `length` letters may spread, first letter to last.
 * It grows by one per letter, no faster: then a match of a word is also a match of every
 * prefix of it (each further letter takes at least one position), so the matches of "bill"
 * are among those of "bil", and a search may narrow the last query's matches as the user types.
 */
export function compactSpan(length: number): number {
  return length + 12;
}

function isWordCharacter(code: number): boolean {
  // Folded ASCII letters and digits, and everything beyond ASCII (letters of other scripts).
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || code > 127;
}

/**
 * True when `index` starts a word: the field's start, or just after a separator (/, -, _, space,
 * …).
 */
export function isWordStart(field: string, index: number): boolean {
  return index === 0 || !isWordCharacter(field.charCodeAt(index - 1));
}

/**
 * The score of `word` found contiguously at `index` of `field`: the whole field beats a
 * prefix, a prefix beats a word start, a word start beats the middle of a word, and earlier
 * beats later.
 */
export function contiguousScore(field: string, word: string, index: number): number {
  if (index === 0 && field.length === word.length) return 260;
  if (index === 0) return 180;
  return (isWordStart(field, index) ? 140 : 100) - Math.min(index, 40) / 4;
}

/**
 * Where `word` sits contiguously in `field`, preferring a word start over an earlier mid-word hit.
 */
export function bestOccurrence(field: string, word: string): number {
  const first = field.indexOf(word);
  if (first <= 0 || isWordStart(field, first)) return first;
  // Look a little further for an occurrence at a word start ("log" in "catalog/login").
  for (
    let next = field.indexOf(word, first + 1), tries = 0;
    next !== -1 && tries < 8;
    next = field.indexOf(word, next + 1), tries += 1
  ) {
    if (isWordStart(field, next)) return next;
  }
  return first;
}

/**
 * Matches `word` as an in-order subsequence of `field` and returns the positions of its
 * characters, or undefined. Greedy from the leftmost first character and from a few word
 * starts ("gd" picks the g of "guide" in "billing guide"), keeping the best: linear per try,
 * which matters at 100,000 rows per keystroke.
 */
export function subsequencePositions(field: string, word: string): number[] | undefined {
  let best: number[] | undefined;
  let bestScore = 0;
  let start = field.indexOf(word.charAt(0));
  for (let tries = 0; start !== -1 && tries < 5; tries += 1) {
    const positions = greedyFrom(field, word, start);
    if (!positions) break;
    const score = fuzzyScore(field, positions);
    // Letters strewn across a long field ("b…i…l" in a sentence) are noise, not a match.
    const span = (positions.at(-1) ?? start) - start + 1;
    if (span <= compactSpan(word.length) && score > bestScore) {
      best = positions;
      bestScore = score;
    }
    do start = field.indexOf(word.charAt(0), start + 1);
    while (start !== -1 && !isWordStart(field, start));
  }
  return best;
}

/**
 * Whether {@link subsequencePositions} finds anything in `text` from `from` up to `to` (a field
 * of a longer text), without making its positions: the test a search runs on every entry, where
 * most answers are "no".
 */
export function hasCompactSubsequence(
  text: string,
  word: string,
  from = 0,
  to = text.length,
): boolean {
  const first = word.charCodeAt(0);
  let start = indexIn(text, first, from, to);
  for (let tries = 0; start !== -1 && tries < 5; tries += 1) {
    let next = start + 1;
    let end = start;
    for (let k = 1; k < word.length; k += 1) {
      end = indexIn(text, word.charCodeAt(k), next, to);
      if (end === -1) return false;
      next = end + 1;
    }
    if (end - start + 1 <= compactSpan(word.length)) return true;
    do start = indexIn(text, first, start + 1, to);
    while (start !== -1 && !isWordStart(text, start));
  }
  return false;
}

/** indexOf of one UTF-16 unit, bounded: a field's end, not the end of the text it sits in. */
function indexIn(text: string, code: number, from: number, to: number): number {
  for (let index = from; index < to; index += 1) if (text.charCodeAt(index) === code) return index;
  return -1;
}

function greedyFrom(field: string, word: string, start: number): number[] | undefined {
  const positions = [start];
  let from = start + 1;
  for (let k = 1; k < word.length; k += 1) {
    const found = field.indexOf(word.charAt(k), from);
    if (found === -1) return undefined;
    positions.push(found);
    from = found + 1;
  }
  return positions;
}

/** True when `word` is an in-order subsequence of `text`; the cheap test before any scoring. */
export function isSubsequence(text: string, word: string): boolean {
  let from = 0;
  for (let k = 0; k < word.length; k += 1) {
    const found = text.indexOf(word.charAt(k), from);
    if (found === -1) return false;
    from = found + 1;
  }
  return true;
}

/**
 * The score of a fuzzy match: word starts earn, gaps cost, and the total stays under the ceiling.
 */
export function fuzzyScore(field: string, positions: readonly number[]): number {
  let score = 40;
  let previous = -1;
  for (const position of positions) {
    if (isWordStart(field, position)) score += 6;
    if (previous !== -1 && position > previous + 1)
      score -= 4 + Math.min(position - previous - 1, 10);
    previous = position;
  }
  return Math.max(1, Math.min(FUZZY_CEILING, score));
}
