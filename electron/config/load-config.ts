/**
 * Reads a client's config file from disk, as that client would: its variables from this
 * machine (`${userHome}`, the environment, the workspace the file belongs to), its servers'
 * env files, and the inputs given. Parsing lives in shared/config.
 */
import { open, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, resolve, sep } from 'node:path';
import { parseEnv } from 'node:util';
import type { EnvFiles } from '../../shared/config/config-entry';
import type { ServerConfig } from '../../shared/mcp-types';
import {
  ConfigError,
  parseConfigFile,
  serversToConnect,
  type ParsedConfigFile,
} from '../../shared/config/config-file';
import { configLocations, isProjectFile, locationAt, workspaceFolderOf } from './config-locations';

/** Larger than any config; ~/.claude.json keeps history and can run to megabytes. */
const MAX_CONFIG_BYTES = 64 * 1024 * 1024;

export interface ConfigMachine {
  cwd: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
}

export function thisMachine(): ConfigMachine {
  return { cwd: process.cwd(), home: homedir(), env: process.env, platform: process.platform };
}

function readError(path: string, error: unknown): ConfigError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new ConfigError(`config file not found: ${path}`);
  if (code === 'EACCES' || code === 'EPERM')
    return new ConfigError(`${path}: not allowed to read it`);
  if (code === 'EISDIR') return new ConfigError(`${path} is a folder, not a config file`);
  return new ConfigError(`cannot read ${path}: ${(error as Error).message}`);
}

/**
 * A regular file's text, at most {@link MAX_CONFIG_BYTES}: never a device, a pipe or a socket (a
 * `.mcp.json` linked to /dev/zero would never end).
 */
async function readText(path: string): Promise<string> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw Object.assign(new Error('a folder'), { code: 'EISDIR' });
    if (!info.isFile())
      throw new ConfigError(
        `${path} is not a regular file (a device, a pipe or a socket); a config is a file`,
      );
    if (info.size > MAX_CONFIG_BYTES)
      throw new ConfigError(
        `${path} is ${Math.round(info.size / 1024 / 1024)} MB; a config file is far smaller`,
      );
    // Read with a bound too: the file may grow between the look and the read.
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(info.size, MAX_CONFIG_BYTES) + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (bytesRead > MAX_CONFIG_BYTES)
        throw new ConfigError(
          `${path} grew past ${MAX_CONFIG_BYTES / 1024 / 1024} MB while it was read`,
        );
      return buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw error instanceof ConfigError ? error : readError(path, error);
  }
}

async function readEnvFiles(wanted: readonly string[], folder: string): Promise<EnvFiles> {
  const out: Record<string, { values: Record<string, string> } | { error: string }> = {};
  for (const name of new Set(wanted)) {
    const path = isAbsolute(name) ? name : resolve(folder, name);
    try {
      const text = await readText(path);
      out[name] = { values: { ...parseEnv(text) } as Record<string, string> };
    } catch (error) {
      out[name] = {
        error:
          error instanceof Error
            ? error.message.replace(/^config file not found: .*/, 'not found')
            : String(error),
      };
    }
  }
  return out;
}

/**
 * Reads the config text of a file at `path`, or `picked`: a file the user picked in a page, by
 * its text, as if it sat in the folder we run in. A picked file's env files are not read: its
 * real folder is unknown, and a page must not make the host read a path of its choosing.
 * Throws a {@link ConfigError} that names the file.
 */
export async function readConfigFile(
  path: string,
  machine: ConfigMachine,
  inputs: Readonly<Record<string, string>> = {},
  picked?: string,
): Promise<ParsedConfigFile> {
  const text = picked;
  const file = resolve(machine.cwd, path);
  const body = text ?? (await readText(file));
  const locations = configLocations(machine);
  const workspaceFolder = workspaceFolderOf(file, locations, machine.cwd);
  const client = locationAt(file, locations)?.client;
  const context = {
    path: file,
    workspaceFolder,
    userHome: machine.home,
    pathSeparator: sep,
    env: machine.env,
    inputs,
    envFiles: {},
    ...(client && { client }),
    ...(isProjectFile(file, locations) && { defaultCwd: workspaceFolder }),
  };
  try {
    const first = parseConfigFile(body, context);
    const wanted = first.entries.flatMap((entry) =>
      entry.envFile !== undefined ? [entry.envFile] : [],
    );
    if (wanted.length === 0) return first;
    const envFiles =
      picked === undefined
        ? await readEnvFiles(wanted, workspaceFolder)
        : Object.fromEntries(
            wanted.map((name) => [
              name,
              {
                error:
                  'not read for a file picked in the page (its folder is not known here); import the file found, or use --config FILE',
              },
            ]),
          );
    return parseConfigFile(body, { ...context, envFiles });
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(`${file}: ${error.message}`);
    throw error;
  }
}

/**
 * The servers of a file (or just `serverName`), for a face that cannot ask for inputs: one that
 * needs them is an error.
 */
export async function loadServerConfigs(
  path: string,
  serverName: string | undefined,
  machine: ConfigMachine = thisMachine(),
  inputs: Readonly<Record<string, string>> = {},
): Promise<ServerConfig[]> {
  const file = await readConfigFile(path, machine, inputs);
  try {
    return serversToConnect(file, serverName).servers;
  } catch (error) {
    throw error instanceof ConfigError
      ? new ConfigError(`${resolve(machine.cwd, path)}: ${error.message}`)
      : error;
  }
}
