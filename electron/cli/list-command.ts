/** `mcp-context list`: every resource and template of the selected servers. */
import { withoutServerId } from '../../shared/catalog/resource-key';
import type {
  CatalogSnapshot,
  ResourceEntry,
  ServerSnapshot,
  TemplateEntry,
} from '../../shared/mcp-types';
import type { ParsedArgs } from './args';
import { settledSnapshot } from './settle';
import type { Host } from '../host/host';
import { terminalJson, terminalSafe } from './terminal';
import { whyDown } from './server-lines';

/** The JSON shape of one server in `list --json`. */
function serverJson(server: ServerSnapshot, catalog: CatalogSnapshot | undefined) {
  return {
    name: server.name,
    status: server.status,
    protocolVersion: server.protocolVersion,
    era: server.era,
    serverInfo: server.serverInfo,
    capabilities: server.capabilities,
    catalogStatus: catalog?.status,
    error: server.disconnect?.reason ?? catalog?.error,
    resources: (catalog?.resources ?? []).map(withoutServerId),
    templates: (catalog?.templates ?? []).map(withoutServerId),
    warnings: catalog?.warnings ?? [],
  };
}

/** One resource or template, a line (and its description's), every server string shown safely. */
function describeResource(entry: ResourceEntry | TemplateEntry): string {
  const fields: string[] = [];
  if (entry.title && entry.title !== entry.name)
    fields.push(`title=${terminalSafe(JSON.stringify(entry.title))}`);
  if (entry.mimeType) fields.push(terminalSafe(entry.mimeType));
  if ('size' in entry && entry.size !== undefined)
    fields.push(`${entry.size.toLocaleString('en-US')} B`);
  const a = entry.annotations;
  if (a?.audience) fields.push(`audience=${a.audience.join('+')}`);
  if (a?.priority !== undefined) fields.push(`priority=${a.priority}`);
  if (a?.lastModified) fields.push(`modified=${terminalSafe(a.lastModified)}`);
  const where = terminalSafe('uri' in entry ? entry.uri : entry.uriTemplate);
  const description = entry.description
    ? `\n      ${terminalSafe(entry.description.replace(/\s+/g, ' ').slice(0, 160))}`
    : '';
  return `    ${where}  ${terminalSafe(JSON.stringify(entry.name))}${fields.length ? `  [${fields.join(', ')}]` : ''}${description}`;
}

/**
 * Prints the catalogs; exit status 1 when a server could not be listed (one that offers no resources
 * was: it has none).
 */
export async function runList(host: Host, args: ParsedArgs): Promise<number> {
  const snapshot = await settledSnapshot(host);
  const rows = snapshot.servers.map((server) => ({
    server,
    catalog: snapshot.catalogs.find((c) => c.serverId === server.id),
  }));
  for (const { server, catalog } of rows) {
    // Every server string is shown, never acted on (terminal.ts), piped or not.
    for (const warning of catalog?.warnings ?? [])
      process.stderr.write(
        `warning: ${terminalSafe(server.name)}: ${terminalSafe(warning.message)}\n`,
      );
    if (server.status === 'disconnected')
      process.stderr.write(`error: ${terminalSafe(server.name)}: ${whyDown(server)}\n`);
    else if (catalog?.status === 'unsupported')
      // An answer, not a failure: most servers offer only tools.
      process.stderr.write(
        `note: ${terminalSafe(server.name)} offers no resources: it does not declare the resources capability\n`,
      );
    else if (catalog?.error)
      process.stderr.write(`error: ${terminalSafe(server.name)}: ${terminalSafe(catalog.error)}\n`);
  }
  if (args.json) {
    process.stdout.write(
      `${terminalJson({ servers: rows.map(({ server, catalog }) => serverJson(server, catalog)) }, 2)}\n`,
    );
  } else {
    for (const { server, catalog } of rows) {
      const era = server.protocolVersion
        ? ` (protocol ${server.protocolVersion}, ${server.era})`
        : '';
      const lines = [`${terminalSafe(server.name)}${era}`];
      // A server that went away before its catalog came was not listed: no count, which would read
      // as an empty catalog. Reached first (a protocol version), it was not unreachable.
      if (server.status === 'disconnected' && !catalog?.resources.length) {
        const why = server.protocolVersion
          ? 'the connection was lost before the catalog came'
          : 'it could not be reached';
        process.stdout.write(`${lines[0]}\n  not listed: ${why}\n`);
        continue;
      }
      lines.push(`  resources: ${catalog?.resources.length ?? 0}`);
      for (const entry of catalog?.resources ?? []) lines.push(describeResource(entry));
      lines.push(`  templates: ${catalog?.templates.length ?? 0}`);
      for (const entry of catalog?.templates ?? []) lines.push(describeResource(entry));
      process.stdout.write(`${lines.join('\n')}\n`);
    }
  }
  // An error said is a non-zero status: a server that could not be listed. One that offers no
  // resources was listed: it has none.
  const failed = rows.some(
    ({ server, catalog }) =>
      server.status === 'disconnected' ||
      catalog?.status === 'failed' ||
      (catalog?.error !== undefined && catalog.status !== 'unsupported'),
  );
  return failed ? 1 : 0;
}
