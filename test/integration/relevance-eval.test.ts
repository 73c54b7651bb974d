/**
 * The relevance evaluation (bench/relevance/) runs, reads every labelled query, and scores by
 * the textbook definitions. Its figures live in the bench, never here: a test cannot say how
 * good a ranking should be, only that the measure is sound.
 */
import { describe, expect, it } from 'vitest';
import { evaluateCorpus } from '../relevance/evaluate';
import { LABELLED, loadLabels } from '../relevance/labels';
import {
  contextPrecision,
  mustHaveRecall,
  ndcg,
  reciprocalRank,
  topOne,
} from '../relevance/metrics';
import { loadCorpus } from '../fixtures/corpora';

describe('the relevance evaluation', () => {
  it('finds every labelled resource in its corpus, and every README installed', () => {
    for (const name of LABELLED) {
      const corpus = loadCorpus(name);
      expect(corpus.missing).toEqual([]);
      const { queries } = loadLabels(corpus);
      expect(queries.length).toBeGreaterThanOrEqual(20);
      expect(queries.filter((query) => query.split === 'held-out').length).toBe(
        Math.floor(queries.length / 3),
      );
    }
  });

  it('refuses labels that name a resource the corpus does not have', () => {
    const corpus = loadCorpus('demo');
    const [gone] = Object.keys(loadLabels(corpus).queries[0]?.relevant ?? {});
    corpus.resources = corpus.resources.filter((resource) => resource.uri !== gone);
    expect(() => loadLabels(corpus)).toThrow(`${gone} is not in the corpus`);
  });

  it('runs every query of a corpus through auto-include and the baseline', async () => {
    const corpus = loadCorpus('handbook');
    const { queries } = loadLabels(corpus);
    const results = await evaluateCorpus(corpus, queries);
    expect(results.map((result) => result.query.id)).toEqual(queries.map((query) => query.id));
    for (const { ours, bm25 } of results) {
      // The handbook sets no priority, so nothing may go over the default budget.
      expect(ours.tokens).toBeLessThanOrEqual(8000);
      for (const value of [ours.top1, ours.rr, ours.ndcg5, ours.precision, ours.recall, bm25.rr])
        expect(value).toBeGreaterThanOrEqual(0);
    }
  });

  it('scores a ranking by the textbook definitions', () => {
    const grades = { a: 2, b: 1 } as const;
    expect(topOne(['a', 'b'], grades)).toBe(1);
    expect(topOne(['b', 'a'], grades)).toBe(0);
    expect(reciprocalRank(['x', 'y', 'a'], grades)).toBeCloseTo(1 / 3);
    expect(reciprocalRank(['x'], grades)).toBe(0);
    expect(ndcg(['a', 'b'], grades)).toBe(1);
    // DCG of [b, a] over DCG of [a, b]: (1 + 3/log2 3) / (3 + 1/log2 3).
    expect(ndcg(['b', 'a'], grades)).toBeCloseTo((1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3)));
    const included = [
      { uri: 'a', tokens: 300 },
      { uri: 'z', tokens: 100 },
    ];
    expect(contextPrecision(included, grades)).toBe(0.75);
    expect(contextPrecision([], grades)).toBe(0);
    // Two answers of 600 tokens each: only one fits a budget of 1,000, so one is all of them.
    const twoAnswers = { a: 2, c: 2 } as const;
    expect(mustHaveRecall(included, twoAnswers, () => 600, 1000).recall).toBe(1);
    expect(mustHaveRecall(included, twoAnswers, () => 400, 1000).recall).toBe(0.5);
  });
});
