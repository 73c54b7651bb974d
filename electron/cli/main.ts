/**
 * The `mcp-context` command. The same host core as the desktop app and browser mode;
 * every error is one line and a non-zero status (a stack trace only with --verbose).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HostError } from '../../shared/host-error';
import type { ServerConfig } from '../../shared/mcp-types';
import { ConfigError } from '../../shared/config/config-file';
import { deriveServerName } from '../../shared/config/server-name';
import { thisMachine } from '../config/load-config';
import { serversFromConfig } from './config-selection';
import { demoServerConfig } from '../host/demo-server-config';
import { appHostOptions } from '../host/app-host';
import { createOAuthStore, defaultOAuthFile } from '../host/auth/oauth-store';
import { appSignIn } from '../host/auth/oauth-kept';
import { createHost, type Host } from '../host/host';
import { parseArgs, selectsAServer, UsageError, type ParsedArgs } from './args';
import { USAGE } from './usage';
import { runList } from './list-command';
import { runRead } from './read-command';
import { runServe } from './serve-command';
import { openTraceFile } from './trace-file';
import { runWatch } from './watch-command';
import { endOnSignal } from './signals';
import { terminalSafe } from './terminal';
import { passStderrThrough } from './server-lines';
import { showListingProgress } from './progress';
import { CaptureFileError, readCaptureFile } from './capture-file';

/** Next to the CLI bundle in out/, or in out/ when run from source. */
function builtFile(name: string): string {
  const beside = fileURLToPath(new URL(`./${name}`, import.meta.url));
  return existsSync(beside) ? beside : fileURLToPath(new URL(`../../out/${name}`, import.meta.url));
}

/**
 * The positionals after the command that name a server, as the official Inspector takes them
 * (`mcp-context list node server.js`, `mcp-context list http://host/mcp`): for `read`, those
 * after its URI. They become the selection; `args.positionals` keeps the command's own.
 */
function takeTarget(args: ParsedArgs): string[] {
  const own = args.command === 'read' ? 1 : 0;
  const target = args.positionals.slice(own);
  args.positionals = args.positionals.slice(0, own);
  if (
    target.length > 0 &&
    (args.config !== undefined || args.url !== undefined || args.stdio !== undefined)
  ) {
    throw new UsageError(
      `${JSON.stringify(target[0])} names a server, and so does --config, --url or "--": choose one`,
    );
  }
  return target;
}

/**
 * The policy and output options only assemble and capture take, and --port only serve: each refused
 * elsewhere, never ignored.
 */
function refuseOptionsOfOtherCommands(args: ParsedArgs): void {
  const assembling = args.command === 'assemble' || args.command === 'capture';
  const given: [string, boolean][] = [
    ['--budget', args.budget !== undefined],
    ['--threshold', args.threshold !== undefined],
    ['--audience', args.audience !== undefined],
    ['--recency-half-life', args.halfLifeDays !== undefined],
    ['--order', args.order !== undefined],
    ['--required', args.required !== undefined],
    ['--required-share', args.requiredShare !== undefined],
    ['--fill', args.fill !== undefined],
    ['--focus', args.focus !== undefined],
    ['--include', args.includes.length > 0],
    ['--exclude', args.excludes.length > 0],
    ['--pin', args.pins.length > 0],
    ['--auto', args.auto !== undefined],
    ['--format', args.format !== undefined],
    ['--encoding', args.encoding !== undefined],
    ['--explain', args.explain],
    ['--token-tree', args.tokenTree],
  ];
  const misplaced = given.find(([, set]) => set);
  if (misplaced && !assembling)
    throw new UsageError(`${misplaced[0]} goes with assemble and capture`);
  if (args.port !== undefined && args.command !== 'serve')
    throw new UsageError('--port goes with serve');
}

const isHttpUrl = (word: string) => /^https?:\/\//i.test(word);

