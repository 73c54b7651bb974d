import { batchCatalogPages, windowCalls } from './host/catalog/batch-pages';
import type { IpcMain, WebContents, WebFrameMain } from 'electron';
import type { HostApi } from '../shared/host-api';
import type { RpcResponse } from '../shared/host-remote';
import { dispatchHostCall } from '../shared/host-rpc';
import { HOST_CALL_CHANNEL, HOST_EVENT_CHANNEL } from './ipc-channels';

/** The frame that sent an IPC message, as far as the trust check needs it. */
export type SenderFrame = Pick<WebFrameMain, 'url' | 'parent' | 'processId' | 'frameToken'>;

/** Where host events go: the window's WebContents, or nothing once it is gone. */
export type EventSink = Pick<WebContents, 'send' | 'isDestroyed'>;

const REFUSED: RpcResponse = {
  ok: false,
  error: { code: 'invalid-input', message: 'refused: the call did not come from the app window' },
};

/**
 * True when `frame` is the top frame of our window and shows the app's own page. Anything
 * else (a subframe, a page that got navigated elsewhere, a frame already gone) is untrusted.
 */
export function isAppMainFrame(
  frame: SenderFrame | null,
  mainFrame: SenderFrame | undefined,
  isAppUrl: (url: string) => boolean,
): boolean {
  if (!frame || !mainFrame) return false;
  // Compared by (process, frame token), Electron's own key for a frame, not by object identity.
  const sameFrame =
    frame.processId === mainFrame.processId && frame.frameToken === mainFrame.frameToken;
  return sameFrame && frame.parent === null && isAppUrl(frame.url);
}

/** One window's link to a host: the calls it may make, and its events sent to it. */
export interface WindowLink {
  calls: ReturnType<typeof windowCalls>;
  dispose(): void;
}

/** Links one window to `host`: the host's events go to `eventSink` (dropped once it is gone). */
export function linkWindow(host: HostApi, eventSink: () => EventSink | undefined): WindowLink {
  const pages = batchCatalogPages((hostEvent) => {
    const sink = eventSink();
    // Sending to a destroyed WebContents throws; events for a closed window are dropped.
    if (sink && !sink.isDestroyed()) sink.send(HOST_EVENT_CHANNEL, hostEvent);
  });
  const unsubscribe = host.onEvent((hostEvent) => pages.push(hostEvent));
  return {
    calls: windowCalls(host, pages),
    dispose() {
      unsubscribe();
      pages.dispose();
    },
  };
}

/**
 * Serves the HostApi over one invoke channel to every window: `callsFor` names the calls of
 * the window whose trusted frame sent the message (the main window's host, or a capture's),
 * and undefined for any other frame, which is refused. `dispatchHostCall` then validates the
 * method name and every argument. Returns a function that removes the channel.
 */
export function serveHostIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  callsFor: (frame: SenderFrame | null) => WindowLink['calls'] | undefined,
): () => void {
  ipcMain.handle(
    HOST_CALL_CHANNEL,
    (event, method: unknown, args: unknown): Promise<RpcResponse> | RpcResponse => {
      // Any frame that reaches the channel (an injected iframe, a page we navigated away
      // from) must not drive the host: it can spawn processes through addServer.
      const calls = callsFor(event.senderFrame);
      if (!calls) return REFUSED;
      return dispatchHostCall(calls, method, args);
    },
  );
  return () => ipcMain.removeHandler(HOST_CALL_CHANNEL);
}
