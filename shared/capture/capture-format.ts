/**
 * A capture: one file that holds everything that shaped a context (the servers as configured,
 * with no secrets; what each declared; its whole catalog with its warnings; the contents read,
 * hashed; the settings, focus, marks and decisions; the assembled text; the timeline and the
 * trace). Versioned JSON: binary contents stay base64 inside it, as the server sent them.
 * `mcp-context assemble --from` curates it again offline (electron/host/capture/replay.ts), and
 * capture-diff.ts tells two apart. A capture file is untrusted input: it is checked here, its
 * hashes too (capture-hash.ts).
 */
import { z } from 'zod';
import type {
  CatalogStatus,
  CatalogWarning,
  ContentItem,
  ProtocolEra,
  ResourceEntry,
  ServerTransportConfig,
  TemplateEntry,
} from '../mcp-types';
import type { ContextSettings } from '../context/context-wire';
import { DECISION_KINDS, type DecisionKind, type Mark } from '../context/policy-types';
import { TIMELINE_KINDS, type TimelineEntry, type TimelineKind } from '../timeline-wire';
import type { TraceRecord } from '../trace-wire';
import { serverConfigSchema } from '../server-config-schema';
import { MAX_FOCUS_LENGTH } from '../context/focus-limits';
import { readVersionedJson } from '../versioned-file';
import { editedPart } from './capture-hash';

export const CAPTURE_KIND = 'mcp-context-capture';
export const CAPTURE_VERSION = 1;

/**
 * One server as it was when captured. `id` is the host's id in that run: the rest of the file names
 * servers by it.
 */
export interface CapturedServer {
  id: string;
  name: string;
  /** The transport, header and env values replaced (never written). */
  transport: ServerTransportConfig;
  status: 'connecting' | 'connected' | 'disconnected';
  /** Why it was not connected, when it was not. */
  disconnected?: string;
  protocolVersion?: string;
  era?: ProtocolEra;
  serverInfo?: { name: string; version: string; title?: string };
  capabilities?: Record<string, unknown>;
  instructions?: string;
  catalog: {
    status: CatalogStatus;
    resources: Omit<ResourceEntry, 'serverId'>[];
    templates: Omit<TemplateEntry, 'serverId'>[];
    warnings: CatalogWarning[];
    error?: string;
  };
}

/**
 * What one read gave: its items, or why it failed. `sha256` is of the items' JSON
 * (`contentsHashInput`, capture-hash.ts) or of the error; checked when the file is read.
 */
export interface CapturedContent {
  server: string;
  uri: string;
  sha256: string;
  contents?: ContentItem[];
  error?: string;
}

export interface CapturedDecision {
  server: string;
  uri: string;
  kind: DecisionKind;
  included: boolean;
  tokens: number;
  estimated: boolean;
  rank?: number;
  reason: string;
  warnings?: string[];
}

export interface CapturedContext {
  settings: ContextSettings;
  marks: { server: string; uri: string; mark: Mark }[];
  decisions: CapturedDecision[];
  /** The assembled text, byte for byte, and its hash (checked when the file is read). */
  text: string;
  sha256: string;
  tokens: number;
  used: number;
  overBudget: number;
  warnings: string[];
}

export interface Capture {
  kind: typeof CAPTURE_KIND;
  version: typeof CAPTURE_VERSION;
  /** When it was taken (ISO 8601). */
  capturedAt: string;
  /** The curation's clock (milliseconds since the epoch): a replay ranks recency from it. */
  now: number;
  tool: { name: string; version: string };
  /** The auto-include that decided it (RANKING_VERSION); absent from captures before 2. */
  ranking?: number;
  servers: CapturedServer[];
  /** What the curation read, and (within limits) every other resource of a connected server. */
  contents: CapturedContent[];
  /**
   * Resources listed but not read (past the limits): a replay's policy that needs one finds it
   * unreadable.
   */
  notRead: number;
  context: CapturedContext;
  timeline: TimelineEntry[];
  trace: TraceRecord[];
}

const text = (max: number) => z.string().max(max);
/**
 * A trace message is cut at 256 KB by the host that recorded it (trace-store.ts); the caps
 * below are the host's own with room to spare, since a capture replaces secrets after the cut.
 */
const TRACE_MESSAGE_CHARS = 320 * 1024;
const uri = text(1_000_000);
const record = z.record(z.string(), z.unknown());
const warning = z
  .object({
    kind: z.string(),
    message: text(10_000),
    list: z.enum(['resources', 'templates']),
    page: z.number().optional(),
    uri: uri.optional(),
  })
  .passthrough();
const item = z.object({ uri, name: text(100_000) }).passthrough();
const template = z.object({ uriTemplate: uri, name: text(100_000) }).passthrough();
const contentItem = z
  .object({
    uri,
    mimeType: text(1_000).optional(),
    text: z.string().optional(),
    blob: z.string().optional(),
    size: z.number().int().min(0),
  })
  .passthrough();

