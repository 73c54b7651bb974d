/** What the desktop app was asked to open, from its command line. */
export interface ShellArgs {
  /** An MCP config file (`--config FILE`); without it the app opens the built-in demo server. */
  configFile?: string;
  /** One server of that file (`--server NAME`); without it, all of them. */
  serverName?: string;
}

/**
 * Reads `--config FILE` and `--server NAME` (or `--flag=value`) from argv and ignores the
 * rest, since Electron and Chromium put their own switches there too. Throws a one-line
 * Error a user can act on when a flag has no value or `--server` comes without `--config`.
 */
export function parseShellArgs(argv: readonly string[]): ShellArgs {
  const result: ShellArgs = {};
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag !== '--config' && flag !== '--server') continue;
    const value = inline ?? argv[++index];
    if (!value || (inline === undefined && value.startsWith('--'))) throw new Error(`${flag} needs a value`);
    if (flag === '--config') result.configFile = value;
    else result.serverName = value;
  }
  if (result.serverName !== undefined && result.configFile === undefined) throw new Error('--server needs --config FILE');
  return result;
}
