/**
 * The relevance figures, from a ranking and the labels of one query. Grades: 2 is an answer
 * (a must-have), 1 relevant, anything unlabelled 0. Each function is the textbook definition;
 * docs/CURATION.md says how the labels were made.
 */

/** A query's labels: grade by URI. */
export type Grades = Readonly<Record<string, number>>;

const gradeOf = (grades: Grades, uri: string) => grades[uri] ?? 0;

/** 1 when the first resource ranked is an answer, else 0. */
export function topOne(ranking: readonly string[], grades: Grades): number {
  return ranking.length > 0 && gradeOf(grades, ranking[0] as string) === 2 ? 1 : 0;
}

/** 1 over the place of the first answer, 0 when none is ranked. */
export function reciprocalRank(ranking: readonly string[], grades: Grades): number {
  const at = ranking.findIndex((uri) => gradeOf(grades, uri) === 2);
  return at < 0 ? 0 : 1 / (at + 1);
}

/** Normalized discounted cumulative gain at `depth`, with gain 2^grade − 1. */
export function ndcg(ranking: readonly string[], grades: Grades, depth = 5): number {
  const gain = (grade: number) => 2 ** grade - 1;
  const dcg = (list: readonly number[]) =>
    list.slice(0, depth).reduce((sum, grade, at) => sum + gain(grade) / Math.log2(at + 2), 0);
  const ideal = dcg(Object.values(grades).sort((a, b) => b - a));
  return ideal > 0 ? dcg(ranking.map((uri) => gradeOf(grades, uri))) / ideal : 0;
}

/** What went into a context: URI and tokens of each resource included. */
export type Included = readonly { uri: string; tokens: number }[];

/**
 * The share of the included tokens that went to relevant resources (grade 1 or 2); 0 for an
 * empty context, which delivers nothing relevant.
 */
export function contextPrecision(included: Included, grades: Grades): number {
  const total = included.reduce((sum, entry) => sum + entry.tokens, 0);
  const relevant = included.reduce(
    (sum, entry) => sum + (gradeOf(grades, entry.uri) > 0 ? entry.tokens : 0),
    0,
  );
  return total > 0 ? relevant / total : 0;
}

/**
 * The share of the answers that went in, out of as many as could have: the most answers that
 * fit the budget together (the smallest first). An answer larger than the budget on its own
 * cannot be in any context, and when several answers together overflow it, only some can.
 */
export function mustHaveRecall(
  included: Included,
  grades: Grades,
  cost: (uri: string) => number,
  budget: number,
): { recall: number; possible: number; answers: number } {
  const answers = Object.keys(grades).filter((uri) => grades[uri] === 2);
  let possible = 0;
  let used = 0;
  for (const tokens of answers.map(cost).sort((a, b) => a - b)) {
    if (used + tokens > budget) break;
    used += tokens;
    possible += 1;
  }
  const inside = new Set(included.map((entry) => entry.uri));
  const found = answers.filter((uri) => inside.has(uri)).length;
  return {
    recall: possible > 0 ? Math.min(1, found / possible) : 1,
    possible,
    answers: answers.length,
  };
}
