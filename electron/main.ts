// The desktop app's only composition root: lifecycle, the host, the window and the wiring.
// Everything with behaviour lives in the files it imports, which are tested without Electron.
import { app, BrowserWindow, dialog, ipcMain, nativeTheme, safeStorage, shell } from 'electron';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerConfig } from '../shared/mcp-types';
import { loadServerConfigs, thisMachine } from './config/load-config';
import { machineConfigFiles } from './config/config-files';
import { demoServerConfig } from './host/demo-server-config';
import { appHostOptions } from './host/app-host';
import { appSignIn } from './host/auth/oauth-kept';
import { desktopSignIns, systemBrowser } from './desktop-sign-ins';
import { createHost, type Host } from './host/host';
import { CAPTURE_PARAM } from '../shared/ws-protocol';
import type { HostApi } from '../shared/host-api';
import { appUrlMatcher } from './app-url';
import { isAppMainFrame, linkWindow, serveHostIpc, type WindowLink } from './ipc';
import { secureWebContents } from './secure-web-contents';
import { parseShellArgs } from './shell-args';
import { mainWindowOptions, windowBackground } from './window';

// Bundled to out/electron/main.mjs; everything else it loads sits beside it in out/.
const paths = {
  preload: fileURLToPath(new URL('./preload.cjs', import.meta.url)),
  renderer: fileURLToPath(new URL('../renderer/index.html', import.meta.url)),
  demoServer: fileURLToPath(new URL('../demo-server.mjs', import.meta.url)),
};
const isAppUrl = appUrlMatcher(pathToFileURL(paths.renderer).href);

let mainWindow: BrowserWindow | undefined;
let host: Host | undefined;
// Every open window's link to its host (the main window's, or a capture's), by its WebContents.
const links = new Map<Electron.WebContents, WindowLink>();

/** Links a window to its host for as long as it lives. */
function track(window: BrowserWindow, windowHost: HostApi): void {
  const contents = window.webContents;
  const link = linkWindow(windowHost, () => (contents.isDestroyed() ? undefined : contents));
  links.set(contents, link);
  window.on('closed', () => {
    link.dispose();
    links.delete(contents);
  });
}

/**
 * The main window's host, but opening a capture also opens its window: a window of its own,
 * made here with the main window's locked-down options (never a page's window.open child,
 * which would share the opener's process), linked to that capture's host only.
 */
function mainWindowHost(started: Host): HostApi {
  return {
    ...started,
    async openCapture(text) {
      const opened = await started.openCapture(text);
      const captureHost = started.captureHost(opened.captureId);
      if (captureHost) openCaptureWindow(opened.captureId, captureHost);
      return opened;
    },
  };
}

function openCaptureWindow(captureId: string, captureHost: Host): void {
  const window = new BrowserWindow({
    ...mainWindowOptions(paths.preload, nativeTheme),
    title: 'MCP Context Inspector: capture (read-only)',
    show: true,
  });
  track(window, captureHost);
  // The capture closed on the host (the oldest of too many): its window goes with it.
  void captureHost.closed.then(() => window.isDestroyed() || window.destroy());
  void window.loadFile(paths.renderer, { query: { [CAPTURE_PARAM]: captureId } });
}

/** The servers to open: those of `--config FILE [--server NAME]`, else the built-in demo. */
async function initialServers(): Promise<ServerConfig[]> {
  const { configFile, serverName, inputs } = parseShellArgs(process.argv);
  if (configFile !== undefined)
    return loadServerConfigs(configFile, serverName, thisMachine(), inputs);
  // The demo server runs on Electron's own Node, so the packaged app needs no separate Node.
  return [
    demoServerConfig({
      execPath: process.execPath,
      script: paths.demoServer,
      env: { ELECTRON_RUN_AS_NODE: '1' },
    }),
  ];
}

/** Opens the main window on the app page; shown once it has painted. */
function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(paths.preload, nativeTheme));
  if (host) track(window, mainWindowHost(host));
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
  });
  void window.loadFile(paths.renderer);
  return window;
}

/** Starts the host, then the window; IPC is wired before the page can call it. */
async function start(): Promise<void> {
  const extras = appHostOptions();
  // Sign-ins: sealed with the system keychain; the system browser, back to a loopback listener per
  // sign-in.
  const signIns = desktopSignIns(
    safeStorage,
    process.platform,
    app.getPath('userData'),
    app.whenReady(),
  );
  const started = createHost({
    servers: await initialServers(),
    ...extras.options,
    configFiles: machineConfigFiles(),
    signIns,
    openBrowser: systemBrowser((url) => shell.openExternal(url)),
    signInHow: appSignIn,
  });
  host = started;
  // A call is the calls of the window whose main frame, showing the app page, sent it.
  const disposeIpc = serveHostIpc(ipcMain, (frame) => {
    for (const [contents, link] of links)
      if (!contents.isDestroyed() && isAppMainFrame(frame, contents.mainFrame, isAppUrl))
        return link.calls;
    return undefined;
  });

  // Close the host (and the server processes it spawned) exactly once, then really quit.
  let closing = false;
  app.on('will-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    disposeIpc();
    // A server that ignores shutdown must not keep the app alive: give up waiting after 5 s.
    const gaveUp = new Promise((resolve) => setTimeout(resolve, 5000).unref());
    void Promise.race([started.close().then(() => extras.close()), gaveUp]).finally(() =>
      app.quit(),
    );
  });

  await app.whenReady();
  mainWindow = createMainWindow();
  app.on('activate', () => {
    // macOS: clicking the dock icon with no window open reopens one.
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow();
  });
}

// Every renderer the app ever creates runs in the OS sandbox, not only the one we configure.
app.enableSandbox();

// Each WebContents is locked down as it is created, before it loads anything.
app.on('web-contents-created', (_event, contents) => {
  secureWebContents(contents, { openExternal: (url) => shell.openExternal(url), isAppUrl });
});

nativeTheme.on('updated', () => mainWindow?.setBackgroundColor(windowBackground(nativeTheme)));

if (!app.requestSingleInstanceLock()) {
  // A second launch only brings the first one forward: two hosts would run every server twice.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  // Quit when the last window closes, except on macOS where apps stay in the dock.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  start().catch(function failToStart(error: unknown) {
    // A bad --config is the likely cause: say so on stderr and, where there is a GUI, in a dialog.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`mcp-context: ${message}\n`);
    dialog.showErrorBox('MCP Context Inspector cannot start', message);
    app.exit(1);
  });
}
