/**
 * The `mcp-context` command. The same host core as the desktop app and browser mode;
 * every error is one line and a non-zero status (a stack trace only with --verbose).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HostError } from '../../shared/host-error';
import type { ServerConfig } from '../../shared/mcp-types';
import { ConfigError } from '../../shared/config/parse-server-config';
import { loadServerConfigs } from '../config/load-config';
import { demoServerConfig } from '../host/demo-server-config';
import { appHostOptions } from '../host/app-host';
import { createHost, type Host } from '../host/host';
import { parseArgs, UsageError, USAGE, type ParsedArgs } from './args';
import { runList } from './list-command';
import { runRead } from './read-command';
import { runServe } from './serve-command';
import { openTraceFile } from './trace-file';
import { runWatch } from './watch-command';
import { terminalSafe } from './terminal';
import { CaptureFileError, readCaptureFile } from './capture-file';

/** Next to the CLI bundle in out/, or in out/ when run from source. */
function builtFile(name: string): string {
  const beside = fileURLToPath(new URL(`./${name}`, import.meta.url));
  return existsSync(beside) ? beside : fileURLToPath(new URL(`../../out/${name}`, import.meta.url));
}

async function selectServers(args: ParsedArgs): Promise<{ servers: ServerConfig[]; builtInIndex?: number }> {
  if (args.config !== undefined) return { servers: await loadServerConfigs(args.config, args.server) };
  if (args.url !== undefined) {
    const headers = Object.keys(args.headers).length > 0 ? { headers: args.headers } : {};
    return { servers: [{ name: new URL(args.url).host || args.url, transport: { kind: args.sse ? 'sse' : 'http', url: args.url, ...headers } }] };
  }
  if (args.stdio) {
    const name = [args.stdio.command, ...args.stdio.args].join(' ').slice(0, 80);
    return { servers: [{ name, transport: { kind: 'stdio', command: args.stdio.command, args: args.stdio.args } }] };
  }
  const script = builtFile('demo-server.mjs');
  if (!existsSync(script)) throw new UsageError('the built-in demo server is not built; run "npm run build"');
  return { servers: [demoServerConfig({ execPath: process.execPath, script })], builtInIndex: 0 };
}

async function run(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (args.help || args.command === undefined) {
    process.stdout.write(USAGE);
    return args.help ? 0 : 64;
  }
  if (!['list', 'read', 'serve', 'assemble', 'watch', 'check', 'capture', 'diff'].includes(args.command)) throw new UsageError(`unknown command "${args.command}"`);
  if (args.output !== undefined && args.command !== 'capture') throw new UsageError('-o goes with capture');
  if (args.from !== undefined && args.command !== 'assemble' && args.command !== 'serve') throw new UsageError('--from goes with assemble and serve');
  if (args.command === 'diff') {
    const { runDiff } = await import('./diff-command');
    return runDiff(args);
  }
  if (args.junit !== undefined && args.command !== 'check') throw new UsageError('--junit goes with check');
  if (args.subscribes.length > 0 && args.command !== 'watch') throw new UsageError('--subscribe goes with watch');
  if (args.url !== undefined) {
    // Validate before connecting, so a typo is a usage error rather than a network one.
    try {
      new URL(args.url);
    } catch {
      throw new UsageError(`--url is not a URL: ${args.url}`);
    }
  }
  if (args.profile !== undefined && args.command !== 'assemble' && args.command !== 'capture') throw new UsageError('--profile goes with assemble and capture');
  if (args.from !== undefined) {
    if (args.config !== undefined || args.url !== undefined || args.stdio !== undefined || args.profile !== undefined) throw new UsageError('--from replays the capture\'s own servers and curation: it takes no server selection and no --profile');
    if (args.trace !== undefined) throw new UsageError('--trace does not go with --from: a replay talks to no server');
    const capture = await readCaptureFile(args.from, '--from');
    // Browser mode counts off the main thread; a replay keeps no session (it is read-only).
    const app = args.command === 'serve' ? appHostOptions() : undefined;
    const host = createHost({ replay: capture, ...(app && { countTokens: app.options.countTokens }) });
    try {
      if (args.command === 'serve') return await runServe(host, args, builtFile('renderer'));
      const { runAssemble } = await import('./assemble-command');
      return await runAssemble(host, args, undefined, capture);
    } finally {
      await host.close();
      await app?.close();
    }
  }
  // A capture file that cannot be written is said before any server starts.
  const captureFile = args.command === 'capture' ? (await import('./capture-command')).checkCaptureOutput(args.output) : undefined;
  // assemble-command is loaded only for assemble: it brings the tokenizer (see scripts/build.mjs).
  const profile = args.profile !== undefined ? await (await import('./assemble-command')).readProfileFile(args.profile) : undefined;
  const chosen = args.config !== undefined || args.url !== undefined || args.stdio !== undefined;
  // A profile brings its servers, unless the command line chose others or it names none.
  const selection = profile && !chosen && profile.servers.length > 0 ? { servers: profile.servers } : await selectServers(args);
  // Browser mode keeps the working session and counts off the main thread, as the desktop app does.
  const app = args.command === 'serve' ? appHostOptions() : undefined;
  // check opens connections of its own, one server at a time: no host.
  if (args.command === 'check') {
    if (args.trace !== undefined) throw new UsageError('--trace does not go with check yet: check opens connections of its own');
    const { runCheck } = await import('./check-command');
    return runCheck(selection.servers, args);
  }
  // Opened before any server starts: a file that cannot be written is a one-line error, not a lost trace.
  const traceFile = args.trace !== undefined ? openTraceFile(args.trace) : undefined;
  // watch runs until interrupted, so it reconnects by itself as the apps do.
  const host: Host = createHost({ ...selection, requestTimeoutMs: args.timeoutMs ?? 30_000, ...app?.options, ...(args.command === 'watch' && { reconnect: {} }) });
  traceFile?.follow(host.trace);
  try {
    switch (args.command) {
      case 'list':
        return await runList(host, args);
      case 'read':
        return await runRead(host, args);
      case 'watch': {
        const interrupted = new Promise((resolve) => {
          process.once('SIGINT', resolve);
          process.once('SIGTERM', resolve);
        });
        return await runWatch(host, args, interrupted);
      }
      case 'assemble': {
        const { runAssemble } = await import('./assemble-command');
        return await runAssemble(host, args, profile);
      }
      case 'capture': {
        const { runCapture } = await import('./capture-command');
        return await runCapture(host, args, captureFile as string, profile);
      }
      default:
        return await runServe(host, args, builtFile('renderer'));
    }
  } finally {
    await host.close();
    await app?.close();
    traceFile?.close();
  }
}

function oneLine(error: unknown): string {
  if (error instanceof HostError || error instanceof ConfigError || error instanceof UsageError || error instanceof CaptureFileError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

const argv = process.argv.slice(2);
const verbose = argv.includes('--verbose');
try {
  process.exitCode = await run(argv);
} catch (error) {
  // Error text can quote a server's words or a file's bytes: shown, never acted on.
  process.stderr.write(`mcp-context: ${terminalSafe(oneLine(error))}\n`);
  if (error instanceof UsageError) process.stderr.write('Run "mcp-context --help" for usage.\n');
  if (verbose && error instanceof Error && error.stack) process.stderr.write(`${error.stack.split('\n').map(terminalSafe).join('\n')}\n`);
  process.exitCode = error instanceof UsageError ? 64 : error instanceof CaptureFileError ? 2 : 1;
}
