/**
 * The CLI's argument grammar, the same server selection for every command:
 * `--config FILE [--server NAME]`, `--url URL [--header "Name: Value"]...`, or
 * `-- COMMAND [ARGS...]`; none of them means the built-in demo server.
 */
import { MAX_FOCUS_LENGTH } from '../../shared/context/focus-limits';

/** The revisions `check --protocol` can ask for: one of each era. */
export const CHECK_PROTOCOLS = ['2025-11-25', '2026-07-28'] as const;
export type CheckProtocol = (typeof CHECK_PROTOCOLS)[number];

/** A command line that cannot be understood; exits with status 64 (EX_USAGE). */
export class UsageError extends Error {}

/** `--config` with no file: one of the files found on this machine, chosen by the user. */
export const FOUND_CONFIG = Object.freeze({ found: true as const });

export interface ParsedArgs {
  command: string | undefined;
  positionals: string[];
  config?: string | typeof FOUND_CONFIG;
  /** `--input id=VALUE`: the value of a config's `${input:id}`. */
  inputs: Record<string, string>;
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
  /** assemble: the policy and the output. */
  budget?: number;
  threshold?: number;
  audience?: 'assistant' | 'any';
  halfLifeDays?: number;
  order?: 'rank' | 'uri';
  required?: boolean;
  requiredShare?: number;
  fill?: boolean;
  focus?: string;
  includes: string[];
  excludes: string[];
  pins: string[];
  auto?: boolean;
  format?: 'markdown' | 'json';
  encoding?: 'o200k_base' | 'cl100k_base';
  explain: boolean;
  tokenTree: boolean;
  /** assemble: a profile file whose servers, marks and settings to use (flags win). */
  profile?: string;
  /** Every command: write the JSON-RPC trace to this file, as JSONL. */
  trace?: string;
  /** watch: resources to subscribe to. */
  subscribes: string[];
  /** check: also write JUnit XML here. */
  junit?: string;
  /**
   * check: the protocol revision to check a server in, for one that speaks both eras (default:
   * 2026-07-28 where the server speaks it, else its 2025 revision).
   */
  protocol?: CheckProtocol;
  /** capture: the file to write. */
  output?: string;
  /** assemble and serve: a capture to replay instead of servers. */
  from?: string;
  /** `-e KEY=VALUE`: the environment of a stdio server (the Inspector's flag). */
  env: Record<string, string>;
  /** `--transport stdio|http|sse`: the Inspector's flag, checked against the selection. */
  transport?: 'stdio' | 'http' | 'sse';
  /** login: print the sign-in URL only, never open a browser. */
  noBrowser: boolean;
  /** login: a client registered by hand, and the scopes to ask for. */
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  /**
   * login: the https URL of our client metadata document, the client id where the authorization
   * server takes one.
   */
  clientMetadataUrl?: string;
  /** login: a machine client, by the client credentials grant. */
  clientCredentials: boolean;
}

const VALUE_FLAGS = new Set([
  '--config',
  '--server',
  '--url',
  '--header',
  '--port',
  '--timeout',
  '--budget',
  '--threshold',
  '--required-share',
  '--include',
  '--exclude',
  '--pin',
  '--format',
  '--encoding',
  '--profile',
  '--focus',
  '--audience',
  '--recency-half-life',
  '--order',
  '--trace',
  '--subscribe',
  '--junit',
  '--protocol',
  '-o',
  '--output',
  '--from',
  '-e',
  '--transport',
  '--input',
  '--client-id',
  '--client-secret',
  '--scope',
  '--client-metadata-url',
]);

const BOOLEAN_FLAGS = new Set([
  '--client-credentials',
  '--no-browser',
  '--json',
  '--verbose',
  '--sse',
  '--auto',
  '--no-auto',
  '--required',
  '--no-required',
  '--fill',
  '--no-fill',
  '--explain',
  '--token-tree',
  '-h',
  '--help',
]);
/**
 * Commands that take a server's command line after them (read: after its URI): a flag after it is
 * the server's. login and logout take a remote server's URL, which takes no flags: theirs go on
 * either side of it (`login URL --no-browser`).
 */