async function selectServers(
  args: ParsedArgs,
  target: string[],
): Promise<{ servers: ServerConfig[]; builtInIndex?: number }> {
  const url = args.url ?? (target[0] !== undefined && isHttpUrl(target[0]) ? target[0] : undefined);
  if (url !== undefined && args.url === undefined && target.length > 1)
    throw new UsageError(`a URL names the server alone; got ${JSON.stringify(target[1])} after it`);
  const stdio =
    args.stdio ??
    (target.length > 0 && url === undefined
      ? { command: target[0] as string, args: target.slice(1) }
      : undefined);
  const headers = Object.keys(args.headers).length > 0 ? args.headers : undefined;
  const env = Object.keys(args.env).length > 0 ? args.env : undefined;
  // Every flag must go with the selection it names: never one ignored.
  if (env && !stdio)
    throw new UsageError(
      '-e goes with a stdio server ("-- COMMAND" or a command after the command name)',
    );
  if (headers && stdio) throw new UsageError('--header goes with an HTTP server, not a stdio one');
  if (args.transport === 'stdio' && url !== undefined)
    throw new UsageError('--transport stdio, but the server is a URL');
  if ((args.transport === 'http' || args.transport === 'sse') && stdio)
    throw new UsageError(`--transport ${args.transport}, but the server is a command`);
  if (
    (args.sse || args.transport !== undefined) &&
    url === undefined &&
    !(args.transport === 'stdio' && stdio)
  )
    throw new UsageError(
      `${args.sse ? '--sse' : `--transport ${args.transport}`} goes with the server it names (a URL${args.transport === 'stdio' ? ' or a command' : ''}), not ${args.config !== undefined ? 'a config file' : stdio ? 'a command' : 'the demo server'}`,
    );
  if (args.config !== undefined) {
    const servers = await serversFromConfig(args, thisMachine());
    if (!headers) return { servers };
    // --header with a config: added to each of its HTTP servers.
    const http = servers.filter((server) => server.transport.kind !== 'stdio');
    if (http.length === 0)
      throw new UsageError('--header goes with an HTTP server, and the config names none');
    return {
      servers: servers.map((server) =>
        server.transport.kind === 'stdio'
          ? server
          : {
              ...server,
              transport: {
                ...server.transport,
                headers: { ...server.transport.headers, ...headers },
              },
            },
      ),
    };
  }
  if (url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new UsageError('--url is not a URL');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new UsageError(`--url must be http:// or https://, not ${parsed.protocol}`);
    // Never shown again, never sent where fetch would refuse it: credentials go in a header.
    if (parsed.username || parsed.password)
      throw new UsageError(
        'the URL carries a user name or password: give them as --header "Authorization: …" instead',
      );
    if (args.sse && args.transport === 'http')
      throw new UsageError('--sse and --transport http say two things: choose one');
    const sse = args.sse || args.transport === 'sse';
    return {
      servers: [
        {
          name: new URL(url).host || url,
          transport: { kind: sse ? 'sse' : 'http', url, ...(headers && { headers }) },
        },
      ],
    };
  }
  if (stdio)
    return {
      servers: [
        {
          name: deriveServerName(stdio.command, stdio.args),
          transport: {
            kind: 'stdio',
            command: stdio.command,
            args: stdio.args,
            ...(env && { env }),
          },
        },
      ],
    };
  if (headers)
    throw new UsageError('--header goes with an HTTP server (--url, a URL, or --config)');
  if (args.transport !== undefined)
    throw new UsageError(`--transport ${args.transport} goes with a server; none was named`);
  const script = builtFile('demo-server.mjs');
  if (!existsSync(script))
    throw new UsageError('the built-in demo server is not built; run "npm run build"');
  return { servers: [demoServerConfig({ execPath: process.execPath, script })], builtInIndex: 0 };
}

