import type { BrowserWindowConstructorOptions, NativeTheme } from 'electron';

/** Dark and light window backgrounds, painted before the renderer's first frame. */
const BACKGROUND = { dark: '#1e1e1e', light: '#ffffff' } as const;

/** The background that matches the OS theme, so the window does not flash white in dark mode. */
export function windowBackground(theme: Pick<NativeTheme, 'shouldUseDarkColors'>): string {
  return theme.shouldUseDarkColors ? BACKGROUND.dark : BACKGROUND.light;
}

/**
 * The main window's options. The renderer shows untrusted server data (resource names,
 * text, icons), so it gets no Node, no Electron and nothing but the preload's `window.api`.
 */
export function mainWindowOptions(
  preloadPath: string,
  theme: Pick<NativeTheme, 'shouldUseDarkColors'>,
): BrowserWindowConstructorOptions {
  return {
    title: 'MCP Context Inspector',
    width: 1280,
    height: 820,
    minWidth: 760,
    minHeight: 480,
    // Shown on 'ready-to-show' so the user never sees an empty frame.
    show: false,
    backgroundColor: windowBackground(theme),
    webPreferences: {
      preload: preloadPath,
      // The preload's world stays separate from the page's, so page script cannot reach
      // ipcRenderer.
      contextIsolation: true,
      // The renderer process runs in Chromium's OS sandbox: a renderer exploit gets no file system.
      sandbox: true,
      // No require() or process in the page: XSS must not become code execution.
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      // No <webview>: it would be a second, less-guarded browser inside ours.
      webviewTag: false,
      // Same-origin policy stays on: page script cannot read other origins.
      webSecurity: true,
      // No http:// subresources in our file:// page (mixed content).
      allowRunningInsecureContent: false,
    },
  };
}