const TARGET_COMMANDS = new Set(['list', 'read', 'serve', 'assemble', 'watch', 'check', 'capture']);
const targetFrom = (parsed: ParsedArgs) => (parsed.command === 'read' ? 1 : 0);
const targetStarted = (parsed: ParsedArgs) =>
  parsed.command !== undefined &&
  TARGET_COMMANDS.has(parsed.command) &&
  parsed.positionals.length > targetFrom(parsed);

/** True when the command line says anything about which server, or how to reach it. */
export function selectsAServer(args: ParsedArgs): boolean {
  return (
    args.config !== undefined ||
    args.url !== undefined ||
    args.stdio !== undefined ||
    Object.keys(args.env).length > 0 ||
    Object.keys(args.headers).length > 0 ||
    args.transport !== undefined
  );
}

/** Parses argv (without node and the script). */
export function parseArgs(argv: string[]): ParsedArgs {
  const parsed: ParsedArgs = {
    command: undefined,
    positionals: [],
    headers: {},
    env: {},
    inputs: {},
    sse: false,
    noBrowser: false,
    clientCredentials: false,
    json: false,
    verbose: false,
    help: false,
    includes: [],
    excludes: [],
    pins: [],
    subscribes: [],
    explain: false,
    tokenTree: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--') {
      const [command, ...args] = argv.slice(i + 1);
      if (!command)
        throw new UsageError('"--" must be followed by the command that starts the server');
      parsed.stdio = { command, args };
      break;
    }
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    // Once a server's command line has begun (`list node server.js --port 3`), a flag is the
    // server's, as the Inspector takes it; one of ours there would be ambiguous: refused.
    if (flag.startsWith('-') && targetStarted(parsed)) {
      if (VALUE_FLAGS.has(flag) || BOOLEAN_FLAGS.has(flag))
        throw new UsageError(
          `${flag} comes after the server's command ${JSON.stringify(parsed.positionals[targetFrom(parsed)])}: put mcp-context's options before it, or end them with "--" and give the server's command after it`,
        );
      parsed.positionals.push(arg);
      continue;
    }
    // --config alone (or before another flag): a file found on this machine, chosen by the user.
    if (
      flag === '--config' &&
      inline === undefined &&
      (argv[i + 1] === undefined || argv[i + 1] === '--' || (argv[i + 1] as string).startsWith('-'))
    ) {
      parsed.config = FOUND_CONFIG;
      continue;
    }
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
      case '--no-browser':
        parsed.noBrowser = true;
        break;
      case '--client-credentials':
        parsed.clientCredentials = true;
        break;
      case '--verbose':
        parsed.verbose = true;
        break;
      case '--sse':
        parsed.sse = true;
        break;
      case '--auto':
      case '--no-auto':
        parsed.auto = flag === '--auto';
        break;
      case '--required':
      case '--no-required':
        parsed.required = flag === '--required';
        break;
      case '--fill':
      case '--no-fill':
        parsed.fill = flag === '--fill';
        break;
      case '--explain':
        parsed.explain = true;
        break;
      case '--token-tree':
        parsed.tokenTree = true;
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
  const selections = [parsed.config, parsed.url, parsed.stdio].filter(
    (s) => s !== undefined,
  ).length;
  if (selections > 1) throw new UsageError('choose one of --config, --url and "-- COMMAND"');
  if (parsed.server !== undefined && parsed.config === undefined)
    throw new UsageError('--server goes with --config');
  if (Object.keys(parsed.inputs).length > 0 && parsed.config === undefined)
    throw new UsageError("--input goes with --config: it fills in the file's ${input:…}");
  return parsed;
}