async function run(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (args.help || args.command === undefined) {
    process.stdout.write(USAGE);
    return args.help ? 0 : 64;
  }
  if (
    ![
      'list',
      'read',
      'serve',
      'assemble',
      'watch',
      'check',
      'capture',
      'diff',
      'configs',
      'login',
      'logout',
    ].includes(args.command)
  )
    throw new UsageError(`unknown command "${args.command}"`);
  if (args.output !== undefined && args.command !== 'capture')
    throw new UsageError('-o goes with capture');
  if (args.from !== undefined && args.command !== 'assemble' && args.command !== 'serve')
    throw new UsageError('--from goes with assemble and serve');
  refuseOptionsOfOtherCommands(args);
  // A sign-in says its steps on stderr, writes no trace, waits for the browser by a limit of its
  // own, and talks OAuth to the server's URL whatever its transport, with no headers of the user's:
  // these would be ignored, so they are refused.
  if (args.command === 'login' || args.command === 'logout') {
    for (const [flag, set] of [
      ['--json', args.json],
      ['--trace', args.trace !== undefined],
      ['--timeout', args.timeoutMs !== undefined],
      ['--header', Object.keys(args.headers).length > 0],
      ['--sse', args.sse || args.transport === 'sse'],
    ] as const) {
      if (set) throw new UsageError(`${flag} does not go with ${args.command}`);
    }
  }
  if (args.command === 'configs') {
    if (selectsAServer(args) || args.positionals.length > 0 || args.server !== undefined)
      throw new UsageError(
        'configs takes no server and no file: it lists what it finds (give --json for every place it looks)',
      );
    const { runConfigs } = await import('./configs-command');
    return runConfigs(args, thisMachine());
  }
  if (args.command === 'diff') {
    const { runDiff } = await import('./diff-command');
    return runDiff(args);
  }
  if (args.junit !== undefined && args.command !== 'check')
    throw new UsageError('--junit goes with check');
  if (args.protocol !== undefined && args.command !== 'check')
    throw new UsageError('--protocol goes with check');
  if (args.subscribes.length > 0 && args.command !== 'watch')
    throw new UsageError('--subscribe goes with watch');
  // A command line's server, as the Inspector names it: taken before anything else reads the
  // positionals.
  const target = takeTarget(args);
  if (
    args.command === 'read' &&
    args.positionals[0] !== undefined &&
    !/^[a-z][a-z0-9+.-]*:/i.test(args.positionals[0])
  )
    throw new UsageError(
      `read takes a resource's URI first (scheme:…), then the server; got ${JSON.stringify(args.positionals[0].slice(0, 80))}`,
    );
  if (args.profile !== undefined && args.command !== 'assemble' && args.command !== 'capture')
    throw new UsageError('--profile goes with assemble and capture');
  if (args.from !== undefined) {
    if (selectsAServer(args) || target.length > 0 || args.profile !== undefined)
      throw new UsageError(
        "--from replays the capture's own servers and curation: it takes no server selection and no --profile",
      );
    if (args.trace !== undefined)
      throw new UsageError('--trace does not go with --from: a replay talks to no server');
    const capture = await readCaptureFile(args.from, '--from');
    // Browser mode counts off the main thread; a replay keeps no session (it is read-only).
    const app = args.command === 'serve' ? appHostOptions() : undefined;
    const host = createHost({
      replay: capture,
      ...(app && {
        countTokens: app.options.countTokens,
        preferencesFile: app.options.preferencesFile,
      }),
    });
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
  const captureFile =
    args.command === 'capture'
      ? (await import('./capture-command')).checkCaptureOutput(args.output)
      : undefined;
  // assemble-command is loaded only for assemble: it brings the tokenizer (see scripts/build.mjs).
  const profile =
    args.profile !== undefined
      ? await (await import('./assemble-command')).readProfileFile(args.profile)
      : undefined;
  const chosen =
    args.config !== undefined ||
    args.url !== undefined ||
    args.stdio !== undefined ||
    target.length > 0;
  // A profile brings its servers, unless the command line chose others or it names none.
  const fromProfile = profile !== undefined && !chosen && profile.servers.length > 0;
  if (fromProfile && selectsAServer(args))
    throw new UsageError(
      '-e, --header and --transport go with a server named on the command line; the profile brings its own',
    );
  const selection = fromProfile ? { servers: profile.servers } : await selectServers(args, target);
  for (const [flag, set] of [
    ['--client-credentials', args.clientCredentials],
    ['--no-browser', args.noBrowser],
    ['--client-id', args.clientId !== undefined],
    ['--client-secret', args.clientSecret !== undefined],
    ['--scope', args.scope !== undefined],
    ['--client-metadata-url', args.clientMetadataUrl !== undefined],
  ] as const) {
    if (set && args.command !== 'login') throw new UsageError(`${flag} goes with login`);
  }
  if (args.clientSecret !== undefined && args.clientId === undefined)
    throw new UsageError('--client-secret goes with --client-id');
  if (
    args.clientMetadataUrl !== undefined &&
    (args.clientId !== undefined || args.clientCredentials)
  )
    throw new UsageError(
      '--client-metadata-url is the client id itself: it does not go with --client-id or --client-credentials',
    );
  if (args.clientCredentials && args.clientId === undefined)
    throw new UsageError(
      '--client-credentials needs --client-id (and its secret: --client-secret, $MCP_CONTEXT_CLIENT_SECRET, or asked on the terminal)',
    );
  if (args.clientCredentials && args.noBrowser)
    throw new UsageError('--no-browser does not go with --client-credentials: no browser is used');
  if (args.command === 'login' || args.command === 'logout') {
    if (selection.builtInIndex !== undefined)
      throw new UsageError(
        `${args.command} takes the remote server to sign in to: a URL, or --config FILE --server NAME`,
      );
    const { runLogin, runLogout } = await import('./login-command');
    return args.command === 'login'
      ? runLogin(selection.servers, args)
      : runLogout(selection.servers);
  }
  // Browser mode keeps the working session and counts off the main thread, as the desktop app does.
  const app = args.command === 'serve' ? appHostOptions() : undefined;
  // check opens connections of its own, one server at a time: no host.
  if (args.command === 'check') {
    if (args.trace !== undefined)
      throw new UsageError(
        '--trace does not go with check yet: check opens connections of its own',
      );
    const { runCheck } = await import('./check-command');
    return runCheck(selection.servers, args);
  }
  // Opened before any server starts: a file that cannot be written is a one-line error, not a lost
  // trace.
  const traceFile = args.trace !== undefined ? openTraceFile(args.trace) : undefined;
  // watch runs until interrupted, so it reconnects by itself as the apps do.
  // Browser mode offers Import from…: the clients' config files of this machine.
  const configFiles =
    args.command === 'serve'
      ? (await import('../config/config-files')).machineConfigFiles(thisMachine())
      : undefined;
  // A remote server signed in to (mcp-context login) is reached with its kept tokens.
  const signIns = createOAuthStore(defaultOAuthFile());
  // Browser mode signs in through a tab its page opens, back to its own origin.
  const signInRoutes =
    args.command === 'serve'
      ? (await import('../web/sign-in-routes')).createWebSignInRoutes()
      : undefined;
  const host: Host = createHost({
    ...selection,
    requestTimeoutMs: args.timeoutMs ?? 30_000,
    ...app?.options,
    signIns,
    ...(signInRoutes && { signInReturn: signInRoutes, signInHow: appSignIn }),
    ...(configFiles && { configFiles }),
    ...(args.command === 'watch' && { reconnect: {} }),
  });
  traceFile?.follow(host.trace);
  // --verbose: what the servers write to stderr, as it comes (their own words on why they fail).
  if (args.verbose) passStderrThrough(host);
  // A listing that takes more than a second shows its progress on a terminal (not for serve or
  // watch, which say more).
  const stopProgress =
    args.command === 'serve' || args.command === 'watch' ? () => {} : showListingProgress(host);
  // watch and serve end at a signal by themselves; the others end there too, with their servers.
  const stopSignals =
    args.command === 'serve' || args.command === 'watch'
      ? () => {}
      : endOnSignal(async () => {
          stopProgress();
          await host.close();
          await app?.close();
          traceFile?.close();
        });
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
        return await runServe(host, args, builtFile('renderer'), signInRoutes);
    }
  } finally {
    stopProgress();
    await host.close();
    await app?.close();
    // Only now: a Ctrl+C while the servers are ended (2 s for one that ignores its stdin) still
    // ends them, not the command alone.
    stopSignals();
    traceFile?.close();
  }
}

