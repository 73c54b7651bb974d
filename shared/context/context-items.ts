/**
 * One resource's part of the context: the item assembled from a candidate and what reading it
 * returned (made once per contents read), what its part of the text costs in tokens, and the
 * whole text's count as the sum of the parts'. curate.ts runs the loop that uses them.
 */
import type { Annotations, ContentItem, ServerId } from '../mcp-types';
import { checkAnnotations } from '../catalog/validate-item';
import {
  assembleContext,
  type AssembledSection,
  type AssembledText,
  type ContextFormat,
  type ContextItem,
} from './assemble';

/** Counts the tokens of a text, at once or off the thread. */
export type Count = (text: string) => number | Promise<number>;

/**
 * A catalog entry as curation needs it: the host gives the catalog's own entries, whose server's
 * name the list carries (candidates.ts).
 */
export interface CatalogCandidate {
  serverId: ServerId;
  serverName?: string;
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: unknown;
  size?: number;
}

/**
 * What is known of one resource once it was read: its contents, and the tokens of its part of
 * the text, as charged (at least {@link MIN_SECTION_TOKENS}) and as counted (`counted`, of the
 * part's text `section`).
 */
export type ReadState =
  | { contents: readonly ContentItem[]; tokens: number; counted: number; section: string }
  | { error: string };

/** Every resource in the context costs at least this much: its heading and URI lines. */
export const MIN_SECTION_TOKENS = 12;

/**
 * Counts the tokens of one resource's part of the assembled context, as it sits in the whole
 * text: with the blank line that follows a Markdown section, and within the brackets and
 * indentation of the JSON array (so the parts never add up to less than the whole).
 */
export async function sectionTokens(
  item: ContextItem,
  format: ContextFormat,
  count: Count,
): Promise<{ tokens: number; counted: number; section: string } | undefined> {
  const [section] = assembleContext([item], format).sections;
  if (!section || section.text === '') return undefined;
  const asPlaced = format === 'json' ? assembleContext([item], 'json').text : `${section.text}\n\n`;
  const counted = await count(asPlaced);
  return { tokens: Math.max(MIN_SECTION_TOKENS, counted), counted, section: section.text };
}

/**
 * Tokens of the whole assembled text, exactly as if counted as one, without counting it again
 * (a toggle among 2,000 would count 4 MB after every change).
 *
 * Markdown: the sum of each section's count as placed (with its blank line), the last one
 * counted bare. This is exact, not an estimate. Both encodings count a text as the sum over
 * the pieces their split pattern cuts it into, and sections are joined by a blank line, each
 * beginning with "## ". No alternative of either pattern (gpt-tokenizer's o200k_base and
 * cl100k_base) can take a "#" after a newline, so in the whole text a piece always ends at the
 * seam; the piece that ends there is the one the part alone ends with (alone, `\s+$` or
 * `\s*[\r\n]+` takes its last blank line to the end; in the whole, the same run, stopped by
 * the "#"); and nothing looks behind, so the pieces after the seam are those of the next part
 * alone. Tested on texts made to break a seam (curate-tokens.test.ts), and by a reviewer's
 * fuzzing of 600 contexts per encoding. JSON is counted whole.
 */
export async function wholeTokens(
  curated: {
    sections: readonly AssembledSection[];
    keys: readonly string[];
    known: ReadonlyMap<string, ReadState>;
    assembled: AssembledText;
  },
  format: ContextFormat,
  count: Count,
): Promise<number> {
  const { sections, keys, known } = curated;
  if (format !== 'markdown' || sections.length === 0)
    return curated.assembled.length === 0 ? 0 : count(curated.assembled.whole);
  let sum = 0;
  for (let at = 0; at < sections.length - 1; at += 1) {
    const text = (sections[at] as AssembledSection).text;
    const state = known.get(keys[at] as string);
    // Counted as this very text (a title renamed since makes another).
    sum +=
      state && 'section' in state && state.section === text
        ? state.counted
        : await count(`${text}\n\n`);
  }
  return sum + (await count((sections.at(-1) as AssembledSection).text));
}

// One item per candidate and contents read, kept while both are: a toggle among 2,000 makes
// the same 2,000 items again, and the same item is assembled from its cache (assemble.ts).
const itemsByContents = new WeakMap<
  readonly ContentItem[],
  { candidate: CatalogCandidate; item: ContextItem }
>();

/** The item of a candidate whose server is called `serverName` (candidates.ts serverNameOf). */
export function contextItem(
  candidate: CatalogCandidate,
  serverName: string,
  contents: readonly ContentItem[],
): ContextItem {
  const kept = itemsByContents.get(contents);
  if (kept?.candidate === candidate && kept.item.serverName === serverName) return kept.item;
  const item: ContextItem = {
    serverId: candidate.serverId,
    serverName,
    uri: candidate.uri,
    name: candidate.name,
    ...(candidate.title !== undefined && { title: candidate.title }),
    ...withAnnotations(candidate),
    contents,
  };
  itemsByContents.set(contents, { candidate, item });
  return item;
}

// Checked once per candidate, not once per run: a toggle among 2,000 re-assembles them all.
const checkedAnnotations = new WeakMap<CatalogCandidate, { annotations?: Annotations }>();

/** Only valid annotations reach the context; the policy already warned about the rest. */
function withAnnotations(candidate: CatalogCandidate): { annotations?: Annotations } {
  let checked = checkedAnnotations.get(candidate);
  if (!checked) {
    const annotations = checkAnnotations(candidate.annotations, []);
    checkedAnnotations.set(candidate, (checked = annotations ? { annotations } : {}));
  }
  return checked;
}
