import { describe, expect, it } from 'vitest';
import { parseShellArgs } from './shell-args';

describe('parseShellArgs', () => {
  it('opens the demo when no config is given, ignoring Electron and Chromium switches', () => {
    expect(parseShellArgs(['/usr/bin/electron', 'out/electron/main.mjs', '--no-sandbox'])).toEqual({});
  });

  it('reads --config and --server in both spellings', () => {
    expect(parseShellArgs(['app', '--config', 'mcp.json', '--server', 'files'])).toEqual({ configFile: 'mcp.json', serverName: 'files' });
    expect(parseShellArgs(['app', '--config=mcp.json'])).toEqual({ configFile: 'mcp.json' });
  });

  it('tells the user when a flag is missing its value', () => {
    expect(() => parseShellArgs(['app', '--config'])).toThrow('--config needs a value');
    expect(() => parseShellArgs(['app', '--config', '--server', 'x'])).toThrow('--config needs a value');
    expect(() => parseShellArgs(['app', '--server', 'files'])).toThrow('--server needs --config');
  });
});
