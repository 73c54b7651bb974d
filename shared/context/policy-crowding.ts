/**
 * The line that says when one server's required resources crowd the budget: how many it marks
 * priority 1, what they cost, how many went in (after the focus's best match, up to their
 * share), where that best match stands if it stayed out, and the way out. The Context tab and `mcp-context assemble` show it as it is.
 */
import { formatCount } from './policy-types';

const number = formatCount;

export interface CrowdingInput {
  /** Required resources held back by their share or the best match, by catalog order. */
  overShare: ReadonlyMap<number, unknown>;
  /** The required resources in play, in rank order. */
  required: readonly number[];
  /** Which went in, by catalog order. */
  included: (at: number) => boolean;
  /** What the user calls the server of the resource at an order. */
  serverAt(at: number): string;
  tokensAt(at: number): number;
  /** "50% of the budget (4,000 tokens)". */
  shareText: string;
  /** With a focus: the best relevant match's rank, and whether it went in. */
  bestMatch: { rank: number; included: boolean; at: number } | undefined;
  budget: number;
}

/** One line per server whose required resources were held back; none otherwise. */
export function crowdingLines(input: CrowdingInput): string[] {
  const servers = new Set<string>();
  for (const at of input.overShare.keys()) servers.add(input.serverAt(at));
  const first = input.bestMatch?.included === true;
  const best = input.bestMatch && !first ? bestText(input.bestMatch, input) : '';
  return [...servers].sort().map((server) => {
    let count = 0;
    let tokens = 0;
    let inside = 0;
    for (const at of input.required) {
      if (input.serverAt(at) !== server) continue;
      count += 1;
      tokens += input.tokensAt(at);
      if (input.included(at)) inside += 1;
    }
    const taken = first
      ? `the best focus match (rank ${number(input.bestMatch?.rank ?? 1)}) went in first, then ${number(inside)} of them, up to their share of ${input.shareText}`
      : `${number(inside)} went in, up to their share of ${input.shareText}${best}`;
    return `${server} marks ${number(count)} resources required (${number(tokens)} tokens): ${taken}. To rank them with the rest, turn off "Priority 1 is required" (--no-required); to give them more, raise the share (--required-share).`;
  });
}

/** Where the focus's best match stands, when it stayed out, and why. */
function bestText(best: { rank: number; at: number }, input: CrowdingInput) {
  const where = `; the best focus match is rank ${number(best.rank)}`;
  const tokens = input.tokensAt(best.at);
  return tokens > input.budget
    ? `${where}, and stayed out: its ${number(tokens)} tokens are more than the whole budget`
    : `${where}, and stayed out`;
}

/** The first resource in rank order that passes `relevant`: its rank, and if it went in. */
export function bestMatchOf(
  ranked: Int32Array,
  relevant: (at: number) => boolean,
  included: (at: number) => boolean,
): { rank: number; included: boolean; at: number } | undefined {
  for (let place = 0; place < ranked.length; place += 1) {
    const at = ranked[place] as number;
    if (relevant(at)) return { rank: place + 1, included: included(at), at };
  }
  return undefined;
}
