/**
 * The CLI's argument grammar, the same server selection for every command:
 * `--config FILE [--server NAME]`, `--url URL [--header "Name: Value"]...`, or
 * `-- COMMAND [ARGS...]`; none of them means the built-in demo server.
 */

/** A command line that cannot be understood; exits with status 64 (EX_USAGE). */
export class UsageError extends Error {}

export interface ParsedArgs {
  command: string | undefined;
  positionals: string[];
  config?: string;
  server?: string;
  url?: string;
  headers: Record<string, string>;
  sse: boolean;
  stdio?: { command: string; args: string[] };
  json: boolean;
  verbose: boolean;
  help: boolean;
  port?: number;
  timeoutMs?: number;
}

const VALUE_FLAGS = new Set(['--config', '--server', '--url', '--header', '--port', '--timeout']);

/** Parses argv (without node and the script). */
export function parseArgs(argv: string[]): ParsedArgs {
  const parsed: ParsedArgs = { command: undefined, positionals: [], headers: {}, sse: false, json: false, verbose: false, help: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--') {
      const [command, ...args] = argv.slice(i + 1);
      if (!command) throw new UsageError('"--" must be followed by the command that starts the server');
      parsed.stdio = { command, args };
      break;
    }
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (VALUE_FLAGS.has(flag)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      applyValue(parsed, flag, value);
      continue;
    }
    switch (flag) {
      case '--json':
        parsed.json = true;
        break;
      case '--verbose':
        parsed.verbose = true;
        break;
      case '--sse':
        parsed.sse = true;
        break;
      case '-h':
      case '--help':
        parsed.help = true;
        break;
      default:
        if (flag.startsWith('-')) throw new UsageError(`unknown option ${flag}`);
        if (parsed.command === undefined) parsed.command = arg;
        else parsed.positionals.push(arg);
    }
  }
  const selections = [parsed.config, parsed.url, parsed.stdio].filter((s) => s !== undefined).length;
  if (selections > 1) throw new UsageError('choose one of --config, --url and "-- COMMAND"');
  if (parsed.server !== undefined && parsed.config === undefined) throw new UsageError('--server goes with --config');
  if (Object.keys(parsed.headers).length > 0 && parsed.url === undefined) throw new UsageError('--header goes with --url');
  return parsed;
}

function applyValue(parsed: ParsedArgs, flag: string, value: string): void {
  switch (flag) {
    case '--config':
      parsed.config = value;
      return;
    case '--server':
      parsed.server = value;
      return;
    case '--url':
      parsed.url = value;
      return;
    case '--header': {
      const colon = value.indexOf(':');
      if (colon <= 0) throw new UsageError(`--header must look like "Name: Value", got ${JSON.stringify(value)}`);
      parsed.headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
      return;
    }
    case '--port':
    case '--timeout': {
      const number = Number(value);
      if (!Number.isInteger(number) || number < 0 || (flag === '--port' && number > 65535)) throw new UsageError(`${flag} needs a whole number, got ${JSON.stringify(value)}`);
      if (flag === '--port') parsed.port = number;
      else parsed.timeoutMs = number;
      return;
    }
  }
}

export const USAGE = `Usage: mcp-context <command> [server selection] [options]

Commands:
  list [--json]            every resource and template, with all fields and annotations
  read URI [--json]        the contents of one resource (exit 2 if the server does not know it)
  serve [--port N]         browser mode: the app in your browser, on 127.0.0.1 with a per-run token

Server selection (the same for every command; none means the built-in demo server):
  --config FILE [--server NAME]     an mcpServers (Claude Desktop, Cursor) or servers (VS Code) file
  --url URL [--header "N: V"]...    a Streamable HTTP server (falls back to SSE); --sse for SSE only
  -- COMMAND [ARGS...]              a stdio server

Options:
  --json          machine-readable output on stdout; warnings are in it too
  --timeout MS    per-request timeout (default 30000)
  --verbose       stack traces on errors
`;