function oneLine(error: unknown): string {
  if (
    error instanceof HostError ||
    error instanceof ConfigError ||
    error instanceof UsageError ||
    error instanceof CaptureFileError
  )
    return error.message;
  return error instanceof Error ? error.message : String(error);
}

// The SDK warns on the console, sometimes quoting a server's words: one line of ours, shown safely.
console.warn = (...parts: unknown[]) => {
  process.stderr.write(
    `mcp-context: warning: ${terminalSafe(
      parts
        .map(String)
        .join(' ')
        .replace(/^\[mcp-sdk\]\s*/, ''),
    )}\n`,
  );
};

// A reader that stops early (`| head`) is not an error of ours: end quietly, as other tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const argv = process.argv.slice(2);
const verbose = argv.includes('--verbose');
try {
  process.exitCode = await run(argv);
} catch (error) {
  // Error text can quote a server's words or a file's bytes: shown, never acted on.
  process.stderr.write(`mcp-context: ${terminalSafe(oneLine(error))}\n`);
  if (error instanceof UsageError) process.stderr.write('Run "mcp-context --help" for usage.\n');
  if (verbose && error instanceof Error && error.stack)
    process.stderr.write(`${error.stack.split('\n').map(terminalSafe).join('\n')}\n`);
  process.exitCode = error instanceof UsageError ? 64 : error instanceof CaptureFileError ? 2 : 1;
}
