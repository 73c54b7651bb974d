/**
 * The labelled queries (queries/<corpus>.json), read and checked: every query's focus, its split
 * and its graded resources, each of which must be in the corpus. The labels were written from
 * the documents before any ranking was looked at; docs/CURATION.md says how.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Corpus, CorpusName } from '../fixtures/corpora';

/** One query: a focus as a user would say it, and the grade of each relevant resource. */
export interface LabelledQuery {
  id: string;
  focus: string;
  /** Held-out queries are never tuned on: every third one, by number. */
  split: 'tune' | 'held-out';
  /** 2: an answer, which must be in the context; 1: relevant. Unlisted: irrelevant. */
  relevant: Readonly<Record<string, 1 | 2>>;
}

export interface Labels {
  corpus: CorpusName;
  about: string;
  queries: LabelledQuery[];
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The corpora that have labels. */
export const LABELLED: readonly CorpusName[] = ['demo', 'handbook', 'readmes'];

/** Reads the labels of one corpus, and throws with every problem found if any is wrong. */
export function loadLabels(corpus: Corpus): Labels {
  const file = path.join(here, 'queries', `${corpus.name}.json`);
  const labels = JSON.parse(readFileSync(file, 'utf8')) as Labels;
  const uris = new Set(corpus.resources.map((resource) => resource.uri));
  const problems: string[] = [];
  if (labels.corpus !== corpus.name) problems.push(`corpus is "${labels.corpus}"`);
  const ids = new Set<string>();
  labels.queries.forEach((query, at) => {
    const where = `query ${at + 1} (${query.id})`;
    if (ids.has(query.id)) problems.push(`${where}: id used twice`);
    ids.add(query.id);
    if (typeof query.focus !== 'string' || query.focus.trim() === '')
      problems.push(`${where}: no focus`);
    const heldOut = (at + 1) % 3 === 0;
    if (query.split !== (heldOut ? 'held-out' : 'tune'))
      problems.push(`${where}: split should be ${heldOut ? 'held-out' : 'tune'}`);
    const grades = Object.entries(query.relevant ?? {});
    if (!grades.some(([, grade]) => grade === 2)) problems.push(`${where}: no answer (grade 2)`);
    for (const [uri, grade] of grades) {
      if (grade !== 1 && grade !== 2) problems.push(`${where}: grade ${grade} for ${uri}`);
      if (!uris.has(uri)) problems.push(`${where}: ${uri} is not in the corpus`);
    }
  });
  if (problems.length > 0)
    throw new Error(`queries/${corpus.name}.json: ${problems.slice(0, 10).join('; ')}`);
  return labels;
}
