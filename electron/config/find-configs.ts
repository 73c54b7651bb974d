/** The config files of every MCP client found on this machine, each read as its client reads it. */
import { access } from 'node:fs/promises';
import { ConfigError } from '../../shared/config/config-file';
import { summarizeConfig, type FoundConfig } from '../../shared/config/found-config';
import { configLocations } from './config-locations';
import { readConfigFile, type ConfigMachine } from './load-config';

/**
 * Every location that holds a file, in the order of {@link configLocations}; a file that cannot be
 * read says why.
 */
export async function findConfigs(machine: ConfigMachine): Promise<FoundConfig[]> {
  const found: FoundConfig[] = [];
  for (const location of configLocations(machine)) {
    try {
      await access(location.path);
    } catch (error) {
      // Absent is the usual case; a file there that cannot be read is told.
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error as NodeJS.ErrnoException).code === 'ENOTDIR'
      )
        continue;
    }
    try {
      found.push(
        summarizeConfig(
          await readConfigFile(location.path, machine),
          location.path,
          location.scope,
        ),
      );
    } catch (error) {
      const message =
        error instanceof ConfigError
          ? error.message.replace(`${location.path}: `, '')
          : String(error);
      found.push({
        client: location.client,
        scope: location.scope,
        path: location.path,
        error: message,
        warnings: [],
        servers: [],
      });
    }
  }
  return found;
}
