/**
 * `--config`'s servers: a file named, or one of those found on this machine chosen on the
 * terminal; its inputs from `--input id=VALUE`, else asked on the terminal (a secret typed
 * unseen), else a usage line. The values typed are used for this run only: nothing is written.
 */
import type { ServerConfig } from '../../shared/mcp-types';
import {
  ConfigError,
  serversToConnect,
  unknownInput,
  type ParsedConfigFile,
} from '../../shared/config/config-file';
import { inputFor } from '../../shared/config/config-inputs';
import { findConfigs } from '../config/find-configs';
import { readConfigFile, type ConfigMachine } from '../config/load-config';
import { FOUND_CONFIG, UsageError, type ParsedArgs } from './args';
import { askChoice, askLine, canAsk } from './prompt';
import { terminalSafe } from './terminal';

/** The file `--config` alone stands for: chosen on a terminal from those found. */
async function chooseFoundFile(machine: ConfigMachine): Promise<string> {
  const usable = (await findConfigs(machine)).filter(
    (found) => !found.error && found.servers.length > 0,
  );
  if (usable.length === 0)
    throw new UsageError(
      '--config without a file: no client config file was found here ("mcp-context configs" says where it looked); give --config FILE',
    );
  if (!canAsk())
    throw new UsageError(
      `--config without a file asks which of the ${usable.length} found to use, on a terminal; here, give it: --config ${usable[0]?.path}`,
    );
  const labels = usable.map(
    (found) =>
      `${found.client} (${found.scope}): ${found.path} · ${found.servers.map((s) => s.name).join(', ')}`,
  );
  const chosen = await askChoice('Use which config file?', labels);
  return usable[labels.indexOf(chosen)]?.path as string;
}

/** The ids the chosen servers still need, in the order they are asked. */
function neededInputs(file: ParsedConfigFile, only: string | undefined): string[] {
  const entries = file.entries.filter((entry) =>
    only !== undefined ? entry.name === only : !entry.disabled,
  );
  return [...new Set(entries.flatMap((entry) => entry.needs))];
}

async function askInputs(
  ids: readonly string[],
  file: ParsedConfigFile,
  path: string,
): Promise<Record<string, string>> {
  if (!canAsk()) {
    const first = inputFor(file.inputs, ids[0] as string);
    throw new UsageError(
      `${path} asks for ${ids.map((id) => `\${input:${id}}`).join(', ')} (${first.description}): give ${ids.map((id) => `--input ${id}=VALUE`).join(' ')}`,
    );
  }
  const values: Record<string, string> = {};
  for (const id of ids) {
    const input = inputFor(file.inputs, id);
    const question = `${input.description}${input.description === id ? '' : ` (${id})`}`;
    if (input.options) values[id] = await askChoice(question, input.options, input.default);
    else {
      const typed = await askLine(
        `${question}${input.default !== undefined && !input.password ? ` [${input.default}]` : ''}: `,
        input.password,
      );
      values[id] = typed === '' && input.default !== undefined ? input.default : typed;
    }
  }
  return values;
}

/** The servers of the config the command line names, each skipped one said on stderr. */
export async function serversFromConfig(
  args: ParsedArgs,
  machine: ConfigMachine,
): Promise<ServerConfig[]> {
  const path =
    args.config === FOUND_CONFIG ? await chooseFoundFile(machine) : (args.config as string);
  let file = await readConfigFile(path, machine, args.inputs);
  // An --input the file never asks for is a typo or the wrong file: refused, never ignored.
  const unknown = unknownInput(file, args.inputs);
  if (unknown !== undefined)
    throw new UsageError(`--input ${unknown}: ${path} asks for no input of that id`);
  const missing = neededInputs(file, args.server);
  if (missing.length > 0)
    file = await readConfigFile(path, machine, {
      ...args.inputs,
      ...(await askInputs(missing, file, path)),
    });
  try {
    const { servers, skipped } = serversToConnect(file, args.server);
    for (const line of [...file.warnings, ...skipped])
      process.stderr.write(`mcp-context: warning: ${terminalSafe(line)}\n`);
    for (const entry of file.entries) {
      if (!servers.some((server) => server.name === entry.name)) continue;
      for (const warning of entry.warnings)
        process.stderr.write(
          `mcp-context: warning: server "${terminalSafe(entry.name)}": ${terminalSafe(warning)}\n`,
        );
    }
    return servers;
  } catch (error) {
    throw error instanceof ConfigError ? new ConfigError(`${path}: ${error.message}`) : error;
  }
}