function applyValue(parsed: ParsedArgs, flag: string, value: string): void {
  switch (flag) {
    case '--config':
      if (value === '')
        throw new UsageError(
          '--config= needs a file; give --config alone to choose a file found on this machine',
        );
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
      if (colon <= 0)
        throw new UsageError('--header must look like "Name: Value" (this one has no ":")');
      parsed.headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
      return;
    }
    case '--include':
      parsed.includes.push(value);
      return;
    case '--profile':
      parsed.profile = value;
      return;
    case '--trace':
      parsed.trace = value;
      return;
    case '--subscribe':
      parsed.subscribes.push(value);
      return;
    case '--junit':
      parsed.junit = value;
      return;
    case '--protocol':
      if (!(CHECK_PROTOCOLS as readonly string[]).includes(value))
        throw new UsageError(
          `--protocol is ${CHECK_PROTOCOLS.join(' or ')}, got ${JSON.stringify(value)}`,
        );
      parsed.protocol = value as CheckProtocol;
      return;
    case '-o':
    case '--output':
      parsed.output = value;
      return;
    case '--from':
      parsed.from = value;
      return;
    case '-e': {
      const equals = value.indexOf('=');
      if (equals <= 0) throw new UsageError('-e must look like KEY=VALUE (this one has no "=")');
      parsed.env[value.slice(0, equals)] = value.slice(equals + 1);
      return;
    }
    case '--input': {
      const equals = value.indexOf('=');
      if (equals <= 0)
        throw new UsageError('--input must look like ID=VALUE (this one has no "=")');
      parsed.inputs[value.slice(0, equals)] = value.slice(equals + 1);
      return;
    }
    case '--client-id':
      parsed.clientId = value;
      return;
    case '--client-secret':
      parsed.clientSecret = value;
      return;
    case '--scope':
      parsed.scope = value;
      return;
    case '--client-metadata-url':
      if (!/^https:\/\/[^/]+\/./.test(value))
        throw new UsageError(
          '--client-metadata-url takes an https URL with a path, where our client metadata document is published',
        );
      parsed.clientMetadataUrl = value;
      return;
    case '--transport':
      if (value !== 'stdio' && value !== 'http' && value !== 'sse')
        throw new UsageError(`--transport is stdio, http or sse, got ${JSON.stringify(value)}`);
      parsed.transport = value;
      return;
    case '--exclude':
      parsed.excludes.push(value);
      return;
    case '--pin':
      parsed.pins.push(value);
      return;
    case '--format':
      if (value !== 'markdown' && value !== 'json')
        throw new UsageError(`--format is markdown or json, got ${JSON.stringify(value)}`);
      parsed.format = value;
      return;
    case '--encoding':
      if (value !== 'o200k_base' && value !== 'cl100k_base')
        throw new UsageError(
          `--encoding is o200k_base or cl100k_base, got ${JSON.stringify(value)}`,
        );
      parsed.encoding = value;
      return;
    case '--budget': {
      const number = Number(value);
      if (!Number.isInteger(number) || number < 0)
        throw new UsageError(
          `--budget needs a whole number of tokens, got ${JSON.stringify(value)}`,
        );
      parsed.budget = number;
      return;
    }
    case '--focus':
      if (value.length > MAX_FOCUS_LENGTH)
        throw new UsageError(
          `--focus takes at most ${MAX_FOCUS_LENGTH} characters, got ${value.length}`,
        );
      parsed.focus = value;
      return;
    case '--audience':
      if (value !== 'assistant' && value !== 'any')
        throw new UsageError(`--audience is assistant or any, got ${JSON.stringify(value)}`);
      parsed.audience = value;
      return;
    case '--order':
      if (value !== 'rank' && value !== 'uri')
        throw new UsageError(`--order is rank or uri, got ${JSON.stringify(value)}`);
      parsed.order = value;
      return;
    case '--recency-half-life': {
      const number = Number(value);
      if (value.trim() === '' || !Number.isFinite(number) || number <= 0 || number > 36_500)
        throw new UsageError(
          `--recency-half-life needs a number of days above 0 (at most 36500), got ${JSON.stringify(value)}`,
        );
      parsed.halfLifeDays = number;
      return;
    }
    case '--threshold':
    case '--required-share': {
      const number = Number(value);
      if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1)
        throw new UsageError(`${flag} needs a number from 0 to 1, got ${JSON.stringify(value)}`);
      if (flag === '--threshold') parsed.threshold = number;
      else parsed.requiredShare = number;
      return;
    }
    case '--port':
    case '--timeout': {
      const number = Number(value);
      if (!Number.isInteger(number) || number < 0 || (flag === '--port' && number > 65535))
        throw new UsageError(`${flag} needs a whole number, got ${JSON.stringify(value)}`);
      if (flag === '--port') parsed.port = number;
      else parsed.timeoutMs = number;
      return;
    }
  }
}