const serverSchema = z.object({
  id: text(100),
  name: text(200),
  transport: serverConfigSchema.shape.transport,
  status: z.enum(['connecting', 'connected', 'disconnected']),
  disconnected: text(10_000).optional(),
  protocolVersion: text(100).optional(),
  era: z.enum(['legacy', 'modern']).optional(),
  serverInfo: z
    .object({ name: text(10_000), version: text(10_000), title: text(10_000).optional() })
    .passthrough()
    .optional(),
  capabilities: record.optional(),
  instructions: z.string().optional(),
  catalog: z.object({
    status: z.enum(['idle', 'listing', 'complete', 'cancelled', 'failed', 'unsupported']),
    resources: z.array(item),
    templates: z.array(template),
    warnings: z.array(warning),
    error: text(100_000).optional(),
  }),
});

export const captureSchema = z.object({
  kind: z.literal(CAPTURE_KIND),
  version: z.literal(CAPTURE_VERSION),
  capturedAt: text(40),
  now: z.number().int().min(0),
  tool: z.object({ name: text(200), version: text(100) }),
  ranking: z.number().int().min(1).max(1_000_000).optional(),
  servers: z.array(serverSchema).max(100),
  contents: z.array(
    z.object({
      server: text(100),
      uri,
      sha256: text(64),
      contents: z.array(contentItem).optional(),
      error: z.string().optional(),
    }),
  ),
  notRead: z.number().int().min(0),
  context: z.object({
    settings: z.object({
      auto: z.boolean(),
      audience: z.enum(['assistant', 'any']),
      threshold: z.number().min(0).max(1),
      requirePriorityOne: z.boolean(),
      requiredShare: z.number().min(0).max(1).optional(),
      fill: z.boolean().optional(),
      halfLifeDays: z.number().positive().max(36_500).optional(),
      budget: z.number().int().min(0).max(100_000_000),
      order: z.enum(['rank', 'uri']),
      focus: z.string().max(MAX_FOCUS_LENGTH),
      format: z.enum(['markdown', 'json']),
      encoding: z.enum(['o200k_base', 'cl100k_base']),
    }),
    marks: z.array(
      z.object({ server: text(100), uri, mark: z.enum(['include', 'exclude', 'pin']) }),
    ),
    decisions: z.array(
      z.object({
        server: text(100),
        uri,
        kind: z.enum(DECISION_KINDS),
        included: z.boolean(),
        tokens: z.number(),
        estimated: z.boolean(),
        rank: z.number().optional(),
        reason: z.string(),
        warnings: z.array(z.string()).optional(),
      }),
    ),
    text: z.string(),
    sha256: text(64),
    tokens: z.number(),
    used: z.number(),
    overBudget: z.number(),
    warnings: z.array(z.string()),
  }),
  timeline: z.array(
    z.strictObject({
      seq: z.number().int(),
      time: z.number(),
      serverId: text(100),
      server: text(200),
      kind: z.enum(TIMELINE_KINDS as [TimelineKind, ...TimelineKind[]]),
      uri: text(8000).optional(),
      detail: text(4000).optional(),
      level: text(100).optional(),
    }),
  ),
  trace: z.array(
    z.strictObject({
      seq: z.number().int(),
      time: z.number(),
      serverId: text(100),
      direction: z.enum(['send', 'receive']),
      method: text(1000).optional(),
      id: z.union([text(1000), z.number()]).optional(),
      size: z.number().int().min(0),
      json: text(TRACE_MESSAGE_CHARS),
      cut: z.literal(true).optional(),
      duration: z.number().optional(),
      answeredBy: z.number().int().optional(),
      error: z.literal(true).optional(),
    }),
  ),
});

/**
 * Deeper JSON than this is refused before it is checked: no capture we write nests so deep, and a
 * hostile one must not exhaust the stack.
 */
const MAX_DEPTH = 100;

/** The deepest nesting of arrays and objects in `value`, up to `limit + 1`; iterative. */
function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(node))
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Why a capture file cannot be used. */
export interface CaptureProblem {
  message: string;
}

/**
 * Reads a capture file's text; never throws. Names the first field that is wrong, or the first
 * content (or the text) that does not match its hash.
 */
export function parseCapture(source: string): { capture: Capture } | { problem: CaptureProblem } {
  const read = readVersionedJson(source, {
    kind: CAPTURE_KIND,
    what: 'capture',
    version: CAPTURE_VERSION,
    newer: (version) =>
      `it is a version ${version} capture, written by a newer MCP Context Inspector; this one reads version ${CAPTURE_VERSION}`,
  });
  if ('problem' in read) return { problem: { message: read.problem.message } };
  const { raw } = read;
  if (depthOf(raw, MAX_DEPTH) > MAX_DEPTH)
    return {
      problem: { message: `it nests deeper than ${MAX_DEPTH} levels, which no capture does` },
    };
  const parsed = captureSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      problem: {
        message: `${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'invalid'}`,
      },
    };
  }
  const capture = parsed.data as unknown as Capture;
  const ids = new Set(capture.servers.map((server) => server.id));
  if (ids.size !== capture.servers.length)
    return { problem: { message: 'servers: two servers have the same id' } };
  const unknown = [
    ...capture.contents,
    ...capture.context.marks,
    ...capture.context.decisions,
  ].find((entry) => !ids.has(entry.server));
  if (unknown)
    return { problem: { message: `it names server "${unknown.server}", which it does not hold` } };
  // A capture is a record: one edited since it was taken is refused, not replayed or compared.
  const edited = editedPart(capture);
  if (edited !== undefined) return { problem: { message: `it was edited: ${edited}` } };
  return { capture };
}
