import { describe, expect, it } from 'vitest';
import { configLocations, isProjectFile, workspaceFolderOf } from './config-locations';

const paths = (
  platform: NodeJS.Platform,
  home: string,
  cwd: string,
  env: Record<string, string> = {},
) => configLocations({ platform, home, cwd, env }).map((l) => `${l.client} ${l.scope}: ${l.path}`);

describe('where each client keeps its config', () => {
  it('on macOS', () => {
    expect(paths('darwin', '/Users/ada', '/Users/ada/work')).toEqual([
      'Claude Code project: /Users/ada/work/.mcp.json',
      'Cursor project: /Users/ada/work/.cursor/mcp.json',
      'VS Code project: /Users/ada/work/.vscode/mcp.json',
      'Claude Desktop user: /Users/ada/Library/Application Support/Claude/claude_desktop_config.json',
      'Claude Code user: /Users/ada/.claude.json',
      'Cursor user: /Users/ada/.cursor/mcp.json',
      'VS Code user: /Users/ada/Library/Application Support/Code/User/mcp.json',
      'VS Code user: /Users/ada/Library/Application Support/Code - Insiders/User/mcp.json',
      'VS Code user: /Users/ada/Library/Application Support/VSCodium/User/mcp.json',
      'Cline user: /Users/ada/.cline/data/settings/cline_mcp_settings.json',
      'Cline user: /Users/ada/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
      'Cline user: /Users/ada/Library/Application Support/Code - Insiders/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
      'Cline user: /Users/ada/Library/Application Support/VSCodium/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
      'Cline user: /Users/ada/Library/Application Support/Cursor/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
      'Cline user: /Users/ada/Library/Application Support/Windsurf/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
      'Windsurf user: /Users/ada/.codeium/windsurf/mcp_config.json',
      'Claude Code managed: /Library/Application Support/ClaudeCode/managed-mcp.json',
    ]);
  });

  it('on Windows, under %APPDATA% and %USERPROFILE%', () => {
    const found = paths('win32', 'C:\\Users\\ada', 'D:\\work', {
      APPDATA: 'C:\\Users\\ada\\AppData\\Roaming',
      ProgramFiles: 'C:\\Program Files',
    });
    expect(found).toContain(
      'Claude Desktop user: C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    );
    expect(found).toContain('VS Code user: C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json');
    expect(found).toContain('VS Code project: D:\\work\\.vscode\\mcp.json');
    expect(found).toContain('Cursor user: C:\\Users\\ada\\.cursor\\mcp.json');
    expect(found).toContain('Windsurf user: C:\\Users\\ada\\.codeium\\windsurf\\mcp_config.json');
    expect(found).toContain(
      'Cline user: C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\globalStorage\\saoudrizwan.claude-dev\\settings\\cline_mcp_settings.json',
    );
    expect(found).toContain('Claude Code managed: C:\\Program Files\\ClaudeCode\\managed-mcp.json');
  });

  it('on Linux, following XDG_CONFIG_HOME and the variables that move Claude Code and Cline', () => {
    const found = paths('linux', '/home/ada', '/home/ada', {
      XDG_CONFIG_HOME: '/home/ada/.xdg',
      CLAUDE_CONFIG_DIR: '/home/ada/.claude-alt',
      CLINE_DIR: '/opt/cline',
    });
    expect(found).toContain(
      'Claude Desktop user: /home/ada/.xdg/Claude/claude_desktop_config.json',
    );
    expect(found).toContain('VS Code user: /home/ada/.xdg/Code/User/mcp.json');
    expect(found).toContain('Claude Code user: /home/ada/.claude-alt/.claude.json');
    expect(found).toContain('Cline user: /opt/cline/data/settings/cline_mcp_settings.json');
    expect(found).toContain('Claude Code managed: /etc/claude-code/managed-mcp.json');
    // Working in the home folder, ~/.cursor/mcp.json is one location, not two.
    expect(found.filter((line) => line.endsWith('/home/ada/.cursor/mcp.json'))).toEqual([
      'Cursor project: /home/ada/.cursor/mcp.json',
    ]);
  });
});

describe("a file's workspace", () => {
  const locations = configLocations({
    platform: 'linux',
    home: '/home/ada',
    cwd: '/work/app',
    env: {},
  });
  it('is the project above .vscode/ and .cursor/, the folder of .mcp.json, and where the user works for a user file', () => {
    expect(workspaceFolderOf('/work/other/.vscode/mcp.json', locations, '/work/app')).toBe(
      '/work/other',
    );
    expect(workspaceFolderOf('/work/other/.cursor/mcp.json', locations, '/work/app')).toBe(
      '/work/other',
    );
    expect(workspaceFolderOf('/work/other/.mcp.json', locations, '/work/app')).toBe('/work/other');
    expect(workspaceFolderOf('/home/ada/.cursor/mcp.json', locations, '/work/app')).toBe(
      '/work/app',
    );
    expect(workspaceFolderOf('/home/ada/.claude.json', locations, '/work/app')).toBe('/work/app');
    expect(workspaceFolderOf('/tmp/servers.json', locations, '/work/app')).toBe('/tmp');
    expect(workspaceFolderOf('C:\\work\\p\\.vscode\\mcp.json', [], 'C:\\')).toBe('C:\\work\\p');
  });
  it("only a project's files run their servers in the project", () => {
    expect(isProjectFile('/work/app/.mcp.json', locations)).toBe(true);
    expect(isProjectFile('/work/other/.vscode/mcp.json', locations)).toBe(true);
    expect(isProjectFile('/home/ada/.cursor/mcp.json', locations)).toBe(false);
    expect(isProjectFile('/tmp/servers.json', locations)).toBe(false);
  });
});
