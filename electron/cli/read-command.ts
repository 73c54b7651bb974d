/** `mcp-context read URI`: the contents of one resource. */
import { HostError } from '../../shared/host-error';
import type { Host } from '../host/host';
import { UsageError, type ParsedArgs } from './args';
import { forStdout, terminalJson, terminalSafe } from './terminal';
import { whyDown } from './server-lines';

/** Prints the contents; exit status 2 for an unknown resource. */
export async function runRead(host: Host, args: ParsedArgs): Promise<number> {
  const [uri, ...extra] = args.positionals;
  if (uri === undefined) throw new UsageError('read needs the URI of a resource');
  if (extra.length > 0) throw new UsageError(`read takes one URI, got ${args.positionals.length}`);
  await host.ready;
  const { servers } = await host.getSnapshot();
  if (servers.length > 1)
    throw new UsageError(`the config has ${servers.length} servers; choose one with --server NAME`);
  const server = servers[0];
  if (!server) throw new UsageError('no server selected');
  if (server.status !== 'connected')
    throw new HostError('disconnected', `${server.name}: ${whyDown(server)}`);
  try {
    const result = await host.readResource(server.id, uri);
    for (const warning of result.warnings)
      process.stderr.write(`warning: ${terminalSafe(warning)}\n`);
    if (args.json) {
      process.stdout.write(
        `${terminalJson({ uri, contents: result.contents, warnings: result.warnings }, 2)}\n`,
      );
      return 0;
    }
    for (const item of result.contents) {
      if (result.contents.length > 1)
        process.stdout.write(
          `--- ${terminalSafe(item.uri)}${item.mimeType ? ` (${terminalSafe(item.mimeType)})` : ''}\n`,
        );
      // The text as the server sent it when piped; on a terminal, its controls shown, not acted on.
      // Piped, one text exactly as sent; a newline is added only between items, or for a terminal's
      // sake.
      const exact = !process.stdout.isTTY && result.contents.length === 1;
      if (item.text !== undefined)
        process.stdout.write(
          exact ? item.text : forStdout(item.text.endsWith('\n') ? item.text : `${item.text}\n`),
        );
      else
        process.stdout.write(
          `[binary ${terminalSafe(item.mimeType ?? 'content')}, ${item.size.toLocaleString('en-US')} bytes; use --json for base64]\n`,
        );
    }
    return 0;
  } catch (error) {
    if (error instanceof HostError && error.code === 'unknown-resource') {
      process.stderr.write(`mcp-context: ${terminalSafe(error.message)}\n`);
      return 2;
    }
    throw error;
  }
}
