/**
 * The relevance evaluation: every labelled query of every corpus, ours beside the BM25
 * baseline, and the priority-1 flood (the handbook's queries with a server of 18 required
 * notes connected beside it). `npm run bench` puts its table in docs/BENCHMARKS.md; run alone,
 * `npx tsx bench/relevance.ts [--verbose]` prints it in seconds, and `--verbose` lists the
 * tune queries one by one (never the held-out ones: nobody tunes on those).
 */
import { loadCorpus, type CorpusName } from '../test/fixtures/corpora';
import { evaluateCorpus, summarize, type QueryResult } from '../test/relevance/evaluate';
import { LABELLED, loadLabels } from '../test/relevance/labels';

export interface RelevanceFigures {
  /** Results by corpus. */
  corpora: { name: CorpusName; documents: number; missing: string[]; results: QueryResult[] }[];
  /** The handbook's queries beside the required notes, at two budgets. */
  flood: { budget: number; results: QueryResult[] }[];
}

export async function benchRelevance(): Promise<RelevanceFigures> {
  const corpora: RelevanceFigures['corpora'] = [];
  for (const name of LABELLED) {
    const corpus = loadCorpus(name);
    const { queries } = loadLabels(corpus);
    corpora.push({
      name,
      documents: corpus.resources.length,
      missing: corpus.missing,
      results: await evaluateCorpus(corpus, queries),
    });
  }
  const handbook = loadCorpus('handbook');
  const notes = loadCorpus('required-notes');
  const flood: RelevanceFigures['flood'] = [];
  for (const budget of [1000, 8000])
    flood.push({
      budget,
      results: await evaluateCorpus(handbook, loadLabels(handbook).queries, {
        beside: [notes],
        settings: { budget },
      }),
    });
  return { corpora, flood };
}

const two = (value: number) => value.toFixed(2);

/** The table, in Markdown: a row per corpus and split, ours beside the baseline. */
export function relevanceTable(figures: RelevanceFigures): string {
  const row = (label: string, results: readonly QueryResult[]) => {
    const { queries, ours, bm25, worse, better } = summarize(results);
    return `| ${label} | ${queries} | ${two(ours.top1)} (${two(bm25.top1)}) | ${two(ours.mrr)} (${two(bm25.mrr)}) | ${two(ours.ndcg5)} (${two(bm25.ndcg5)}) | ${two(ours.precision)} | ${two(ours.recall)} | ${worse} / ${better} |`;
  };
  const all = figures.corpora.flatMap((corpus) => corpus.results);
  const lines = [
    '| corpus | queries | top-1 (BM25) | MRR (BM25) | nDCG@5 (BM25) | context precision | must-have recall | worse / better than BM25 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...figures.corpora.flatMap((corpus) => [
      row(`${corpus.name} (${corpus.documents} resources)`, corpus.results),
      row(
        `… held out`,
        corpus.results.filter((result) => result.query.split === 'held-out'),
      ),
    ]),
    row('all', all),
    row(
      'all, held out',
      all.filter((result) => result.query.split === 'held-out'),
    ),
    '',
    ...figures.flood.map(({ budget, results }) => {
      const { queries, ours } = summarize(results);
      const of = (share: number) => Math.round(share * queries);
      return `Priority-1 flood (the handbook beside 18 required notes), budget ${budget.toLocaleString('en')}: the best focus match in the context for ${of(ours.bestIn)} of ${queries} queries (${of(ours.bestFits)} fit the budget alone); an answer for ${of(ours.answerIn)} (${of(ours.answerFits)} have one that fits the budget alone); context precision ${two(ours.precision)}.`;
    }),
  ];
  const missing = figures.corpora.flatMap((corpus) => corpus.missing);
  if (missing.length > 0) lines.push('', `Not installed, left out: ${missing.join(', ')}.`);
  return lines.join('\n');
}

/** One line per tune query: where each ranker put its first answer, and what went in. */
export function tuneLines(figures: RelevanceFigures): string[] {
  return figures.corpora.flatMap((corpus) =>
    corpus.results
      .filter((result) => result.query.split === 'tune')
      .map(
        ({ query, ours, bm25 }) =>
          `${query.id.padEnd(12)} ours @${String(ours.answerAt).padEnd(3)} bm25 @${String(bm25.answerAt).padEnd(3)} in ${String(ours.included).padStart(3)} (${String(ours.tokens).padStart(5)} tokens, precision ${two(ours.precision)}, recall ${two(ours.recall)})  ${query.focus}`,
      ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const extra = process.argv.slice(2).filter((arg) => arg !== '--verbose');
  if (extra.length > 0) {
    process.stderr.write(`usage: tsx bench/relevance.ts [--verbose]\n`);
    process.exit(64);
  }
  const figures = await benchRelevance();
  if (process.argv.includes('--verbose'))
    process.stdout.write(`${tuneLines(figures).join('\n')}\n\n`);
  process.stdout.write(`${relevanceTable(figures)}\n`);
}
