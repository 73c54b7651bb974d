/**
 * The HostApi over a message channel, written once for every face: Electron IPC and the
 * browser-mode WebSocket both carry `(method, args)` in and an {@link RpcResponse} out.
 * Every argument is validated here, at the boundary, before the host sees it.
 */
import { z } from 'zod';
import {
  MAX_CAPTURE_UPLOAD,
  MAX_CONFIG_UPLOAD,
  MAX_PICKS_PER_CALL,
  type HostApi,
  type HostMethod,
} from './host-api';
import { HostError, type HostErrorData } from './host-error';
import type { RpcResponse } from './host-remote';
import { MAX_FOCUS_LENGTH } from './context/focus-limits';
import { parseResourceKey } from './catalog/resource-key';
import { MAX_PREVIEW_CHARS } from './context/context-wire';
import { serverConfigSchema } from './server-config-schema';
import { TIMELINE_KINDS, type TimelineKind } from './timeline-wire';
import { LOG_LEVELS } from './mcp-types';

export { serverConfigSchema } from './server-config-schema';

const serverId = z.string().min(1).max(200);
const uri = z.string().min(1).max(1_000_000);
const requestId = z.string().min(1).max(200);
/**
 * A sign-in's options: an attempt id a page made, and what a user typed (no control characters).
 */
const typed = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine(
      (value) =>
        ![...value].some((char) => /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.test(char)),
      'no control or direction characters',
    );
const signInRequest = z
  .strictObject({
    attempt: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,100}$/, 'an attempt id of 16 to 100 letters, digits, - or _'),
    scope: typed(1000),
    clientId: typed(1000),
    clientSecret: typed(4000),
    clientCredentials: z.boolean(),
    clientMetadataUrl: z.url({ protocol: /^https$/ }).max(2000),
  })
  .partial();
const completionArgument = z.strictObject({
  name: z.string().min(1).max(200),
  value: z.string().max(4096),
});
const completionContext = z
  .record(z.string().max(200), z.string().max(4096))
  .refine((r) => Object.keys(r).length <= 100, 'at most 100 values');

const viewId = z.string().min(1).max(100);
const nodeId = z.string().min(1).max(1_000_100);
const ids = z.array(nodeId).max(2_000);
const sort = z.enum(['name', 'priority', 'lastModified']);
const query = z.string().max(1000);
const viewState = z
  .strictObject({ sort, query, open: ids, selectedId: nodeId.nullable() })
  .partial();
const viewPatch = z
  .strictObject({
    sort,
    query,
    open: ids,
    close: ids,
    selectedId: nodeId.nullable(),
    toggleUnder: nodeId,
    reveal: nodeId,
    page: z.strictObject({ folderId: nodeId, direction: z.enum(['next', 'previous']) }),
  })
  .partial();
// A key must decode (resource-key.ts): the host parses every mark it keeps.
const pickKey = z
  .string()
  .min(1)
  .max(1_000_300)
  .refine((key) => {
    try {
      parseResourceKey(key);
      return true;
    } catch {
      return false;
    }
  }, 'not a resource key');
const mark = z.enum(['include', 'exclude', 'pin']);
const contextSettings = z
  .strictObject({
    auto: z.boolean(),
    audience: z.enum(['assistant', 'any']),
    threshold: z.number().min(0).max(1),
    requirePriorityOne: z.boolean(),
    requiredShare: z.number().min(0).max(1),
    fill: z.boolean(),
    // 0 clears it (no half-life): JSON has no undefined.
    halfLifeDays: z.number().min(0).max(36_500),
    budget: z.number().int().min(0).max(100_000_000),
    order: z.enum(['rank', 'uri']),
    focus: z.string().max(MAX_FOCUS_LENGTH),
    format: z.enum(['markdown', 'json']),
    encoding: z.enum(['o200k_base', 'cl100k_base']),
  })
  .partial();
const contextPatch = z
  .strictObject({
    settings: contextSettings,
    mark: z.strictObject({ keys: z.array(pickKey).max(MAX_PICKS_PER_CALL), mark: mark.nullable() }),
    clear: z.union([mark, z.literal('all')]),
    dropGone: z.array(pickKey).max(MAX_PICKS_PER_CALL),
    select: pickKey.nullable(),
    previewChars: z.number().int().min(0).max(MAX_PREVIEW_CHARS),
    showIncluded: z.boolean(),
    shown: z.boolean(),
  })
  .partial();
const traceFilter = z
  .strictObject({ serverId, method: z.string().min(1).max(200), text: z.string().max(1000) })
  .partial();
const tracePatch = z
  .strictObject({
    filter: traceFilter,
    first: z.number().int().min(0).max(10_000_000),
    count: z.number().int().min(1).max(500),
    follow: z.boolean(),
    closed: z.literal(true),
  })
  .partial();
