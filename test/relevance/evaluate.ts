/**
 * Runs every labelled query through auto-include as a new user gets it (the default settings
 * with the query as the focus, curateContext, the real tokenizer), and through the BM25
 * baseline over the same corpus, and scores both (metrics.ts). The reads come straight from
 * the corpus: the curation is the code the host and `mcp-context assemble` run, without the
 * transport, which the integration tests cover.
 */
import { contextItem, sectionTokens, type ReadState } from '../../shared/context/context-items';
import { curateContext, type CatalogCandidate } from '../../shared/context/curate';
import { DEFAULT_POLICY, type PolicySettings } from '../../shared/context/policy';
import { createTokenCounter } from '../../shared/context/tokens';
import { resourceKeyString } from '../../shared/catalog/resource-key';
import type { ContentItem } from '../../shared/mcp-types';
import type { Corpus } from '../fixtures/corpora';
import { createBaseline } from './bm25';
import type { LabelledQuery } from './labels';
import { contextPrecision, mustHaveRecall, ndcg, reciprocalRank, topOne } from './metrics';

/** Ranking figures of one ranker on one query. */
export interface RankFigures {
  top1: number;
  rr: number;
  ndcg5: number;
  /** The place of the first answer, from 1; 0 when it is not ranked. */
  answerAt: number;
}

export interface QueryResult {
  query: LabelledQuery;
  ours: RankFigures & {
    precision: number;
    recall: number;
    /** 1 when at least one answer is in the context. */
    answerIn: number;
    /** 1 when an answer could be: one costs no more than the budget on its own. */
    answerFits: number;
    /** 1 when the best match (the first ranked that is not required) is in the context. */
    bestIn: number;
    /** 1 when that best match costs no more than the budget on its own. */
    bestFits: number;
    /** Resources and tokens the context took. */
    included: number;
    tokens: number;
  };
  bm25: RankFigures;
}

const figures = (ranking: readonly string[], query: LabelledQuery): RankFigures => ({
  top1: topOne(ranking, query.relevant),
  rr: reciprocalRank(ranking, query.relevant),
  ndcg5: ndcg(ranking, query.relevant),
  answerAt: ranking.findIndex((uri) => query.relevant[uri] === 2) + 1,
});

/** A corpus as auto-include sees it: candidates, and a read of each. */
function served(corpora: readonly Corpus[]) {
  const candidates: CatalogCandidate[] = [];
  const contents = new Map<string, ContentItem[]>();
  for (const corpus of corpora) {
    for (const resource of corpus.resources) {
      const candidate: CatalogCandidate = {
        serverId: corpus.server,
        serverName: corpus.server,
        uri: resource.uri,
        name: resource.name,
        ...(resource.title !== undefined && { title: resource.title }),
        ...(resource.description !== undefined && { description: resource.description }),
        ...(resource.mimeType !== undefined && { mimeType: resource.mimeType }),
        ...(resource.annotations !== undefined && { annotations: resource.annotations }),
        ...(resource.size !== undefined && { size: resource.size }),
      };
      candidates.push(candidate);
      const item: ContentItem =
        resource.text !== undefined
          ? {
              uri: resource.uri,
              text: resource.text,
              size: Buffer.byteLength(resource.text),
              ...(resource.mimeType !== undefined && { mimeType: resource.mimeType }),
            }
          : {
              uri: resource.uri,
              blob: resource.blob ?? '',
              size: Buffer.from(resource.blob ?? '', 'base64').length,
              ...(resource.mimeType !== undefined && { mimeType: resource.mimeType }),
            };
      contents.set(resourceKeyString(candidate), [item]);
    }
  }
  return { candidates, contents };
}

export interface EvaluateOptions {
  /** Settings over the defaults; the focus is each query's. */
  settings?: Partial<PolicySettings>;
  /** Other servers connected beside the corpus (the priority-1 flood). */
  beside?: readonly Corpus[];
}

