import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from './window';

describe('mainWindowOptions', () => {
  const options = mainWindowOptions('/app/out/electron/preload.cjs', {
    shouldUseDarkColors: false,
  });

  it('gives the page no Node, no Electron and no way out of the sandbox', () => {
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
  });

  it('loads our preload, so the page gets window.api', () => {
    expect(options.webPreferences?.preload).toBe('/app/out/electron/preload.cjs');
  });

  it('stays hidden until painted, on a background that follows the OS theme', () => {
    expect(options.show).toBe(false);
    const dark = mainWindowOptions('/p.cjs', { shouldUseDarkColors: true });
    expect(dark.backgroundColor).not.toBe(options.backgroundColor);
  });

  it('cannot be shrunk below a usable size', () => {
    expect(options.minWidth).toBeGreaterThanOrEqual(640);
    expect(options.minHeight).toBeGreaterThanOrEqual(400);
  });
});
