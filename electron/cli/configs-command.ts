/**
 * `mcp-context configs`: the MCP config files of the clients on this machine, found where each
 * client keeps them, with their servers as each client would read them. Nothing is started.
 */
import type { FoundConfig, FoundServer } from '../../shared/config/found-config';
import { plural } from '../../shared/plural';
import { findConfigs } from '../config/find-configs';
import { configLocations } from '../config/config-locations';
import type { ConfigMachine } from '../config/load-config';
import type { ParsedArgs } from './args';
import { terminalJson, terminalSafe } from './terminal';

function serverLine(server: FoundServer, width: number): string {
  const name = terminalSafe(server.name).padEnd(width);
  if (server.error) return `  ${name}  cannot be used: ${terminalSafe(server.error)}`;
  const notes = [
    server.disabled ? 'disabled' : '',
    server.scope === 'local' ? 'this project only' : '',
    server.needs.length > 0
      ? `asks for ${server.needs.map((input) => `${terminalSafe(input.id)}${input.password ? ' (secret)' : ''}`).join(', ')}`
      : '',
    ...server.warnings.map(terminalSafe),
  ].filter(Boolean);
  return `  ${name}  ${(server.kind ?? '').padEnd(5)}  ${terminalSafe(server.shows ?? '')}${notes.length ? `  (${notes.join('; ')})` : ''}`;
}

function fileLines(found: FoundConfig): string[] {
  const head = `${found.client} (${found.scope}): ${terminalSafe(found.path)}`;
  if (found.error) return [head, `  cannot be read: ${terminalSafe(found.error)}`];
  const width = Math.min(
    24,
    Math.max(0, ...found.servers.map((server) => terminalSafe(server.name).length)),
  );
  const servers =
    found.servers.length > 0
      ? found.servers.map((server) => serverLine(server, width))
      : ['  no servers'];
  return [
    head,
    ...servers,
    ...found.warnings.map((warning) => `  warning: ${terminalSafe(warning)}`),
  ];
}

export async function runConfigs(args: ParsedArgs, machine: ConfigMachine): Promise<number> {
  const lookedIn = configLocations(machine);
  const found = await findConfigs(machine);
  if (args.json) {
    process.stdout.write(`${terminalJson({ found, lookedIn }, 2)}\n`);
    return 0;
  }
  if (found.length === 0) {
    process.stdout.write(
      `No MCP config file found. Looked in:\n${lookedIn.map((location) => `  ${location.client} (${location.scope}): ${terminalSafe(location.path)}`).join('\n')}\n`,
    );
    return 0;
  }
  const servers = found.reduce((sum, file) => sum + file.servers.length, 0);
  const lines = found.flatMap((file) => [...fileLines(file), '']);
  lines.push(
    `${plural(found.length, 'file')} with ${plural(servers, 'server')}, of ${plural(lookedIn.length, 'place')} looked in (--json lists them all).`,
  );
  lines.push(
    'Use one with --config FILE [--server NAME], or --config alone to choose on the terminal.',
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
