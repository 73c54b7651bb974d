/**
 * Why the context changed between two captures: the servers (protocol, what they declared,
 * how they are reached), the resources and templates added, removed and changed (fields,
 * annotations, the hash of what a read gave), the decisions that changed with both reasons,
 * the settings and marks, and a line diff of the assembled text (jsdiff). Servers are matched
 * by name, resources by server name and URI: ids live for one run only. Pure: the CLI's
 * `mcp-context diff` and the window's diff view show the same result.
 */
import { formatPatch, structuredPatch } from 'diff';
import type { Capture, CapturedDecision, CapturedServer } from './capture-format';

/** One field that differs; values as compact JSON, absent where the field was. */
export interface FieldChange {
  field: string;
  before?: string;
  after?: string;
}

export type Change = 'added' | 'removed' | 'changed';

export interface ServerDiff {
  server: string;
  change: Change;
  fields: FieldChange[];
}

export interface EntryDiff {
  server: string;
  /** A resource's URI, or a template's URI template. */
  uri: string;
  change: Change;
  fields: FieldChange[];
}

export interface DecisionDiff {
  server: string;
  uri: string;
  /** The kind or whether it is in changed (not only its rank, tokens or reason). */
  turned: boolean;
  before?: Pick<CapturedDecision, 'kind' | 'included' | 'reason' | 'tokens' | 'rank'>;
  after?: Pick<CapturedDecision, 'kind' | 'included' | 'reason' | 'tokens' | 'rank'>;
}

export interface CaptureDiff {
  same: boolean;
  a: { capturedAt: string; tool: string };
  b: { capturedAt: string; tool: string };
  servers: ServerDiff[];
  resources: EntryDiff[];
  templates: EntryDiff[];
  /** Catalog warnings one has and the other has not, by server. */
  warnings: { server: string; added: string[]; removed: string[] }[];
  settings: FieldChange[];
  marks: { server: string; uri: string; before?: string; after?: string }[];
  decisions: DecisionDiff[];
  context: {
    same: boolean;
    tokens: { before: number; after: number };
    /** Lines added and removed; undefined when the texts were too different to compare in time. */
    added?: number;
    removed?: number;
    /** A unified diff of the text (A's lines, then B's); empty when the same. */
    patch: string;
  };
}

const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

/** The fields of two plain objects that differ, one level down into `annotations`. */
function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  skip: ReadonlySet<string> = new Set(),
): FieldChange[] {
  const out: FieldChange[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => !skip.has(key))
    .sort();
  for (const key of keys) {
    const a = before[key];
    const b = after[key];
    if (key === 'annotations' && typeof a === 'object' && typeof b === 'object' && a && b) {
      for (const inner of fieldChanges(a as Record<string, unknown>, b as Record<string, unknown>))
        out.push({ ...inner, field: `annotations.${inner.field}` });
      continue;
    }
    const left = json(a);
    const right = json(b);
    if (left !== right)
      out.push({
        field: key,
        ...(left !== undefined && { before: left }),
        ...(right !== undefined && { after: right }),
      });
  }
  return out;
}

/** Servers by name; a second of the same name is told apart by its place. */
function byName(capture: Capture): Map<string, CapturedServer> {
  const out = new Map<string, CapturedServer>();
  for (const server of capture.servers) {
    let name = server.name;
    for (let n = 2; out.has(name); n += 1) name = `${server.name} (${n})`;
    out.set(name, server);
  }
  return out;
}

const SERVER_FIELDS = [
  'status',
  'protocolVersion',
  'serverInfo',
  'capabilities',
  'instructions',
  'transport',
  'disconnected',
] as const;
/** A server's fields compared, its listing's status and error among them. */
const serverFields = (server: CapturedServer): Record<string, unknown> => ({
  ...Object.fromEntries(SERVER_FIELDS.map((field) => [field, server[field]])),
  'catalog.status': server.catalog.status,
  'catalog.error': server.catalog.error,
});

