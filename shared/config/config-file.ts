/**
 * A client's MCP config file, read as that client reads it: JSON with comments and trailing
 * commas (VS Code's JSONC, read by jsonc-parser), the servers under `mcpServers` (Claude
 * Desktop, Claude Code, Cursor, Cline, Windsurf), `servers` (VS Code's mcp.json) or `mcp.servers`
 * (VS Code's settings.json), Claude Code's `~/.claude.json` with its per-project servers, and
 * VS Code's `inputs`.
 */
import { createScanner, parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { ServerConfig } from '../mcp-types';
import { readEntry, type ConfigEntry, type EnvFiles } from './config-entry';
import type { VariableContext } from './config-variables';
import { inputFor, isRecord, readInputs, type ConfigInput } from './config-inputs';

/** A config file that cannot be used at all, with the reason in one line. */
export class ConfigError extends Error {}

export type ConfigClient =
  'Claude Desktop' | 'Claude Code' | 'Cursor' | 'VS Code' | 'Cline' | 'Windsurf' | 'MCP config';

export interface ParsedConfigFile {
  client: ConfigClient;
  entries: ConfigEntry[];
  inputs: ConfigInput[];
  /** About the file as a whole (an input that cannot be asked for). */
  warnings: string[];
}

export interface ConfigReadContext extends VariableContext {
  /** The file's path, which tells its client. */
  path: string;
  envFiles: EnvFiles;
  /** Where a stdio server runs when the file gives no cwd (a project's file: the project). */
  defaultCwd?: string;
  /**
   * The client, where the file was found at its known place (a path moved by a variable says
   * nothing); else told by the path.
   */
  client?: ConfigClient;
}

const isClaudeJson = (path: string) => /(^|[\\/])\.claude\.json$/.test(path);

/** The client that writes a file at `path`, from its name and folder. */
export function clientOf(path: string): ConfigClient {
  const p = path.replace(/\\/g, '/');
  if (p.endsWith('/claude_desktop_config.json') || p === 'claude_desktop_config.json')
    return 'Claude Desktop';
  if (/(^|\/)\.mcp\.json$/.test(p) || isClaudeJson(p) || /(^|\/)managed-mcp\.json$/.test(p))
    return 'Claude Code';
  if (/(^|\/)cline_mcp_settings\.json$/.test(p)) return 'Cline';
  if (/(^|\/)\.cursor\/mcp\.json$/.test(p)) return 'Cursor';
  if (/windsurf\/mcp_config\.json$/.test(p)) return 'Windsurf';
  if (
    /(^|\/)\.vscode\/mcp\.json$/.test(p) ||
    /\/User\/(profiles\/[^/]+\/)?(mcp|settings)\.json$/.test(p)
  )
    return 'VS Code';
  return 'MCP config';
}

/** jsonc-parser's error codes, in words. */
const JSONC_ERRORS: Record<string, string> = {
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'a number written wrong',
  PropertyNameExpected: 'a property name (in double quotes) expected',
  ValueExpected: 'a value expected',
  ColonExpected: '":" expected',
  CommaExpected: '"," expected',
  CloseBraceExpected: '"}" expected',
  CloseBracketExpected: '"]" expected',
  EndOfFileExpected: 'more after the end of the JSON',
  UnexpectedEndOfComment: 'a comment never closed',
  UnexpectedEndOfString: 'a string never closed',
  UnexpectedEndOfNumber: 'a number cut short',
  InvalidUnicode: 'a \\u escape written wrong',
  InvalidEscapeCharacter: 'a \\ escape written wrong',
  InvalidCharacter: 'a control character inside a string',
};

/** Nesting a config file may have: real ones have 6 levels; the parser recurses per level. */
export const MAX_CONFIG_DEPTH = 100;
/**
 * jsonc-parser's SyntaxKind values, a `const enum` in its types (which our module settings
 * cannot read): its numbering is part of its API.
 */
const TOKEN = { open: [1, 3], close: [2, 4], end: 17 } as const;

/**
 * Refuses a text nested deeper than {@link MAX_CONFIG_DEPTH}, found with jsonc-parser's scanner
 * (which does not recurse, and knows strings and comments): the parser itself would overflow the
 * stack on 200,000 brackets.
 */
function checkDepth(text: string): void {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let token: number = scanner.scan(); token !== TOKEN.end; token = scanner.scan()) {
    if (token === TOKEN.open[0] || token === TOKEN.open[1]) {
      depth += 1;
      if (depth > MAX_CONFIG_DEPTH) {
        const line = scanner.getTokenStartLine() + 1;
        const column = scanner.getTokenStartCharacter() + 1;
        throw new ConfigError(
          `nested more than ${MAX_CONFIG_DEPTH} levels deep, at line ${line}, column ${column}: not a config file`,
        );
      }
    } else if (token === TOKEN.close[0] || token === TOKEN.close[1]) depth = Math.max(0, depth - 1);
  }
}

