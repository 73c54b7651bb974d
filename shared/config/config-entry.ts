/**
 * One server of a client's config file, read as that client reads it: `command`/`args`/`env`/
 * `cwd`/`envFile` for stdio, `url` (Windsurf's `serverUrl`) and `headers` for HTTP, a `type`
 * in any client's spelling. A field we do not know makes the server unusable, with the reason:
 * never silently dropped.
 */
import type { ServerConfig, ServerTransportConfig } from '../mcp-types';
import { serverConfigSchema } from '../server-config-schema';
import { deriveServerName } from './server-name';
import { isRecord } from './config-inputs';
import {
  emptyFindings,
  expandVariables,
  type VariableContext,
  type VariableFindings,
} from './config-variables';

/** One server as a config file gives it. */
export interface ConfigEntry {
  name: string;
  /** Turned off in the file (Cline's and Windsurf's `disabled`). */
  disabled: boolean;
  /**
   * Where in the file it sits, when a file has several tables (Claude Code's user and local
   * scopes).
   */
  scope?: 'user' | 'local';
  /** Ready to connect: absent while it has an `error` or `needs` inputs. */
  config?: ServerConfig;
  /** Why it cannot be used, in one line. */
  error?: string;
  /** The ids of the inputs (`${input:id}`) it asks for that have no value yet. */
  needs: string[];
  /** Every input id it uses, given or not. */
  uses: string[];
  /** What was read but does not apply, or could not be expanded. */
  warnings: string[];
  /** Its `envFile`, expanded, as written (a relative path is the loader's to resolve). */
  envFile?: string;
  /**
   * What it runs or where it connects, safe to show: the command line with secrets redacted, or the
   * URL without its query.
   */
  shows?: string;
  kind?: 'stdio' | 'http' | 'sse';
}

/** An env file's variables, or why it could not be read; keyed by the entry's `envFile`. */
export type EnvFiles = Readonly<
  Record<string, { values: Record<string, string> } | { error: string }>
>;

export class EntryError extends Error {}

const STDIO_FIELDS = new Set(['command', 'args', 'env', 'cwd', 'envFile']);
const HTTP_FIELDS = new Set(['url', 'serverUrl', 'headers']);
/**
 * Fields that mean something to their client only (tool approval, a description, when to load):
 * nothing to do for resources.
 */
const INERT_FIELDS = new Set([
  'type',
  'transport',
  'transportType',
  'disabled',
  'autoApprove',
  'alwaysAllow',
  'alwaysLoad',
  'description',
  'name',
]);
/** Fields a user could expect to act here: read, and said not to. */
const UNUSED_FIELDS: Record<string, string> = {
  timeout: 'timeout is not used here: --timeout sets how long a request may take',
  dev: "dev (VS Code's watch and debug mode) is not used here",
  sandboxEnabled: "sandboxEnabled is VS Code's: here the server runs without a sandbox",
  sandbox: "sandbox is VS Code's: here the server runs without a sandbox",
};
/** Fields that ask for what this app cannot do: the server is not used, and the reason is said. */
const REFUSED_FIELDS: Record<string, string> = {
  oauth: 'it signs in with OAuth, which this app cannot do yet',
  headersHelper:
    'its headers come from running a command (headersHelper), which this app does not do',
};

const TYPES: Record<string, 'stdio' | 'http' | 'sse'> = {
  stdio: 'stdio',
  local: 'stdio',
  http: 'http',
  streamableHttp: 'http',
  'streamable-http': 'http',
  streamable_http: 'http',
  sse: 'sse',
};

/** How a client reads what a file leaves unsaid. */
export interface EntryDefaults {
  /**
   * Cline takes a url without a type as SSE; the others as Streamable HTTP (which falls back to SSE
   * here).
   */
  urlKind: 'http' | 'sse';
  /**
   * Where a stdio server runs when the file gives no cwd: a project's own files run in the project.
   */
  cwd?: string;
}

function stringRecord(
  value: unknown,
  where: string,
  expand: (text: string) => string,
): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) throw new EntryError(`${where} must be an object of strings`);
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    // VS Code: null leaves the variable out.
    if (item === null) continue;
    if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean')
      throw new EntryError(`${where}.${key} must be a string`);
    out[key] = expand(String(item));
  }
  return out;
}

