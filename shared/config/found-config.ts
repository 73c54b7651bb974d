/**
 * What a face is shown of a config file found on this machine (or picked by the user): its
 * client, where it is, and each server as it can be shown (what it runs or where it connects,
 * with secrets redacted), never an env or header value.
 */
import type { ConfigClient, ParsedConfigFile } from './config-file';
import { inputFor, type ConfigInput } from './config-inputs';

/** Where a file sits: the project's, the user's, an administrator's, or one the user picked. */
export type ConfigScope = 'project' | 'user' | 'managed' | 'picked';

export interface FoundServer {
  name: string;
  kind?: 'stdio' | 'http' | 'sse';
  /** The command line (secrets redacted) or the URL without its query. */
  shows?: string;
  disabled: boolean;
  /** Claude Code's scope inside ~/.claude.json. */
  scope?: 'user' | 'local';
  /** The inputs it asks for that have no value yet. */
  needs: ConfigInput[];
  error?: string;
  warnings: string[];
}

export interface FoundConfig {
  client: ConfigClient;
  scope: ConfigScope;
  path: string;
  /** Why the file cannot be used at all. */
  error?: string;
  warnings: string[];
  servers: FoundServer[];
}

export function summarizeConfig(
  parsed: ParsedConfigFile,
  path: string,
  scope: ConfigScope,
): FoundConfig {
  return {
    client: parsed.client,
    scope,
    path,
    warnings: parsed.warnings,
    servers: parsed.entries.map((entry) => ({
      name: entry.name,
      ...(entry.kind && { kind: entry.kind }),
      ...(entry.shows !== undefined && { shows: entry.shows }),
      disabled: entry.disabled,
      ...(entry.scope && { scope: entry.scope }),
      needs: entry.needs.map((id) => inputFor(parsed.inputs, id)),
      ...(entry.error !== undefined && { error: entry.error }),
      warnings: entry.warnings,
    })),
  };
}
