/**
 * Reads the server configs other MCP clients write, so users can bring theirs:
 * `mcpServers` (Claude Desktop, Cursor, Windsurf) and `servers` (VS Code's mcp.json).
 */
import type { ServerConfig, ServerTransportConfig } from '../mcp-types';
import { serverConfigSchema } from '../host-rpc';

/** Where the config file sits and what variables it may use, for `${…}` expansion. */
export interface ConfigContext {
  /** The folder of the config file: `${workspaceFolder}` in VS Code configs. */
  folder: string;
  env: Record<string, string | undefined>;
}

/** A config file that cannot be used, with the reason in one line. */
export class ConfigError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function expand(value: string, context: ConfigContext, where: string): string {
  return value.replace(/\$\{([^}]*)\}/g, (whole, name: string) => {
    if (name === 'workspaceFolder') return context.folder;
    if (name.startsWith('env:')) return context.env[name.slice(4)] ?? '';
    if (name.startsWith('input:')) throw new ConfigError(`${where} uses ${whole}, which asks the user for input; put the value in the file or in an environment variable`);
    return whole;
  });
}

function stringRecord(value: unknown, context: ConfigContext, where: string): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) throw new ConfigError(`${where} must be an object of strings`);
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') throw new ConfigError(`${where}.${key} must be a string`);
    out[key] = expand(String(item), context, `${where}.${key}`);
  }
  return out;
}

function toTransport(name: string, raw: Record<string, unknown>, context: ConfigContext): ServerTransportConfig {
  const where = `server "${name}"`;
  const type = typeof raw.type === 'string' ? raw.type : typeof raw.transport === 'string' ? raw.transport : undefined;
  if (typeof raw.command === 'string' && type !== 'http' && type !== 'sse') {
    if (raw.args !== undefined && (!Array.isArray(raw.args) || raw.args.some((arg) => typeof arg !== 'string'))) {
      throw new ConfigError(`${where}: args must be a list of strings`);
    }
    const env = stringRecord(raw.env, context, `${where}.env`);
    const cwd = typeof raw.cwd === 'string' ? expand(raw.cwd, context, `${where}.cwd`) : undefined;
    return {
      kind: 'stdio',
      command: expand(raw.command, context, `${where}.command`),
      args: ((raw.args as string[] | undefined) ?? []).map((arg, i) => expand(arg, context, `${where}.args[${i}]`)),
      ...(env && { env }),
      ...(cwd && { cwd }),
    };
  }
  const url = typeof raw.url === 'string' ? raw.url : typeof raw.serverUrl === 'string' ? raw.serverUrl : undefined;
  if (url !== undefined) {
    const headers = stringRecord(raw.headers, context, `${where}.headers`);
    return { kind: type === 'sse' ? 'sse' : 'http', url: expand(url, context, `${where}.url`), ...(headers && { headers }) };
  }
  throw new ConfigError(`${where} has neither a command nor a url`);
}

/**
 * Parses a config file's JSON text into server configs.
 * @param only keep just the server with this name (an error if there is none)
 */
export function parseServerConfig(text: string, context: ConfigContext, only?: string): ServerConfig[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isRecord(json)) throw new ConfigError('the file must hold a JSON object');
  const table = isRecord(json.mcpServers) ? json.mcpServers : isRecord(json.servers) ? json.servers : undefined;
  if (!table) throw new ConfigError('no "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code) object in the file');
  const names = Object.keys(table);
  if (only !== undefined && !names.includes(only)) {
    throw new ConfigError(`no server named "${only}"; the file has ${names.length ? names.map((n) => `"${n}"`).join(', ') : 'none'}`);
  }
  const configs: ServerConfig[] = [];
  for (const name of only === undefined ? names : [only]) {
    const raw = table[name];
    if (!isRecord(raw)) throw new ConfigError(`server "${name}" must be an object`);
    if (raw.disabled === true && only === undefined) continue;
    const config = { name, transport: toTransport(name, raw, context) };
    const checked = serverConfigSchema.safeParse(config);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new ConfigError(`server "${name}": ${issue?.path.join('.')} ${issue?.message}`);
    }
    configs.push(checked.data);
  }
  if (configs.length === 0) throw new ConfigError('the file configures no enabled server');
  return configs;
}
