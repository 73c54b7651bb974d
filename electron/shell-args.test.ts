import { describe, expect, it } from 'vitest';
import { parseShellArgs } from './shell-args';

describe('parseShellArgs', () => {
  it('opens the demo when no config is given, ignoring Electron and Chromium switches', () => {
    expect(parseShellArgs(['/usr/bin/electron', 'out/electron/main.mjs', '--no-sandbox'])).toEqual({
      inputs: {},
    });
  });

  it('reads --config and --server in both spellings', () => {
    expect(parseShellArgs(['app', '--config', 'mcp.json', '--server', 'files'])).toEqual({
      configFile: 'mcp.json',
      serverName: 'files',
      inputs: {},
    });
    expect(parseShellArgs(['app', '--config=mcp.json'])).toEqual({
      configFile: 'mcp.json',
      inputs: {},
    });
    expect(parseShellArgs(['app', '--config', 'mcp.json', '--input', 'key=v=1'])).toEqual({
      configFile: 'mcp.json',
      inputs: { key: 'v=1' },
    });
    expect(() => parseShellArgs(['app', '--input', 'key=v'])).toThrow(
      '--input needs --config FILE',
    );
    expect(() => parseShellArgs(['app', '--config'])).toThrow('Import from…');
  });

  it('tells the user when a flag is missing its value', () => {
    expect(() => parseShellArgs(['app', '--config'])).toThrow('--config needs a file');
    expect(() => parseShellArgs(['app', '--config', '--server', 'x'])).toThrow(
      '--config needs a file',
    );
    expect(() => parseShellArgs(['app', '--server', 'files'])).toThrow('--server needs --config');
  });
});
