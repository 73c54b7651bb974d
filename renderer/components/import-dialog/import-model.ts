/**
 * What Import from… keeps while it is open: the files found (and one picked), the servers
 * ticked, and the values typed for the inputs those servers ask for. Pure, so it is tested
 * without a page.
 */
import type { ConfigInput } from '../../../shared/config/config-inputs';
import type { FoundConfig, FoundServer } from '../../../shared/config/found-config';
import type { ConfigSource, ImportItem } from '../../../shared/host-api';

/** A file shown in the dialog, and how the host is told which it is. */
export interface ImportFile {
  /** Unique among the dialog's files: the path found, or `picked:` and the file's name. */
  key: string;
  found: FoundConfig;
  source: ConfigSource;
}

export const serverKey = (file: ImportFile, server: FoundServer) =>
  `${file.key}\u0000${server.name}`;
export const inputKey = (file: ImportFile, input: ConfigInput) => `${file.key}\u0000${input.id}`;

/** A server can be ticked when it can be used (disabled in its file is the user's call here). */
export const canImport = (server: FoundServer) => server.error === undefined;

export function foundFiles(found: readonly FoundConfig[]): ImportFile[] {
  return found.map((file) => ({ key: file.path, found: file, source: { path: file.path } }));
}

export function pickedFile(found: FoundConfig, name: string, text: string): ImportFile {
  return { key: `picked:${name}`, found, source: { name, text } };
}

/** The inputs the ticked servers of `file` ask for, each once, in the order first asked. */
export function inputsNeeded(file: ImportFile, ticked: ReadonlySet<string>): ConfigInput[] {
  const out = new Map<string, ConfigInput>();
  for (const server of file.found.servers) {
    if (!ticked.has(serverKey(file, server))) continue;
    for (const input of server.needs) if (!out.has(input.id)) out.set(input.id, input);
  }
  return [...out.values()];
}

/**
 * What to send the host, file by file: the ticked names and the values of their inputs; and the
 * inputs still without a value.
 */
export function importPlan(
  files: readonly ImportFile[],
  ticked: ReadonlySet<string>,
  values: Readonly<Record<string, string>>,
): { items: ImportItem[]; count: number; empty: ConfigInput[] } {
  const items: ImportItem[] = [];
  const empty: ConfigInput[] = [];
  let count = 0;
  for (const file of files) {
    const names = file.found.servers
      .filter((server) => ticked.has(serverKey(file, server)))
      .map((server) => server.name);
    if (names.length === 0) continue;
    const inputs: Record<string, string> = {};
    for (const input of inputsNeeded(file, ticked)) {
      const value = values[inputKey(file, input)] || input.default || input.options?.[0] || '';
      if (value === '') empty.push(input);
      inputs[input.id] = value;
    }
    items.push({ source: file.source, names, inputs });
    count += names.length;
  }
  return { items, count, empty };
}

/** What a server's row says beside its name: disabled, what it asks for, what does not apply. */
export function serverNotes(server: FoundServer): string[] {
  return [
    server.disabled ? 'disabled in this file' : '',
    server.scope === 'local' ? 'this project only' : '',
    server.needs.length > 0
      ? `asks for ${server.needs.map((input) => input.description).join(', ')}`
      : '',
    ...server.warnings,
  ].filter(Boolean);
}