/** Entries of two lists keyed alike: added, removed, changed, in key order. */
function diffEntries<T extends object>(
  server: string,
  before: readonly T[],
  after: readonly T[],
  key: (entry: T) => string,
  extra: (key: string) => FieldChange[] = () => [],
): EntryDiff[] {
  const a = new Map(before.map((entry) => [key(entry), entry]));
  const b = new Map(after.map((entry) => [key(entry), entry]));
  const out: EntryDiff[] = [];
  for (const uri of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const left = a.get(uri);
    const right = b.get(uri);
    if (!left) out.push({ server, uri, change: 'added', fields: [] });
    else if (!right) out.push({ server, uri, change: 'removed', fields: [] });
    else {
      const fields = [
        ...fieldChanges(left as Record<string, unknown>, right as Record<string, unknown>),
        ...extra(uri),
      ];
      if (fields.length > 0) out.push({ server, uri, change: 'changed', fields });
    }
  }
  return out;
}

/** Content hashes of one captured server, by URI. */
function hashes(capture: Capture, server: CapturedServer | undefined): Map<string, string> {
  return new Map(
    server
      ? capture.contents
          .filter((entry) => entry.server === server.id)
          .map((entry) => [entry.uri, entry.sha256])
      : [],
  );
}

const decisionOf = ({ kind, included, reason, tokens, rank }: CapturedDecision) => ({
  kind,
  included,
  reason,
  tokens,
  ...(rank !== undefined && { rank }),
});

/** Lines compared for at most this long before the text diff gives up. */
const TEXT_DIFF_TIMEOUT_MS = 5000;

