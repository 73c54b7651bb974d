/** What the desktop app was asked to open, from its command line. */
export interface ShellArgs {
  /** An MCP config file (`--config FILE`); without it the app opens the built-in demo server. */
  configFile?: string;
  /** One server of that file (`--server NAME`); without it, all of them. */
  serverName?: string;
  /** `--input ID=VALUE`: the value of the file's `${input:ID}`. */
  inputs: Record<string, string>;
}

/**
 * Reads `--config FILE` and `--server NAME` (or `--flag=value`) from argv and ignores the
 * rest, since Electron and Chromium put their own switches there too. Throws a one-line
 * Error a user can act on when a flag has no value or `--server` comes without `--config`.
 */
export function parseShellArgs(argv: readonly string[]): ShellArgs {
  const result: ShellArgs = { inputs: {} };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (flag !== '--config' && flag !== '--server' && flag !== '--input') continue;
    const value = inline ?? argv[++index];
    if (!value || (inline === undefined && value.startsWith('--')))
      throw new Error(
        flag === '--config'
          ? '--config needs a file (in the app, Import from… lists the files found)'
          : `${flag} needs a value`,
      );
    if (flag === '--config') result.configFile = value;
    else if (flag === '--server') result.serverName = value;
    else {
      const equals = value.indexOf('=');
      if (equals <= 0) throw new Error('--input must look like ID=VALUE');
      result.inputs[value.slice(0, equals)] = value.slice(equals + 1);
    }
  }
  if (result.serverName !== undefined && result.configFile === undefined)
    throw new Error('--server needs --config FILE');
  if (Object.keys(result.inputs).length > 0 && result.configFile === undefined)
    throw new Error('--input needs --config FILE');
  return result;
}
