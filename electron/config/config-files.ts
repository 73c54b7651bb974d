/** The clients' config files of this machine, as a host is given them (HostOptions.configFiles). */
import { basename } from 'node:path';
import type { ConfigFiles } from '../host/host-types';
import { findConfigs } from './find-configs';
import { readConfigFile, thisMachine, type ConfigMachine } from './load-config';

export function machineConfigFiles(machine: ConfigMachine = thisMachine()): ConfigFiles {
  return {
    find: () => findConfigs(machine),
    read: (source, inputs) =>
      'path' in source
        ? readConfigFile(source.path, machine, inputs)
        : readConfigFile(
            basename(source.name.replace(/\\/g, '/')) || 'picked.json',
            machine,
            inputs,
            source.text,
          ),
  };
}
