/**
 * The baseline every relevance figure is read against: textbook BM25 (Robertson and Zaragoza),
 * k1 = 1.2 and b = 0.75, over one bag of words per resource (its name, title, description, the
 * words of its URI and its whole text content), lower-cased, split on anything that is not a
 * letter or a digit, with no stemming and no stop words. Deliberately plain: it is the ranker a
 * careful engineer would write in an afternoon, and ours has to beat it.
 */
const K1 = 1.2;
const B = 0.75;

/** What the baseline reads of one resource. */
export interface BaselineDocument {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  text?: string;
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Ranks `documents` for one query; returns their URIs best first (ties by URI), matches only. */
export function createBaseline(documents: readonly BaselineDocument[]) {
  const frequencies = documents.map((document) => {
    const counts = new Map<string, number>();
    const words = wordsOf(
      [
        document.name,
        document.title ?? '',
        document.description ?? '',
        document.uri.replace(/^[a-z][a-z0-9+.-]*:/i, ''),
        document.text ?? '',
      ].join(' '),
    );
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    return { counts, length: words.length };
  });
  const average =
    frequencies.reduce((sum, entry) => sum + entry.length, 0) / Math.max(1, documents.length);
  const containing = new Map<string, number>();
  for (const { counts } of frequencies)
    for (const word of counts.keys()) containing.set(word, (containing.get(word) ?? 0) + 1);
  const total = documents.length;

  return (query: string): string[] => {
    const terms = [...new Set(wordsOf(query))];
    const scored: { uri: string; score: number }[] = [];
    frequencies.forEach(({ counts, length }, at) => {
      let score = 0;
      for (const term of terms) {
        const tf = counts.get(term) ?? 0;
        if (tf === 0) continue;
        const df = containing.get(term) ?? 0;
        const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
        score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average));
      }
      if (score > 0) scored.push({ uri: (documents[at] as BaselineDocument).uri, score });
    });
    scored.sort((a, b) => b.score - a.score || (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
    return scored.map((entry) => entry.uri);
  };
}
