/**
 * `mcp-context assemble`: the context a model would receive, chosen by the policy, printed
 * byte for byte as the UI's preview shows it (the same shared/context code makes both).
 */
import { resourceKeyString } from '../../shared/catalog/resource-key';
import { plural } from '../../shared/plural';
import { readFile } from 'node:fs/promises';
import { HostError } from '../../shared/host-error';
import { parseProfile, type Profile } from '../../shared/profile/profile';
import type { Curated } from '../../shared/context/curate';
import { DEFAULT_CONTEXT_SETTINGS } from '../../shared/context/context-view';
import type { ContextSettings } from '../../shared/context/context-wire';
import {
  RANKING_VERSION,
  type Decision,
  type Mark,
  type PolicySettings,
} from '../../shared/context/policy';
import type { Capture } from '../../shared/capture/capture-format';
import type { Host } from '../host/host';
import { UsageError, type ParsedArgs } from './args';
import { settledSnapshot } from './settle';
import { forStdout, terminalJson, terminalSafe } from './terminal';
import { whyDown } from './server-lines';

const number = (value: number) => value.toLocaleString('en-US');

/** The exit status when pinned or picked resources put the context over its budget. */
export const OVER_BUDGET_STATUS = 3;

/** Reads a profile file named on the command line; a clear one-line error if it cannot be used. */
export async function readProfileFile(file: string): Promise<Profile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `--profile ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  const parsed = parseProfile(text);
  if ('problem' in parsed)
    throw new UsageError(
      `--profile ${file} cannot be used: ${parsed.problem.message}; the file was left as it is`,
    );
  return parsed.profile;
}

/**
 * `replayed`: the capture the host replays (`assemble --from`): its settings and marks are the
 * session's already, the flags change them, and stderr says whether the text is the captured one.
 */
export async function runAssemble(
  host: Host,
  args: ParsedArgs,
  profile?: Profile,
  replayed?: Capture,
): Promise<number> {
  await host.ready;
  const snapshot = await settledSnapshot(host);
  const names = new Map(snapshot.servers.map((server) => [server.id, server.name]));
  for (const server of snapshot.servers) {
    if (server.status !== 'connected')
      process.stderr.write(`warning: ${terminalSafe(server.name)}: ${whyDown(server)}; left out\n`);
  }
  const connected = new Set(
    snapshot.servers.filter((server) => server.status === 'connected').map((server) => server.id),
  );
  // What the context weighs: every resource of a connected server (context-run.ts reads the same).
  const listed: { serverId: string; uri: string }[] = [];
  for (const catalog of snapshot.catalogs) {
    if (!connected.has(catalog.serverId)) continue;
    if (catalog.status === 'failed')
      process.stderr.write(
        `warning: ${terminalSafe(names.get(catalog.serverId) ?? catalog.serverId)}: listing failed: ${terminalSafe(catalog.error ?? 'unknown error')}\n`,
      );
    for (const resource of catalog.resources) listed.push(resource);
  }
  if (snapshot.servers.every((server) => server.status !== 'connected'))
    throw new HostError('disconnected', 'no server is connected');

  const marks = new Map<string, Mark>();
  if (profile) {
    // The profile goes into the session as a window's load puts it (host-session.ts): its
    // settings, and its marks by server name and URI. Ones that match nothing are said, not fatal.
    host.applyProfile(profile);
    const ids = new Map(snapshot.servers.map((server) => [server.name, server.id]));
    const keys = new Set(listed.map((entry) => resourceKeyString(entry)));
    const check = (server: string, uri: string, what: Mark) => {
      const id = ids.get(server);
      const key = id === undefined ? undefined : resourceKeyString({ serverId: id, uri });
      if (key === undefined || !keys.has(key))
        process.stderr.write(
          `warning: the profile's ${what} of ${terminalSafe(uri)} on ${terminalSafe(server)} matches nothing listed now; skipped\n`,
        );
    };
    for (const pick of profile.picks) check(pick.server, pick.uri, 'include');
    for (const entry of profile.marks) check(entry.server, entry.uri, entry.mark);
  }
  const mark = (uri: string, what: Mark) => {
    const matching = listed.filter((entry) => entry.uri === uri);
    if (matching.length === 0) throw new UsageError(`--${what} ${uri}: no server lists this URI`);
    for (const entry of matching) marks.set(resourceKeyString(entry), what);
  };
  for (const uri of args.includes) mark(uri, 'include');
  for (const uri of args.pins) mark(uri, 'pin');
  for (const uri of args.excludes) mark(uri, 'exclude');

  const { context } = host;
  // The flags win over the profile's settings.
  const settings: ContextSettings = {
    ...(profile || replayed ? context.session.settings : DEFAULT_CONTEXT_SETTINGS),
    ...(args.format !== undefined && { format: args.format }),
    ...(args.encoding !== undefined && { encoding: args.encoding }),
    ...(args.budget !== undefined && { budget: args.budget }),
    ...(args.threshold !== undefined && { threshold: args.threshold }),
    ...(args.auto !== undefined && { auto: args.auto }),
    ...(args.audience !== undefined && { audience: args.audience }),
    ...(args.halfLifeDays !== undefined && { halfLifeDays: args.halfLifeDays }),
    ...(args.order !== undefined && { order: args.order }),
    ...(args.required !== undefined && { requirePriorityOne: args.required }),
    ...(args.requiredShare !== undefined && { requiredShare: args.requiredShare }),
    ...(args.fill !== undefined && { fill: args.fill }),
    ...(args.focus !== undefined && { focus: args.focus }),
  };
  const format = settings.format;
  // The same driver as a window's: a context view with no window (context-views.ts).
  context.session.setSettings(settings);
  for (const [mark, keys] of groupByMark(marks)) context.session.setMarks(keys, mark);
  const curated = await context.settled();
  if (!curated) throw new HostError('internal', 'the context could not be assembled');
  const total = curated.total;
  const counter = { encoding: settings.encoding };

  // Over the budget only because of what must go in: CI can fail on it (repomix's convention).
  const status = curated.result.overBudget > 0 ? OVER_BUDGET_STATUS : 0;
  if (replayed) process.stderr.write(replayVerdict(replayed, curated.text, args));
  const overBudget = () =>
    process.stderr.write(
      `mcp-context: the context is ${plural(curated.result.overBudget, 'token')} over its budget of ${number(settings.budget)}: pinned or picked resources do not fit (exit status ${OVER_BUDGET_STATUS})\n`,
    );
  if (args.json) {
    process.stdout.write(
      `${terminalJson(jsonReport(curated, settings, format, counter.encoding, total, names), 2)}\n`,
    );
    if (status !== 0) overBudget();
    return status;
  }
  // Exactly the bytes the UI previews and copies; a newline is added only for a terminal's sake.
  // Piped, exactly the bytes; on a terminal, the controls in them shown, not acted on.
  process.stdout.write(
    forStdout(
      process.stdout.isTTY && !curated.text.endsWith('\n') ? `${curated.text}\n` : curated.text,
    ),
  );
  for (const warning of curated.result.warnings)
    process.stderr.write(`warning: ${terminalSafe(warning)}\n`);
  for (const line of curated.result.crowding) process.stderr.write(`${terminalSafe(line)}\n`);
  if (args.explain) process.stderr.write(explainTable(curated));
  if (args.tokenTree) process.stderr.write(tokenTree(curated, names));
  const seen = curated.focusSeen;
  process.stderr.write(
    `${plural(curated.items.length, 'resource')}, ${plural(total, 'token')} (${counter.encoding}); ${number(curated.result.used)} of ${number(settings.budget)} budgeted; ${curated.reads} read${seen && seen.read < seen.of ? `; the focus read ${number(seen.read)} of ${number(seen.of)} resources, the best matches by name and description` : ''}\n`,
  );
  if (status !== 0) overBudget();
  return status;
}

