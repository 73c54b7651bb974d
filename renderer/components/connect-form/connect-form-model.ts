/**
 * The connect form's values and their turning into a ServerConfig. Pure, so validation is tested
 * without a DOM.
 */
import type { ServerConfig } from '../../../shared/mcp-types';

export type TransportChoice = 'stdio' | 'http' | 'sse';

export interface ConnectFormValues {
  name: string;
  transport: TransportChoice;
  commandLine: string;
  cwd: string;
  env: string;
  url: string;
  headers: string;
}

export const EMPTY_FORM: ConnectFormValues = {
  name: '',
  transport: 'stdio',
  commandLine: '',
  cwd: '',
  env: '',
  url: '',
  headers: '',
};

export type FieldErrors = Partial<Record<keyof ConnectFormValues, string>>;

export type BuildResult = { ok: true; config: ServerConfig } | { ok: false; errors: FieldErrors };

/**
 * Splits a command line on whitespace; single or double quotes group words. No escapes, no
 * expansion.
 */
export function splitCommandLine(
  line: string,
): { ok: true; words: string[] } | { ok: false; error: string } {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = null;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote) return { ok: false, error: `Missing closing ${quote} quote` };
  if (inWord) words.push(word);
  return { ok: true, words };
}

/** `KEY=VALUE` lines; blank lines are skipped. */
export function parseEnvLines(
  text: string,
): { ok: true; env: Record<string, string> } | { ok: false; error: string } {
  const env: Record<string, string> = {};
  for (const [index, raw] of lines(text)) {
    const at = raw.indexOf('=');
    const key = at < 0 ? '' : raw.slice(0, at).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
      return { ok: false, error: `Line ${index}: expected KEY=VALUE` };
    env[key] = raw.slice(at + 1);
  }
  return { ok: true, env };
}

/** `Name: Value` lines; blank lines are skipped. Names must be HTTP tokens (RFC 9110 §5.6.2). */
export function parseHeaderLines(
  text: string,
): { ok: true; headers: Record<string, string> } | { ok: false; error: string } {
  const headers: Record<string, string> = {};
  for (const [index, raw] of lines(text)) {
    const at = raw.indexOf(':');
    const name = at < 0 ? '' : raw.slice(0, at).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      return { ok: false, error: `Line ${index}: expected Name: Value` };
    headers[name] = raw.slice(at + 1).trim();
  }
  return { ok: true, headers };
}

function lines(text: string): [number, string][] {
  return text
    .split(/\r?\n/)
    .map((line, index): [number, string] => [index + 1, line])
    .filter(([, line]) => line.trim() !== '');
}

/** The config the form describes, or what is wrong with each field. */
export function buildServerConfig(values: ConnectFormValues): BuildResult {
  const errors: FieldErrors = {};
  if (values.transport === 'stdio') {
    const split = splitCommandLine(values.commandLine);
    const env = parseEnvLines(values.env);
    if (!split.ok) errors.commandLine = split.error;
    else if (split.words.length === 0) errors.commandLine = 'Enter the command to run';
    if (!env.ok) errors.env = env.error;
    if (!split.ok || !env.ok || split.words.length === 0) return { ok: false, errors };
    const [command = '', ...args] = split.words;
    const name = values.name.trim() || command.split(/[\\/]/).pop() || command;
    const transport: ServerConfig['transport'] = { kind: 'stdio', command, args };
    if (values.cwd.trim()) transport.cwd = values.cwd.trim();
    if (Object.keys(env.env).length) transport.env = env.env;
    return { ok: true, config: { name, transport } };
  }
  const url = parseHttpUrl(values.url.trim());
  const headers = parseHeaderLines(values.headers);
  if (!url) errors.url = 'Enter an http:// or https:// URL';
  if (!headers.ok) errors.headers = headers.error;
  if (!url || !headers.ok) return { ok: false, errors };
  const kind = values.transport;
  const transport: ServerConfig['transport'] = Object.keys(headers.headers).length
    ? { kind, url: url.href, headers: headers.headers }
    : { kind, url: url.href };
  return { ok: true, config: { name: values.name.trim() || url.host, transport } };
}

function parseHttpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