function parseJsonc(text: string): unknown {
  checkDepth(text);
  const errors: ParseError[] = [];
  const json: unknown = parse(text.replace(/^\uFEFF/, ''), errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: false,
  });
  const first = errors[0];
  if (first) {
    const before = text.slice(0, first.offset);
    const line = before.split('\n').length;
    const column = first.offset - before.lastIndexOf('\n');
    const code = printParseErrorCode(first.error);
    throw new ConfigError(
      `not valid JSON (with comments): ${JSONC_ERRORS[code] ?? code} at line ${line}, column ${column}`,
    );
  }
  return json;
}

/** The tables of servers in the file, each with its scope where a file has several. */
function tablesOf(
  json: Record<string, unknown>,
  context: ConfigReadContext,
): { table: Record<string, unknown>; scope?: 'user' | 'local' }[] {
  if (isClaudeJson(context.path)) {
    const tables: { table: Record<string, unknown>; scope?: 'user' | 'local' }[] = [];
    if (isRecord(json.mcpServers)) tables.push({ table: json.mcpServers, scope: 'user' });
    // Claude Code's local scope: the servers of the project the user works in.
    const projects = json.projects;
    // Claude Code writes a Windows project's path with forward slashes: try both spellings.
    const folder = context.workspaceFolder;
    const spellings = folder === undefined ? [] : [folder, folder.replace(/\\/g, '/')];
    const key = isRecord(projects)
      ? spellings.find((spelling) => Object.hasOwn(projects, spelling))
      : undefined;
    const project = key !== undefined && isRecord(projects) ? projects[key] : undefined;
    if (isRecord(project) && isRecord(project.mcpServers))
      tables.push({ table: project.mcpServers, scope: 'local' });
    return tables;
  }
  if (isRecord(json.mcpServers) && isRecord(json.servers))
    throw new ConfigError(
      'the file has both "mcpServers" and "servers": which one its client reads is not clear; keep one',
    );
  if (isRecord(json.mcpServers)) return [{ table: json.mcpServers }];
  if (isRecord(json.servers)) return [{ table: json.servers }];
  if (isRecord(json.mcp) && isRecord(json.mcp.servers)) return [{ table: json.mcp.servers }];
  throw new ConfigError(
    'no "mcpServers" (Claude, Cursor, Cline, Windsurf) or "servers" (VS Code) object in the file',
  );
}

/**
 * Reads a config file's text. Throws {@link ConfigError} when the file as a whole cannot be used; a
 * server that cannot is its entry's `error`.
 */
