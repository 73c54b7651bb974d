/**
 * What changed the outcome of two captures, said before the details: what came into the context
 * and what left it, then what of the inputs changed that could have done it (settings, marks,
 * servers, the catalog), most decisive first. A diff of two runs can move the reason of every
 * decision (a rank, the budget used before it); that is detail, and comes after.
 */
import type { CaptureDiff, DecisionDiff, FieldChange } from './capture-diff';

export interface Outcome {
  /** Resources in B's context and not in A's, and the reverse. */
  cameIn: DecisionDiff[];
  wentOut: DecisionDiff[];
  /** The inputs that changed, in words, most decisive first; empty when none did. */
  causes: string[];
}

/** Resources named in a cause; more are counted. */
const NAMED = 3;

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** `field before → after`, for a line. */
export const fieldWords = (change: FieldChange) =>
  `${change.field} ${change.before ?? '(none)'} → ${change.after ?? '(none)'}`;

export function outcomeOf(diff: CaptureDiff): Outcome {
  const cameIn = diff.decisions.filter(
    (entry) => entry.after?.included === true && entry.before?.included !== true,
  );
  const wentOut = diff.decisions.filter(
    (entry) => entry.before?.included === true && entry.after?.included !== true,
  );
  const causes: string[] = [];
  if (diff.settings.length > 0)
    causes.push(`settings: ${diff.settings.map(fieldWords).join('; ')}`);
  if (diff.marks.length > 0)
    causes.push(`marks: ${count(diff.marks.length, 'resource')} marked otherwise`);
  if (diff.servers.length > 0)
    causes.push(
      `servers: ${diff.servers.map((server) => `${server.server} ${server.change}`).join(', ')}`,
    );
  // A few are named; past that, counted.
  const by = (change: string) => {
    const uris = diff.resources
      .filter((entry) => entry.change === change)
      .map((entry) => entry.uri);
    if (uris.length === 0) return undefined;
    const named = uris.length <= NAMED ? ` (${uris.join(', ')})` : '';
    return `${count(uris.length, 'resource')} ${change}${named}`;
  };
  const catalog = [by('added'), by('removed'), by('changed')].filter(Boolean);
  if (catalog.length > 0) causes.push(`catalog: ${catalog.join(', ')}`);
  return { cameIn, wentOut, causes };
}