/** Whether a replay gave the captured bytes, in one line. */
function replayVerdict(capture: Capture, text: string, args: ParsedArgs): string {
  const changed =
    [
      args.format,
      args.encoding,
      args.budget,
      args.threshold,
      args.auto,
      args.audience,
      args.halfLifeDays,
      args.order,
      args.required,
      args.requiredShare,
      args.fill,
      args.focus,
    ].some((value) => value !== undefined) ||
    args.includes.length + args.pins.length + args.excludes.length > 0;
  if (text === capture.context.text)
    return `replay: the same bytes as the context captured at ${capture.capturedAt}\n`;
  const lines = (value: string) => (value === '' ? 0 : value.split('\n').length);
  const differs = `${plural(lines(text), 'line')} against ${number(lines(capture.context.text))} captured`;
  if (changed)
    return `replay: with these options the context differs from the one captured (${differs})\n`;
  const ranking = capture.ranking ?? 1;
  return ranking !== RANKING_VERSION
    ? `replay: the context differs from the one captured at ${capture.capturedAt} (${differs}): an auto-include of another version decided it (ranking ${ranking}; this one is ${RANKING_VERSION})\n`
    : `warning: replay: the context differs from the one captured at ${capture.capturedAt} (${differs}); the capture may have been edited\n`;
}