export function parseConfigFile(text: string, context: ConfigReadContext): ParsedConfigFile {
  const json = parseJsonc(text);
  if (!isRecord(json)) throw new ConfigError('the file must hold a JSON object');
  const warnings: string[] = [];
  const inputs = readInputs(
    isRecord(json.mcp) && json.inputs === undefined ? json.mcp.inputs : json.inputs,
    warnings,
  );
  const client = context.client ?? clientOf(context.path);
  const defaults = {
    urlKind: client === 'Cline' ? ('sse' as const) : ('http' as const),
    ...(context.defaultCwd !== undefined && { cwd: context.defaultCwd }),
  };
  // Cline leaves an unset ${env:X} as written; VS Code and Cursor make it empty.
  // An input is a secret where the file says `password`, or, where it declares nothing, where its
  // id names one.
  const variables = {
    ...context,
    keepMissingEnv: client === 'Cline',
    secretInputs: { has: (id: string) => inputFor(inputs, id).password },
  };
  const byName = new Map<string, ConfigEntry>();
  // A later table wins a name: Claude Code's local scope over its user scope.
  for (const { table, scope } of tablesOf(json, context)) {
    for (const [name, raw] of Object.entries(table))
      byName.set(name, {
        ...readEntry(name, raw, variables, context.envFiles, defaults),
        ...(scope && { scope }),
      });
  }
  // Asked in the order the file declares them.
  const order = (id: string) => {
    const at = inputs.findIndex((input) => input.id === id);
    return at === -1 ? inputs.length : at;
  };
  const entries = [...byName.values()].map((entry) => ({
    ...entry,
    needs: [...entry.needs].sort((a, b) => order(a) - order(b)),
    uses: [...entry.uses].sort((a, b) => order(a) - order(b)),
  }));
  return { client, entries, inputs, warnings };
}

/**
 * The first of `given` input ids the file never asks for (a typo, or the wrong file): refused by
 * every face, never ignored.
 */
export function unknownInput(
  file: ParsedConfigFile,
  given: Readonly<Record<string, string>>,
): string | undefined {
  return Object.keys(given).find(
    (id) =>
      !file.inputs.some((input) => input.id === id) &&
      !file.entries.some((entry) => entry.uses.includes(id)),
  );
}

/** The server named `name`, ready to connect, or a ConfigError that says why not. */
export function usableEntry(file: ParsedConfigFile, name: string): ServerConfig {
  const entry = file.entries.find((e) => e.name === name);
  if (!entry)
    throw new ConfigError(
      `no server named "${name}"; the file has ${file.entries.length ? file.entries.map((e) => `"${e.name}"`).join(', ') : 'none'}`,
    );
  if (entry.error) throw new ConfigError(`server "${name}": ${entry.error}`);
  if (!entry.config)
    throw new ConfigError(
      `server "${name}" needs ${entry.needs.map((id) => `--input ${id}=…`).join(' ')}`,
    );
  return entry.config;
}

/**
 * The servers to connect: the one named `only` (an error if it cannot be used), else every
 * enabled one that can, with a warning for each that cannot. Servers that need inputs are the
 * caller's to ask for first.
 */
export function serversToConnect(
  file: ParsedConfigFile,
  only?: string,
): { servers: ServerConfig[]; skipped: string[] } {
  if (only !== undefined) return { servers: [usableEntry(file, only)], skipped: [] };
  const enabled = file.entries.filter((entry) => !entry.disabled);
  const skipped = enabled
    .filter((entry) => !entry.config)
    .map(
      (entry) =>
        `server "${entry.name}" skipped: ${entry.error ?? `needs ${entry.needs.map((id) => `--input ${id}=…`).join(' ')}`}`,
    );
  const servers = enabled.flatMap((entry) => (entry.config ? [entry.config] : []));
  if (servers.length === 0) {
    if (file.entries.length === 0) throw new ConfigError('the file configures no server');
    if (enabled.length === 0)
      throw new ConfigError(
        'every server in the file is disabled; name one with --server to use it',
      );
    throw new ConfigError(
      skipped.length === 1
        ? (skipped[0] as string).replace(' skipped', '')
        : `no server in the file can be used: ${skipped.join('; ')}`,
    );
  }
  return { servers, skipped };
}
