/**
 * `mcp-context login` and `logout`: signing in to a remote server with OAuth (the authorization
 * URL printed, and opened in a browser where there is one; the browser comes back to a loopback
 * redirect), and forgetting it, its tokens revoked where the authorization server allows.
 * Every other command then reaches the server with the kept tokens.
 */
import { spawn } from 'node:child_process';
import type { ServerConfig } from '../../shared/mcp-types';
import { createOAuthStore, defaultOAuthFile } from '../host/auth/oauth-store';
import { AUTH_STEP_TITLES } from '../../shared/auth-steps';
import type { StepReport } from '../host/auth/oauth-discovery';
import { signIn } from '../host/auth/oauth-sign-in';
import { signInMachine } from '../host/auth/oauth-sign-in-machine';
import { signOut } from '../host/auth/oauth-sign-out';
import { UsageError, type ParsedArgs } from './args';
import { terminalSafe } from './terminal';
import { askLine, canAsk } from './prompt';

/** The one remote server the selection names. */
function remoteUrl(servers: readonly ServerConfig[], command: string): string {
  const remote = servers.filter((server) => server.transport.kind !== 'stdio');
  if (remote.length !== 1 || servers.length !== 1)
    throw new UsageError(
      `${command} takes one remote server: a URL, or --config FILE --server NAME naming an HTTP server`,
    );
  return (remote[0]?.transport as { url: string }).url;
}

/**
 * Opens a URL in the user's browser where this machine has one to show: the user asked to sign in.
 */
function openBrowser(url: URL): void {
  // Only a web address: an authorization server naming another scheme would have the system start
  // something else.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return;
  const hasDisplay =
    process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  if (!hasDisplay) return;
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url.href]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url.href]]
        : ['xdg-open', [url.href]];
  const child = spawn(command as string, args as string[], { stdio: 'ignore', detached: true });
  child.on('error', () => {});
  child.unref();
}

/**
 * Each step of the sign-in as it ends, as the Auth panel shows it (its words are the authorization
 * server's too: terminal-safe).
 */
const printStep: StepReport = (kind, state, detail) => {
  if (state !== 'running')
    process.stderr.write(
      `  ${state === 'done' ? '✓' : '✗'} ${AUTH_STEP_TITLES[kind]}: ${terminalSafe(detail)}\n`,
    );
};

export async function runLogin(
  servers: readonly ServerConfig[],
  args: ParsedArgs,
): Promise<number> {
  const url = remoteUrl(servers, 'login');
  const store = createOAuthStore(defaultOAuthFile());
  const host = new URL(url).host;
  // A secret on the command line shows in the process list and the shell's history: the environment
  // or the terminal keep it out of both.
  const secret =
    args.clientSecret ??
    process.env.MCP_CONTEXT_CLIENT_SECRET ??
    (args.clientCredentials && canAsk()
      ? await askLine(`Client secret of ${args.clientId}: `, true)
      : undefined);
  if (args.clientCredentials) {
    if (!secret)
      throw new UsageError(
        '--client-credentials needs the client secret: --client-secret, $MCP_CONTEXT_CLIENT_SECRET, or a terminal to type it on',
      );
    const machine = await signInMachine(
      url,
      store,
      { id: args.clientId as string, secret },
      { ...(args.scope !== undefined && { scope: args.scope }), onStep: printStep },
    );
    process.stderr.write(
      `Signed in to ${terminalSafe(host)} as the machine client ${terminalSafe(args.clientId as string)}${machine.tokens?.scope ? ` (scopes: ${terminalSafe(machine.tokens.scope)})` : ''}; new tokens are asked for with its secret. Kept in ${terminalSafe(store.file)}.\n`,
    );
    return 0;
  }
  await signIn(url, store, {
    show: (at) =>
      process.stderr.write(
        `Sign in to ${terminalSafe(host)} in your browser:\n  ${terminalSafe(at.href)}\nWaiting for the browser to come back (Ctrl+C to give up)…\n`,
      ),
    ...(!args.noBrowser && { open: openBrowser }),
    ...(args.clientId !== undefined && {
      client: { id: args.clientId, ...(secret !== undefined && { secret }) },
    }),
    giveClient: 'give it with --client-id ID (and --client-secret)',
    onStep: printStep,
    ...(args.clientMetadataUrl !== undefined && { clientMetadataUrl: args.clientMetadataUrl }),
    ...(args.scope !== undefined && { scope: args.scope }),
  });
  // The scopes and the token's life were said by the Tokens step.
  process.stderr.write(
    `Signed in to ${terminalSafe(host)}. Kept in ${terminalSafe(store.file)}.\n`,
  );
  return 0;
}

export async function runLogout(servers: readonly ServerConfig[]): Promise<number> {
  const url = remoteUrl(servers, 'logout');
  const { had, revoked } = await signOut(url, createOAuthStore(defaultOAuthFile()));
  const host = terminalSafe(new URL(url).host);
  process.stderr.write(
    had
      ? `Signed out of ${host}: the sign-in is forgotten; its tokens ${terminalSafe(revoked)}.\n`
      : `No sign-in was kept for ${host}.\n`,
  );
  return 0;
}
