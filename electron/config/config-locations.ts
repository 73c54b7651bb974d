/**
 * Where each MCP client keeps its config files, on Linux, macOS and Windows, as the clients
 * document them: the project's own files first (the folder the user works in), then the
 * user's, then an administrator's. Paths only; nothing here reads a file.
 */
import { posix, win32 } from 'node:path';
import type { ConfigClient } from '../../shared/config/config-file';
import type { ConfigScope } from '../../shared/config/found-config';

export interface ConfigLocation {
  client: ConfigClient;
  scope: Exclude<ConfigScope, 'picked'>;
  path: string;
}

export interface LocationContext {
  platform: NodeJS.Platform;
  home: string;
  /** The folder the user works in: the project's files are looked for here. */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * VS Code's builds and forks whose user folder holds an mcp.json, and where Cline's settings sit.
 */
const VS_CODE_FOLDERS = ['Code', 'Code - Insiders', 'VSCodium'];
const CLINE_HOSTS = ['Code', 'Code - Insiders', 'VSCodium', 'Cursor', 'Windsurf'];
const CLINE_SETTINGS = [
  'globalStorage',
  'saoudrizwan.claude-dev',
  'settings',
  'cline_mcp_settings.json',
];

/**
 * The folder where apps keep their settings: %APPDATA%, ~/Library/Application Support, or
 * $XDG_CONFIG_HOME (~/.config).
 */
function appDataOf({ platform, home, env }: LocationContext): string {
  if (platform === 'win32') return env.APPDATA || win32.join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME || posix.join(home, '.config');
}

function managedClaudeCode({ platform, env }: LocationContext): string {
  if (platform === 'win32')
    return win32.join(env.ProgramFiles || 'C:\\Program Files', 'ClaudeCode', 'managed-mcp.json');
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-mcp.json';
  return '/etc/claude-code/managed-mcp.json';
}

/** Cline 4's one settings file, shared by its editors and CLI, and the variables that move it. */
function clineSettings({ home, env }: LocationContext, path: typeof posix): string {
  if (env.CLINE_MCP_SETTINGS_PATH) return env.CLINE_MCP_SETTINGS_PATH;
  const data = env.CLINE_DATA_DIR || path.join(env.CLINE_DIR || path.join(home, '.cline'), 'data');
  return path.join(data, 'settings', 'cline_mcp_settings.json');
}

/** Every place a config file may be, in the order they are shown. */
export function configLocations(context: LocationContext): ConfigLocation[] {
  const path = context.platform === 'win32' ? win32 : posix;
  const { home, cwd } = context;
  const appData = appDataOf(context);
  const claudeHome = context.env.CLAUDE_CONFIG_DIR || home;
  const locations: ConfigLocation[] = [
    { client: 'Claude Code', scope: 'project', path: path.join(cwd, '.mcp.json') },
    { client: 'Cursor', scope: 'project', path: path.join(cwd, '.cursor', 'mcp.json') },
    { client: 'VS Code', scope: 'project', path: path.join(cwd, '.vscode', 'mcp.json') },
    {
      client: 'Claude Desktop',
      scope: 'user',
      path: path.join(appData, 'Claude', 'claude_desktop_config.json'),
    },
    { client: 'Claude Code', scope: 'user', path: path.join(claudeHome, '.claude.json') },
    { client: 'Cursor', scope: 'user', path: path.join(home, '.cursor', 'mcp.json') },
    ...VS_CODE_FOLDERS.map((folder): ConfigLocation => ({
      client: 'VS Code',
      scope: 'user',
      path: path.join(appData, folder, 'User', 'mcp.json'),
    })),
    { client: 'Cline', scope: 'user', path: clineSettings(context, path) },
    // Cline before 4.0 kept them in each editor's storage.
    ...CLINE_HOSTS.map((folder): ConfigLocation => ({
      client: 'Cline',
      scope: 'user',
      path: path.join(appData, folder, 'User', ...CLINE_SETTINGS),
    })),
    {
      client: 'Windsurf',
      scope: 'user',
      path: path.join(home, '.codeium', 'windsurf', 'mcp_config.json'),
    },
    { client: 'Claude Code', scope: 'managed', path: managedClaudeCode(context) },
  ];
  // The folder the user works in may be their home: one file is one location.
  const seen = new Set<string>();
  return locations.filter(
    (location) => !seen.has(location.path) && Boolean(seen.add(location.path)),
  );
}

/**
 * The workspace a file's `${workspaceFolder}` names: the project above a `.vscode/` or `.cursor/`
 * folder, the folder of a `.mcp.json`, the folder the user works in for a user's or
 * administrator's file (as the client would, with that project open), and for any other file
 * its own folder.
 */
/**
 * The known location `file` is, if any: on Windows paths are compared without case, as the file
 * system does.
 */
export function locationAt(
  file: string,
  locations: readonly ConfigLocation[],
): ConfigLocation | undefined {
  const windows = /^[A-Za-z]:[\\/]|^\\\\/.test(file);
  const same = (a: string) => (windows ? a.toLowerCase() === file.toLowerCase() : a === file);
  return locations.find((location) => same(location.path));
}

export function workspaceFolderOf(
  file: string,
  locations: readonly ConfigLocation[],
  cwd: string,
): string {
  const known = locationAt(file, locations);
  if (known && known.scope !== 'project') return cwd;
  const path = /^[A-Za-z]:[\\/]|^\\\\/.test(file) ? win32 : posix;
  const folder = path.dirname(file);
  const name = path.basename(folder);
  if ((name === '.vscode' || name === '.cursor') && path.dirname(folder) !== folder)
    return path.dirname(folder);
  return folder;
}

/**
 * A project's own file (`.mcp.json`, `.vscode/mcp.json`, `.cursor/mcp.json`, not the user's): its
 * stdio servers run in the project, as their clients run them.
 */
export function isProjectFile(file: string, locations: readonly ConfigLocation[]): boolean {
  const known = locationAt(file, locations);
  if (known) return known.scope === 'project';
  return /(^|[\\/])(\.mcp\.json|\.vscode[\\/]mcp\.json|\.cursor[\\/]mcp\.json)$/.test(file);
}