/** Scores every query of `corpus`, ours and the baseline's, in the labels' order. */
export async function evaluateCorpus(
  corpus: Corpus,
  queries: readonly LabelledQuery[],
  options: EvaluateOptions = {},
): Promise<QueryResult[]> {
  const { candidates, contents } = served([corpus, ...(options.beside ?? [])]);
  const byUri = new Map(candidates.map((candidate) => [candidate.uri, candidate]));
  const counter = createTokenCounter();
  const count = (text: string) => counter.count(text);
  // Reads are kept between queries, as the host keeps them: no query reads twice.
  const known = new Map<string, ReadState>();
  const baseline = createBaseline(
    [corpus, ...(options.beside ?? [])].flatMap((each) => each.resources),
  );
  const alone = new Map<string, number>();
  /** What a resource costs in a context on its own, for the recall's "could have". */
  const cost = async (uri: string) => {
    let tokens = alone.get(uri);
    if (tokens === undefined) {
      const candidate = byUri.get(uri) as CatalogCandidate;
      const item = contextItem(
        candidate,
        candidate.serverName ?? candidate.serverId,
        contents.get(resourceKeyString(candidate)) as ContentItem[],
      );
      tokens = (await sectionTokens(item, 'markdown', count))?.tokens ?? 0;
      alone.set(uri, tokens);
    }
    return tokens;
  };
  const results: QueryResult[] = [];
  for (const query of queries) {
    const settings: PolicySettings = { ...DEFAULT_POLICY, ...options.settings, focus: query.focus };
    const curated = await curateContext({
      candidates,
      marks: new Map(),
      settings,
      format: 'markdown',
      known,
      count,
      read: async (serverId, uri) => {
        const items = contents.get(resourceKeyString({ serverId, uri }));
        if (!items) throw new Error(`not in the corpus: ${uri}`);
        return items;
      },
    });
    const ranking = curated.result.decisions
      .filter((decision) => decision.rank !== undefined)
      .sort((a, b) => (a.rank as number) - (b.rank as number))
      .map((decision) => decision.uri);
    const included = curated.result.contextKeys.map((key, at) => ({
      uri: (curated.result.context[at] as { uri: string }).uri,
      tokens: curated.tokens.get(key) ?? 0,
    }));
    // The policy's best match: the first ranked that is not required (priority 1).
    const best = ranking.find(
      (uri) => (byUri.get(uri)?.annotations as { priority?: unknown } | undefined)?.priority !== 1,
    );
    const bestCost = best === undefined ? Infinity : await cost(best);
    const costs = new Map<string, number>();
    for (const uri of Object.keys(query.relevant)) costs.set(uri, await cost(uri));
    results.push({
      query,
      ours: {
        ...figures(ranking, query),
        precision: contextPrecision(included, query.relevant),
        recall: mustHaveRecall(
          included,
          query.relevant,
          (uri) => costs.get(uri) ?? 0,
          settings.budget,
        ).recall,
        answerIn: included.some((entry) => query.relevant[entry.uri] === 2) ? 1 : 0,
        answerFits: Object.entries(query.relevant).some(
          ([uri, grade]) => grade === 2 && (costs.get(uri) ?? Infinity) <= settings.budget,
        )
          ? 1
          : 0,
        bestFits: bestCost <= settings.budget ? 1 : 0,
        bestIn: best !== undefined && included.some((entry) => entry.uri === best) ? 1 : 0,
        included: included.length,
        tokens: included.reduce((sum, entry) => sum + entry.tokens, 0),
      },
      bm25: figures(baseline(query.focus), query),
    });
  }
  return results;
}

/** The means of a set of results. */
export function summarize(results: readonly QueryResult[]) {
  const mean = (pick: (result: QueryResult) => number) =>
    results.length > 0
      ? results.reduce((sum, result) => sum + pick(result), 0) / results.length
      : 0;
  return {
    queries: results.length,
    ours: {
      top1: mean((result) => result.ours.top1),
      mrr: mean((result) => result.ours.rr),
      ndcg5: mean((result) => result.ours.ndcg5),
      precision: mean((result) => result.ours.precision),
      recall: mean((result) => result.ours.recall),
      answerIn: mean((result) => result.ours.answerIn),
      answerFits: mean((result) => result.ours.answerFits),
      bestIn: mean((result) => result.ours.bestIn),
      bestFits: mean((result) => result.ours.bestFits),
    },
    bm25: {
      top1: mean((result) => result.bm25.top1),
      mrr: mean((result) => result.bm25.rr),
      ndcg5: mean((result) => result.bm25.ndcg5),
    },
    /** Queries whose first answer ours places worse, and better, than the baseline. */
    worse: results.filter((result) => result.ours.rr < result.bm25.rr).length,
    better: results.filter((result) => result.ours.rr > result.bm25.rr).length,
  };
}
