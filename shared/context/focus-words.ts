/**
 * The words of a focus and of what it is matched against: split where identifiers join words
 * (kebab-case, snake_case, camelCase, paths), lower-cased, stop words dropped, English words
 * stemmed (Porter, from `stemmer`). The stop words are the English list of `stopword`, and the
 * few words people use to phrase a request ("make sure", "keep", "getting"), which say nothing
 * of what they want. docs/CURATION.md says why each choice, with the evaluation's figures.
 */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import { MAX_FOCUS_LENGTH } from './focus-limits';

/** A focus is one line: its first this many distinct terms count. */
export const MAX_QUERY_TERMS = 32;

/**
 * Beside `stopword`'s list: the rest of the function words a search engine's list has (its,
 * when, why, during…), what contractions leave once split at the apostrophe (don, isn, ll…),
 * and the words of a request's phrasing rather than of its subject (need, keep, getting…).
 */
const MORE_STOP_WORDS = [
  ...['against', 'below', 'down', 'during', 'further', 'its', 'itself', 'once', 'off', 'own'],
  ...['when', 'why', 'whom', 'us', 'ours', 'yours', 'theirs', 'does', 'doing', 'having'],
  ...['aren', 'couldn', 'didn', 'doesn', 'don', 'hadn', 'hasn', 'haven', 'isn', 'll', 're'],
  ...['shouldn', 've', 'wasn', 'weren', 'won', 'wouldn'],
  ...['able', 'also', 'currently', 'etc', 'getting', 'gets', 'going', 'just', 'keep', 'keeps'],
  ...['lets', 'need', 'needs', 'please', 'set', 'sure', 'trying', 'want', 'wants', 'whenever'],
];
const STOP_WORDS = new Set([...eng, ...MORE_STOP_WORDS]);

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/**
 * The words of a text: letters and digits in any script, with camelCase and snake_case split
 * ("getUserById" → get, user, by, id), so URI paths and identifiers read as words.
 */
export function focusWords(text: string): string[] {
  // Most catalog text is ASCII, for which plain classes do what the Unicode ones do, faster.
  const split = ASCII.test(text)
    ? text
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
    : text
        .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
        .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u);
  return split.filter((word) => word !== '');
}

// A catalog repeats its words (every URI of a folder, every title of a kind), and the stemmer
// is the costliest part of indexing: each word is stemmed once.
const terms = new Map<string, string | null>();
const TERMS_KEPT = 200_000;

/** A word as the index keeps it: stemmed, or dropped (null) when it is a stop word. */
export function termOf(word: string): string | null {
  let term = terms.get(word);
  if (term === undefined) {
    // A lone letter or digit tells nothing (what "I'm" or "127.0.0.1" leave); the Porter
    // stemmer is for English, and other scripts pass through unchanged.
    term =
      word.length < 2 || STOP_WORDS.has(word) ? null : /^[a-z]+$/.test(word) ? stemmer(word) : word;
    if (terms.size >= TERMS_KEPT) terms.clear();
    terms.set(word, term);
  }
  return term;
}

/** The terms of a text, in order, stop words dropped. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const word of focusWords(text)) {
    const term = termOf(word);
    if (term !== null) out.push(term);
  }
  return out;
}

/**
 * Neighbouring terms joined by a space ("max age", "trail comma"): where the words of a focus
 * stand together in a text. A space never occurs inside a term, so a pair never meets a word.
 */
export function pairsOf(terms: readonly string[], limit = Infinity): string[] {
  const out: string[] = [];
  for (let at = 0; at + 1 < terms.length && out.length < limit; at += 1)
    if (terms[at] !== terms[at + 1]) out.push(`${terms[at] as string} ${terms[at + 1] as string}`);
  return out;
}

/** A focus's pairs of neighbouring terms, distinct, at most {@link MAX_QUERY_TERMS}. */
export function queryPairs(focus: string): string[] {
  return [...new Set(pairsOf(termsOf(focus.slice(0, MAX_FOCUS_LENGTH))))].slice(0, MAX_QUERY_TERMS);
}

/** One term of a focus. */
export interface QueryTerm {
  term: string;
  /** The focus's own word it came from (the first, if several stem alike), or two joined. */
  word: string;
  /** The last word, with no space after it: still being typed, so it may be a prefix. */
  typing: boolean;
  /**
   * Two words of the focus written as one ("starts up" for "startup", "log in" for "login"): it
   * counts only where a resource has it, and is never matched with a typo.
   */
  compound?: true;
  /** A compound's two words, as terms (a stop word's is absent). */
  parts?: string[];
}

/** The distinct terms of a focus, in its order, at most {@link MAX_QUERY_TERMS}. */
export function queryTerms(focus: string): QueryTerm[] {
  const text = focus.slice(0, MAX_FOCUS_LENGTH);
  const words = focusWords(text);
  const open = /[\p{L}\p{N}]$/u.test(text);
  const found = new Map<string, QueryTerm>();
  words.forEach((word, at) => {
    const term = termOf(word);
    if (term === null || found.size >= MAX_QUERY_TERMS) return;
    const typing = open && at === words.length - 1;
    const known = found.get(term);
    if (known) known.typing ||= typing;
    else found.set(term, { term, word, typing });
  });
  // Then two neighbouring words written as one, as technical text often has them.
  for (let at = 0; at + 1 < words.length && found.size < MAX_QUERY_TERMS; at += 1) {
    const [first, second] = [words[at] as string, words[at + 1] as string];
    if (!/^[a-z]+$/.test(first) || !/^[a-z]+$/.test(second)) continue;
    for (const joined of new Set([first + second, stemmer(first) + second])) {
      const term = termOf(joined);
      if (term !== null && !found.has(term) && found.size < MAX_QUERY_TERMS)
        found.set(term, {
          term,
          word: `${first} ${second}`,
          typing: false,
          compound: true,
          parts: [first, second].flatMap((part) => termOf(part) ?? []),
        });
    }
  }
  return [...found.values()];
}
