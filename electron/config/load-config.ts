/** Loads a server config file from disk; parsing lives in shared/config. */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { ServerConfig } from '../../shared/mcp-types';
import { ConfigError, parseServerConfig } from '../../shared/config/parse-server-config';

/** Reads `file` and returns its servers (or just `serverName`). Rejects with a {@link ConfigError}. */
export async function loadServerConfigs(file: string, serverName?: string): Promise<ServerConfig[]> {
  const path = resolve(file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(code === 'ENOENT' ? `config file not found: ${path}` : `cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return parseServerConfig(text, { folder: dirname(path), env: process.env }, serverName);
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(`${path}: ${error.message}`);
    throw error;
  }
}