/** Keys by the mark they get. */
function groupByMark(marks: ReadonlyMap<string, Mark>): Map<Mark, string[]> {
  const groups = new Map<Mark, string[]>();
  for (const [key, mark] of marks) {
    let keys = groups.get(mark);
    if (!keys) groups.set(mark, (keys = []));
    keys.push(key);
  }
  return groups;
}

function jsonReport(
  curated: Curated,
  settings: PolicySettings,
  format: string,
  encoding: string,
  total: number,
  names: Map<string, string>,
) {
  return {
    format,
    encoding,
    budget: settings.budget,
    ...(settings.focus && { focus: settings.focus }),
    used: curated.result.used,
    overBudget: curated.result.overBudget,
    tokens: total,
    warnings: curated.result.warnings,
    decisions: curated.result.decisions.map((decision) => ({
      server: names.get(decision.serverId) ?? decision.serverId,
      uri: decision.uri,
      decision: decision.kind,
      included: decision.included,
      tokens: decision.tokens,
      estimated: decision.estimated,
      ...(decision.rank !== undefined && { rank: decision.rank }),
      reason: decision.reason,
      ...(decision.warnings.length > 0 && { warnings: decision.warnings }),
    })),
    text: curated.text,
  };
}

/**
 * uri, decision, tokens and reason, one line each: the context in its order, then the rest by rank.
 */
export function explainTable(curated: Curated): string {
  const place = new Map(curated.result.contextKeys.map((key, at) => [key, at]));
  const order = (decision: Decision) =>
    place.get(resourceKeyString(decision)) ??
    place.size + (decision.rank ?? Number.MAX_SAFE_INTEGER);
  // Stable: what neither places keeps its server-and-URI order.
  const rows = [...curated.result.decisions].sort((a, b) => order(a) - order(b));
  // Not Math.max(...rows): spread into a call, 130,000 rows overflow the stack.
  let kindWidth = 8;
  let tokenWidth = 6;
  for (const row of rows) {
    kindWidth = Math.max(kindWidth, row.kind.length);
    tokenWidth = Math.max(tokenWidth, number(row.tokens).length + (row.estimated ? 1 : 0));
  }
  const lines = [`${'decision'.padEnd(kindWidth)}  ${'tokens'.padStart(tokenWidth)}  uri — reason`];
  for (const row of rows) {
    const tokens = `${row.estimated ? '~' : ''}${number(row.tokens)}`;
    lines.push(
      `${row.kind.padEnd(kindWidth)}  ${tokens.padStart(tokenWidth)}  ${terminalSafe(row.uri)} — ${terminalSafe(row.reason)}`,
    );
    for (const warning of row.warnings)
      lines.push(
        `${''.padEnd(kindWidth)}  ${''.padStart(tokenWidth)}    warning: ${terminalSafe(warning)}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/** Where the tokens go: server, then folder (the URI up to its last "/"), then resource. */
function tokenTree(curated: Curated, names: Map<string, string>): string {
  const servers = new Map<string, Map<string, { uri: string; tokens: number }[]>>();
  for (const item of curated.items) {
    const tokens = curated.tokens.get(resourceKeyString(item)) ?? 0;
    const slash = item.uri.lastIndexOf('/');
    const folder = slash > 0 ? item.uri.slice(0, slash + 1) : item.uri;
    const folders =
      servers.get(item.serverId) ?? new Map<string, { uri: string; tokens: number }[]>();
    servers.set(item.serverId, folders);
    const list = folders.get(folder) ?? [];
    folders.set(folder, list);
    list.push({ uri: item.uri, tokens });
  }
  const sum = (list: { tokens: number }[]) =>
    list.reduce((total, entry) => total + entry.tokens, 0);
  const lines: string[] = [];
  for (const [serverId, folders] of servers) {
    const all = [...folders.values()].flat();
    lines.push(`${number(sum(all)).padStart(8)}  ${terminalSafe(names.get(serverId) ?? serverId)}`);
    for (const [folder, list] of [...folders].sort(
      (a, b) => sum(b[1]) - sum(a[1]) || (a[0] < b[0] ? -1 : 1),
    )) {
      lines.push(`${number(sum(list)).padStart(8)}    ${terminalSafe(folder)}`);
      for (const entry of [...list].sort(
        (a, b) => b.tokens - a.tokens || (a.uri < b.uri ? -1 : 1),
      )) {
        lines.push(
          `${number(entry.tokens).padStart(8)}      ${terminalSafe(entry.uri.startsWith(folder) ? entry.uri.slice(folder.length) || entry.uri : entry.uri)}`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
