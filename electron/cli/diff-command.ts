/**
 * `mcp-context diff A B [--json]`: why the context changed between two captures
 * (shared/capture/capture-diff.ts). Exit status 0 when they are the same, 1 when they differ,
 * 2 when one cannot be read, as diff(1) does.
 */
import {
  decisionKindText,
  decisionMoved,
  diffCaptures,
  type CaptureDiff,
  type DecisionDiff,
  type FieldChange,
} from '../../shared/capture/capture-diff';
import { fieldWords, outcomeOf } from '../../shared/capture/capture-outcome';
import { plural } from '../../shared/plural';
import { selectsAServer, UsageError, type ParsedArgs } from './args';
import { CaptureFileError, readCaptureFile } from './capture-file';
import { terminalJson, terminalSafe } from './terminal';

const number = (value: number) => value.toLocaleString('en-US');
const SIGN = { added: '+', removed: '-', changed: '~' } as const;

export async function runDiff(args: ParsedArgs): Promise<number> {
  if (args.positionals.length !== 2)
    throw new UsageError(`diff takes two capture files, got ${args.positionals.length}`);
  if (selectsAServer(args))
    throw new UsageError('diff compares two capture files: it takes no server selection');
  const [fileA, fileB] = args.positionals as [string, string];
  const [a, b] = await Promise.all([readCaptureFile(fileA, 'A:'), readCaptureFile(fileB, 'B:')]);
  let diff: CaptureDiff;
  try {
    diff = diffCaptures(a, b);
  } catch (error) {
    // Trouble, not a difference: exit 2, as diff(1).
    throw new CaptureFileError(
      `the two captures could not be compared: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  process.stdout.write(args.json ? `${terminalJson(diff, 2)}\n` : human(diff, fileA, fileB));
  return diff.same ? 0 : 1;
}

const fields = (changes: readonly FieldChange[]) => changes.map(fieldWords).join('; ');

/** The diff in words, a line per change; exported for its tests. */
export function human(diff: CaptureDiff, fileA: string, fileB: string): string {
  const lines = [
    `A: ${fileA}, captured ${diff.a.capturedAt} (${diff.a.tool})`,
    `B: ${fileB}, captured ${diff.b.capturedAt} (${diff.b.tool})`,
  ];
  if (diff.same) return `${lines.join('\n')}\nthe same: servers, catalogs, decisions and context\n`;
  // First what changed the outcome, and what of the inputs did it; the details after.
  const outcome = outcomeOf(diff);
  lines.push('what changed the outcome:');
  lines.push(
    `  the context: ${outcome.cameIn.length} in, ${outcome.wentOut.length} out; ${number(diff.context.tokens.before)} → ${plural(diff.context.tokens.after, 'token')}`,
  );
  for (const entry of outcome.cameIn)
    lines.push(`    + ${entry.server}  ${entry.uri} (${entry.after?.kind ?? ''})`);
  for (const entry of outcome.wentOut)
    lines.push(`    - ${entry.server}  ${entry.uri} (now ${decisionKindText(entry.after)})`);
  lines.push(
    outcome.causes.length > 0
      ? `  what changed: ${outcome.causes.join('; ')}`
      : '  what changed: no setting, mark, server or resource: the runs themselves differ',
  );
  // Line by line: spread into a call, 130,000 differences overflow the stack.
  const section = (title: string, rows: string[]) => {
    if (rows.length === 0) return;
    lines.push(`${title}:`);
    for (const row of rows) lines.push(`  ${row}`);
  };
  section(
    'servers',
    diff.servers.map(
      (entry) =>
        `${SIGN[entry.change]} ${entry.server}${entry.fields.length > 0 ? `: ${fields(entry.fields)}` : ''}`,
    ),
  );
  const kind = decisionKindText;
  const change = (entry: DecisionDiff) =>
    entry.turned
      ? `${kind(entry.before)} → ${kind(entry.after)}`
      : `${kind(entry.after)}, ${decisionMoved(entry)}`;
  const reasons = (entry: DecisionDiff) => [
    ...(entry.before ? [`    A: ${entry.before.reason}`] : []),
    ...(entry.after ? [`    B: ${entry.after.reason}`] : []),
  ];
  // A resource that changed shows its decision with it.
  const decisionOf = new Map(
    diff.decisions.map((entry) => [`${entry.server}\u0000${entry.uri}`, entry]),
  );
  section(
    'resources',
    diff.resources.flatMap((entry) => {
      const decision = decisionOf.get(`${entry.server}\u0000${entry.uri}`);
      return [
        `${SIGN[entry.change]} ${entry.server}  ${entry.uri}${entry.fields.length > 0 ? `: ${fields(entry.fields)}` : ''}`,
        ...(decision
          ? [`    decision: ${change(decision)}`, ...reasons(decision).map((line) => `  ${line}`)]
          : []),
      ];
    }),
  );
  section(
    'templates',
    diff.templates.map(
      (entry) =>
        `${SIGN[entry.change]} ${entry.server}  ${entry.uri}${entry.fields.length > 0 ? `: ${fields(entry.fields)}` : ''}`,
    ),
  );
  section(
    'catalog warnings',
    diff.warnings.flatMap((entry) => [
      ...entry.added.map((message) => `+ ${entry.server}: ${message}`),
      ...entry.removed.map((message) => `- ${entry.server}: ${message}`),
    ]),
  );
  section(
    'settings',
    diff.settings.map((change) => fields([change])),
  );
  section(
    'marks',
    diff.marks.map(
      (entry) =>
        `${entry.server}  ${entry.uri}: ${entry.before ?? 'none'} → ${entry.after ?? 'none'}`,
    ),
  );
  section(
    'decisions that turned',
    diff.decisions
      .filter((entry) => entry.turned)
      .flatMap((entry) => [`${entry.server}  ${entry.uri}: ${change(entry)}`, ...reasons(entry)]),
  );
  const { context } = diff;
  if (context.same) lines.push(`context: the same text (${plural(context.tokens.after, 'token')})`);
  else {
    const counted =
      context.added === undefined
        ? 'too different to compare line by line'
        : `${plural(context.added, 'line')} added, ${number(context.removed ?? 0)} removed`;
    lines.push(
      `context: ${counted}; ${number(context.tokens.before)} → ${plural(context.tokens.after, 'token')}`,
    );
  }
  if (!context.same)
    for (const line of context.patch.replace(/\n$/, '').split('\n')) lines.push(line);
  // Last, as detail: decisions that stayed, their reasons moved (a rank, the budget before them).
  // Those shown with their resource above are not listed again.
  const shownWith = new Set(diff.resources.map((entry) => `${entry.server}\u0000${entry.uri}`));
  section(
    'decisions the same, their reasons moved',
    diff.decisions
      .filter((entry) => !entry.turned && !shownWith.has(`${entry.server}\u0000${entry.uri}`))
      .flatMap((entry) => [`${entry.server}  ${entry.uri}: ${change(entry)}`, ...reasons(entry)]),
  );
  // Every line holds server text: shown, never acted on.
  const out = lines.map(terminalSafe);
  return `${out.join('\n')}\n`;
}