export function diffCaptures(a: Capture, b: Capture): CaptureDiff {
  const serversA = byName(a);
  const serversB = byName(b);
  const names = [...new Set([...serversA.keys(), ...serversB.keys()])].sort();
  const nameOfA = new Map([...serversA].map(([name, server]) => [server.id, name]));
  const nameOfB = new Map([...serversB].map(([name, server]) => [server.id, name]));

  const servers: ServerDiff[] = [];
  const resources: EntryDiff[] = [];
  const templates: EntryDiff[] = [];
  const warnings: CaptureDiff['warnings'] = [];
  for (const name of names) {
    const left = serversA.get(name);
    const right = serversB.get(name);
    if (!left || !right)
      servers.push({ server: name, change: left ? 'removed' : 'added', fields: [] });
    else {
      const fields = fieldChanges(serverFields(left), serverFields(right));
      if (fields.length > 0) servers.push({ server: name, change: 'changed', fields });
    }
    const hashA = hashes(a, left);
    const hashB = hashes(b, right);
    const content = (uri: string): FieldChange[] => {
      const before = hashA.get(uri);
      const after = hashB.get(uri);
      // Read in only one of the two says nothing about the contents.
      return before !== undefined && after !== undefined && before !== after
        ? [
            {
              field: 'content',
              before: `sha256 ${before.slice(0, 12)}`,
              after: `sha256 ${after.slice(0, 12)}`,
            },
          ]
        : [];
    };
    // One at a time: spread into a call, 130,000 differences overflow the stack.
    for (const entry of diffEntries(
      name,
      left?.catalog.resources ?? [],
      right?.catalog.resources ?? [],
      (resource) => resource.uri,
      content,
    ))
      resources.push(entry);
    for (const entry of diffEntries(
      name,
      left?.catalog.templates ?? [],
      right?.catalog.templates ?? [],
      (template) => template.uriTemplate,
    ))
      templates.push(entry);
    const messagesA = new Set((left?.catalog.warnings ?? []).map((warning) => warning.message));
    const messagesB = new Set((right?.catalog.warnings ?? []).map((warning) => warning.message));
    const added = [...messagesB].filter((message) => !messagesA.has(message));
    const removed = [...messagesA].filter((message) => !messagesB.has(message));
    if (added.length + removed.length > 0) warnings.push({ server: name, added, removed });
  }

  const settings = fieldChanges(
    a.context.settings as unknown as Record<string, unknown>,
    b.context.settings as unknown as Record<string, unknown>,
  );
  const keyed = <T extends { server: string; uri: string }>(
    list: readonly T[],
    nameOf: Map<string, string>,
  ) =>
    new Map(
      list.map((entry) => [`${nameOf.get(entry.server) ?? entry.server}\u0000${entry.uri}`, entry]),
    );
  const marksA = keyed(a.context.marks, nameOfA);
  const marksB = keyed(b.context.marks, nameOfB);
  const marks: CaptureDiff['marks'] = [];
  for (const key of [...new Set([...marksA.keys(), ...marksB.keys()])].sort()) {
    const before = marksA.get(key)?.mark;
    const after = marksB.get(key)?.mark;
    const [server = '', uri = ''] = key.split('\u0000');
    if (before !== after)
      marks.push({ server, uri, ...(before && { before }), ...(after && { after }) });
  }
  const decisionsA = keyed(a.context.decisions, nameOfA);
  const decisionsB = keyed(b.context.decisions, nameOfB);
  const decisions: DecisionDiff[] = [];
  for (const key of [...new Set([...decisionsA.keys(), ...decisionsB.keys()])].sort()) {
    const before = decisionsA.get(key);
    const after = decisionsB.get(key);
    const turned =
      !before || !after || before.kind !== after.kind || before.included !== after.included;
    if (
      !turned &&
      before.reason === after.reason &&
      before.tokens === after.tokens &&
      before.rank === after.rank
    )
      continue;
    const [server = '', uri = ''] = key.split('\u0000');
    decisions.push({
      server,
      uri,
      turned,
      ...(before && { before: decisionOf(before) }),
      ...(after && { after: decisionOf(after) }),
    });
  }

  const sameText = a.context.text === b.context.text;
  let patch = '';
  let added: number | undefined = 0;
  let removed: number | undefined = 0;
  if (!sameText) {
    const options = { context: 3, timeout: TEXT_DIFF_TIMEOUT_MS };
    const structured = structuredPatch(
      'A',
      'B',
      a.context.text,
      b.context.text,
      a.capturedAt,
      b.capturedAt,
      options,
    );
    if (structured === undefined) {
      added = undefined;
      removed = undefined;
      patch = '(the two texts are too different to compare line by line in time)\n';
    } else {
      added = 0;
      removed = 0;
      for (const hunk of structured.hunks) {
        for (const line of hunk.lines) {
          if (line.startsWith('+')) added += 1;
          else if (line.startsWith('-')) removed += 1;
        }
      }
      patch = formatPatch(structured);
    }
  }
  const context = {
    same: sameText,
    tokens: { before: a.context.tokens, after: b.context.tokens },
    ...(added !== undefined && { added }),
    ...(removed !== undefined && { removed }),
    patch,
  };
  const same =
    servers.length +
      resources.length +
      templates.length +
      warnings.length +
      settings.length +
      marks.length +
      decisions.length ===
      0 && sameText;
  return {
    same,
    a: { capturedAt: a.capturedAt, tool: `${a.tool.name} ${a.tool.version}` },
    b: { capturedAt: b.capturedAt, tool: `${b.tool.name} ${b.tool.version}` },
    servers,
    resources,
    templates,
    warnings,
    settings,
    marks,
    decisions,
    context,
  };
}

/**
 * A decision's side of a diff in words: its kind, "(in)" where it is in the context, or "not a
 * candidate".
 */
export function decisionKindText(side: DecisionDiff['before']): string {
  return side ? `${side.kind}${side.included ? ' (in)' : ''}` : 'not a candidate';
}

/**
 * What moved in a decision that did not turn, in words: its rank, its tokens, or only its reason.
 */
export function decisionMoved(entry: DecisionDiff): string {
  const { before, after } = entry;
  if (!before || !after) return 'its reason moved';
  const count = (value: number) => value.toLocaleString('en-US');
  const parts = [
    before.rank !== after.rank && `rank ${before.rank ?? '–'} → ${after.rank ?? '–'}`,
    before.tokens !== after.tokens && `tokens ${count(before.tokens)} → ${count(after.tokens)}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'its reason moved';
}
