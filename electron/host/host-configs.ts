/**
 * Import from…: the clients' config files a host may read, and the servers a user adds from
 * one. A path is read only if it is one the host found itself; a picked file comes as its
 * text. Every server asked for is checked before any is added, so an import adds all or none.
 */
import { ConfigError, unknownInput, usableEntry } from '../../shared/config/config-file';
import { summarizeConfig, type FoundConfig } from '../../shared/config/found-config';
import type { ConfigSource, HostApi } from '../../shared/host-api';
import { HostError } from '../../shared/host-error';
import type { ServerConfig, ServerId } from '../../shared/mcp-types';
import type { ConfigFiles } from './host-types';

type ConfigCalls = Pick<HostApi, 'findConfigs' | 'readConfig' | 'importServers'>;

export function createHostConfigs(
  files: ConfigFiles | undefined,
  add: (config: ServerConfig) => Promise<ServerId>,
  readOnly: () => void,
): ConfigCalls {
  const available = (): ConfigFiles => {
    if (!files)
      throw new HostError(
        'not-supported',
        'this window cannot import config files (a capture is read-only)',
      );
    return files;
  };
  /** The found file a path names; no other path is read. */
  const foundAt = async (path: string): Promise<FoundConfig> => {
    const found = (await available().find()).find((file) => file.path === path);
    if (!found)
      throw new HostError(
        'invalid-input',
        'that file is not one of the config files found here; pick it with "Choose a file…" instead',
      );
    return found;
  };
  const read = async (source: ConfigSource, inputs: Readonly<Record<string, string>>) => {
    try {
      return await available().read(source, inputs);
    } catch (error) {
      throw error instanceof ConfigError ? new HostError('invalid-input', error.message) : error;
    }
  };

  return {
    async findConfigs() {
      return available().find();
    },

    async readConfig(source) {
      if ('path' in source) return foundAt(source.path);
      return summarizeConfig(await read(source, {}), source.name, 'picked');
    },

    async importServers(items) {
      readOnly();
      const configs: ServerConfig[] = [];
      // Every file read and every server checked first: all are added, or none.
      for (const { source, names, inputs } of items) {
        if ('path' in source) await foundAt(source.path);
        const file = await read(source, inputs);
        const stray = unknownInput(file, inputs);
        if (stray !== undefined)
          throw new HostError('invalid-input', `the file asks for no input "${stray}"`);
        for (const name of names) {
          try {
            configs.push(usableEntry(file, name));
          } catch (error) {
            throw error instanceof ConfigError
              ? new HostError('invalid-input', error.message)
              : error;
          }
        }
      }
      // Started together: one slow handshake holds up none of the others.
      return Promise.all(configs.map((config) => add(config)));
    },
  };
}