const profileName = z.string().min(1).max(200);
const configSource = z.union([
  z.strictObject({ path: z.string().min(1).max(4096) }),
  z.strictObject({ name: z.string().min(1).max(255), text: z.string().max(MAX_CONFIG_UPLOAD) }),
]);
const serverNames = z.array(z.string().min(1).max(200)).max(100);

/** The argument list each remote method accepts. */
const argSchemas = {
  getSnapshot: z.tuple([]),
  addServer: z.tuple([serverConfigSchema]),
  removeServer: z.tuple([serverId]),
  reconnect: z.tuple([serverId]),
  setLogLevel: z.tuple([serverId, z.enum(LOG_LEVELS)]),
  refreshCatalog: z.tuple([serverId]),
  cancelCatalog: z.tuple([serverId]),
  readResource: z.union([z.tuple([serverId, uri]), z.tuple([serverId, uri, requestId])]),
  cancelRequest: z.tuple([requestId]),
  watchResources: z.tuple([serverId, z.array(z.string().min(1).max(65_536)).max(1000)]),
  listProfiles: z.tuple([]),
  saveProfile: z.tuple([profileName]),
  loadProfile: z.tuple([profileName]),
  connectDormantServers: z.tuple([serverNames]),
  dropDormantServers: z.tuple([serverNames]),
  completeArgument: z.union([
    z.tuple([serverId, uri, completionArgument, completionContext]),
    z.tuple([serverId, uri, completionArgument, completionContext, requestId]),
  ]),
  openView: z.tuple([viewId, viewState]),
  updateView: z.tuple([viewId, viewPatch]),
  closeView: z.tuple([viewId]),
  updateContext: z.tuple([viewId, contextPatch]),
  getContextText: z.tuple([]),
  updateTrace: z.tuple([viewId, tracePatch]),
  getTraceMessage: z.tuple([z.number().int().min(1)]),
  exportTrace: z.tuple([traceFilter]),
  checkServer: z.union([z.tuple([serverId]), z.tuple([serverId, requestId])]),
  takeCapture: z.tuple([]),
  openCapture: z.tuple([z.string().min(1).max(MAX_CAPTURE_UPLOAD)]),
  findConfigs: z.tuple([]),
  getPreferences: z.tuple([]),
  setPreferences: z.tuple([
    z.strictObject({ theme: z.enum(['system', 'light', 'dark']) }).partial(),
  ]),
  readConfig: z.tuple([configSource]),
  importServers: z.tuple([
    z
      .array(
        z.strictObject({
          source: configSource,
          names: z.array(z.string().min(1).max(200)).min(1).max(100),
          inputs: z
            .record(z.string().min(1).max(200), z.string().max(32_768))
            .refine((r) => Object.keys(r).length <= 100, 'at most 100 inputs'),
        }),
      )
      .min(1)
      .max(20),
  ]),
  signIn: z.union([
    z.tuple([serverId, signInRequest]),
    z.tuple([serverId, signInRequest, requestId]),
  ]),
  signOut: z.tuple([serverId]),
  updateTimeline: z.tuple([
    viewId,
    z
      .strictObject({
        serverId,
        kinds: z.array(z.enum(TIMELINE_KINDS as [TimelineKind, ...TimelineKind[]])).max(20),
        closed: z.literal(true),
      })
      .partial(),
  ]),
} satisfies Record<HostMethod, z.ZodType<unknown[]>>;

/** The methods the host accepts calls for; a test holds this equal to HOST_METHODS. */
export const ACCEPTED_METHODS = Object.keys(argSchemas) as HostMethod[];

/** True when `name` is a remotely callable HostApi method. */
export function isHostMethod(name: unknown): name is HostMethod {
  return typeof name === 'string' && Object.hasOwn(argSchemas, name);
}

/**
 * Validates one remote call and runs it against the host. Never throws: failures come
 * back as `{ ok: false }` with a {@link HostErrorData}.
 */
export async function dispatchHostCall(
  host: Pick<HostApi, Exclude<HostMethod, 'getSnapshot'>> & { getSnapshot(): Promise<unknown> },
  method: unknown,
  args: unknown,
): Promise<RpcResponse> {
  try {
    if (!isHostMethod(method))
      throw new HostError('invalid-input', `unknown method: ${String(method).slice(0, 80)}`);
    const parsed = argSchemas[method].safeParse(args);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
      throw new HostError(
        'invalid-input',
        `${method}: invalid argument${where}: ${issue?.message ?? 'rejected'}`,
      );
    }
    const call = host[method] as (...callArgs: unknown[]) => Promise<unknown>;
    const value = await call.apply(host, parsed.data);
    return { ok: true, value: value ?? null };
  } catch (error) {
    return { ok: false, error: toHostErrorData(error) };
  }
}

/** Turns anything thrown into the data of a {@link HostError}. */
export function toHostErrorData(error: unknown): HostErrorData {
  if (error instanceof HostError) return error.toJSON();
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message };
}