function optionalString(raw: Record<string, unknown>, field: string): string | undefined {
  const value = raw[field];
  if (value !== undefined && typeof value !== 'string')
    throw new EntryError(`${field} must be a string`);
  return value;
}

function kindOf(raw: Record<string, unknown>, defaults: EntryDefaults): 'stdio' | 'http' | 'sse' {
  const type = raw.type ?? raw.transportType ?? raw.transport;
  if (type !== undefined) {
    if (type === 'ws')
      throw new EntryError(
        'type ws (WebSocket) is not a transport this app speaks: stdio, Streamable HTTP and SSE',
      );
    const kind = typeof type === 'string' && Object.hasOwn(TYPES, type) ? TYPES[type] : undefined;
    if (!kind)
      throw new EntryError(
        `type ${JSON.stringify(type)} is not one we know (stdio, http, streamableHttp, sse)`,
      );
    return kind;
  }
  if (raw.command !== undefined && (raw.url !== undefined || raw.serverUrl !== undefined))
    throw new EntryError('has both a command and a url; give a type to say which');
  if (raw.command !== undefined) return 'stdio';
  if (raw.url !== undefined || raw.serverUrl !== undefined) return defaults.urlKind;
  throw new EntryError('has neither a command nor a url');
}

function toTransport(
  raw: Record<string, unknown>,
  expand: (text: string) => string,
  envFile: Record<string, string> | undefined,
  defaults: EntryDefaults,
): ServerTransportConfig {
  const kind = kindOf(raw, defaults);
  const wrong = Object.keys(raw).find((field) =>
    (kind === 'stdio' ? HTTP_FIELDS : STDIO_FIELDS).has(field),
  );
  if (wrong)
    throw new EntryError(
      `${wrong} does not go with a${kind === 'stdio' ? ' stdio' : 'n HTTP'} server`,
    );
  if (kind === 'stdio') {
    const command = optionalString(raw, 'command');
    if (command === undefined)
      throw new EntryError(`type ${String(raw.type ?? raw.transport)} needs a command`);
    if (
      raw.args !== undefined &&
      (!Array.isArray(raw.args) || raw.args.some((arg) => typeof arg !== 'string'))
    )
      throw new EntryError('args must be a list of strings');
    const own = stringRecord(raw.env, 'env', expand);
    // The env file first, the config's own env over it.
    const env = envFile || own ? { ...envFile, ...own } : undefined;
    const cwd = optionalString(raw, 'cwd') ?? defaults.cwd;
    return {
      kind: 'stdio',
      command: expand(command),
      args: ((raw.args as string[] | undefined) ?? []).map(expand),
      ...(env && { env }),
      ...(cwd !== undefined && { cwd: expand(cwd) }),
    };
  }
  const url = optionalString(raw, 'url') ?? optionalString(raw, 'serverUrl');
  if (url === undefined)
    throw new EntryError(`type ${String(raw.type ?? raw.transport)} needs a url`);
  const headers = stringRecord(raw.headers, 'headers', expand);
  const expanded = expand(url);
  // Never shown again, never sent where fetch refuses it (its error would repeat the URL whole):
  // credentials go in a header, as with --url.
  if (hasCredentials(expanded))
    throw new EntryError(
      'its url carries a user name or password: give them as a header ("Authorization": …) instead',
    );
  return { kind, url: expanded, ...(headers && { headers }) };
}

function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

/** The command line or URL as the file writes them, redacted: `${…}` left as written. */
function shownAsWritten(raw: Record<string, unknown>): string | undefined {
  if (typeof raw.command === 'string')
    return deriveServerName(
      raw.command,
      Array.isArray(raw.args)
        ? raw.args.filter((arg): arg is string => typeof arg === 'string')
        : [],
    );
  const url =
    typeof raw.url === 'string'
      ? raw.url
      : typeof raw.serverUrl === 'string'
        ? raw.serverUrl
        : undefined;
  return url === undefined ? undefined : urlShown(url);
}

/**
 * A URL without its user, password, query and fragment: enough to tell servers apart, nothing
 * secret.
 */
function urlShown(url: string): string {
  try {
    const parsed = new URL(url);
    let path = parsed.pathname;
    try {
      path = decodeURI(path);
    } catch {
      // Shown as encoded.
    }
    return `${parsed.protocol}//${parsed.host}${path}`;
  } catch {
    return url.replace(/[?#].*$/, '').slice(0, 200);
  }
}

function findingsToWords(findings: VariableFindings, warnings: string[]): void {
  if (findings.missingEnv.size > 0)
    warnings.push(
      `${[...findings.missingEnv].map((name) => `$${name}`).join(', ')} ${findings.missingEnv.size === 1 ? 'is' : 'are'} not set: expanded to nothing`,
    );
  if (findings.missingLiteral.size > 0)
    warnings.push(
      `${[...findings.missingLiteral].map((name) => `$${name}`).join(', ')} ${findings.missingLiteral.size === 1 ? 'is' : 'are'} not set: left as written`,
    );
  if (findings.unknown.size > 0)
    warnings.push(
      `${[...findings.unknown].join(', ')}: no client variable of that name here; left as written`,
    );
  if (findings.noWorkspace)
    warnings.push('${workspaceFolder}: this file belongs to no workspace; left as written');
}

/** Reads one server; never throws: what is wrong is the entry's `error`. */
export function readEntry(
  name: string,
  raw: unknown,
  context: VariableContext,
  envFiles: EnvFiles,
  defaults: EntryDefaults,
): ConfigEntry {
  const entry: ConfigEntry = { name, disabled: false, needs: [], uses: [], warnings: [] };
  try {
    if (!isRecord(raw)) throw new EntryError('must be an object');
    if (raw.disabled !== undefined && typeof raw.disabled !== 'boolean')
      throw new EntryError('disabled must be true or false');
    entry.disabled = raw.disabled === true;
    const refused = Object.keys(raw).find((field) => Object.hasOwn(REFUSED_FIELDS, field));
    if (refused) throw new EntryError(REFUSED_FIELDS[refused] as string);
    const unknown = Object.keys(raw).find(
      (field) =>
        !STDIO_FIELDS.has(field) &&
        !HTTP_FIELDS.has(field) &&
        !INERT_FIELDS.has(field) &&
        !Object.hasOwn(UNUSED_FIELDS, field),
    );
    if (unknown)
      throw new EntryError(
        `${JSON.stringify(unknown.slice(0, 100))} is not a field we know; nothing else was read from this server`,
      );
    for (const field of Object.keys(UNUSED_FIELDS))
      if (raw[field] !== undefined) entry.warnings.push(UNUSED_FIELDS[field] as string);
    // What it shows is the file's own text, before any variable is expanded: a value from the
    // environment or an input is for the server, never for a page or a terminal.
    entry.shows = shownAsWritten(raw);
    const findings = emptyFindings();
    const expand = (text: string) => expandVariables(text, context, findings);
    let fromFile: Record<string, string> | undefined;
    const envFile = optionalString(raw, 'envFile');
    if (envFile !== undefined) {
      entry.envFile = expand(envFile);
      const loaded = Object.hasOwn(envFiles, entry.envFile) ? envFiles[entry.envFile] : undefined;
      if (loaded && 'error' in loaded)
        throw new EntryError(`envFile ${entry.envFile}: ${loaded.error}`);
      fromFile = loaded?.values;
    }
    const transport = toTransport(raw, expand, fromFile, defaults);
    entry.kind = transport.kind;
    findingsToWords(findings, entry.warnings);
    entry.uses = [...findings.usedInputs];
    if (findings.neededInputs.size > 0) {
      entry.needs = [...findings.neededInputs];
      return entry;
    }
    if (entry.envFile !== undefined && !fromFile)
      throw new EntryError(`envFile ${entry.envFile} was not read`);
    const secrets = [...findings.secrets];
    const checked = serverConfigSchema.safeParse({
      name,
      transport,
      ...(secrets.length > 0 && { secrets }),
    });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new EntryError(`${issue?.path.join('.')}: ${issue?.message}`);
    }
    entry.config = checked.data;
  } catch (error) {
    if (!(error instanceof EntryError)) throw error;
    entry.error = error.message;
  }
  return entry;
}
