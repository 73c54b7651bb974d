/**
 * The captures slice: taking one (the host writes it; the window saves the file), opening one
 * read-only (the host replays it; the window opens it in a tab of its own), and whether the
 * diff view is open. What happened last is one line, shown beside the buttons.
 */
import { MAX_CAPTURE_UPLOAD } from '../../shared/host-api';
import type { WindowApi } from '../../shared/window-api';
import type { CapturesSlice, SliceCreator } from './app-state';
import { describeError } from './describe-error';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`;

export function createCapturesSlice(
  api: Pick<WindowApi, 'takeCapture' | 'openCapture'>,
): SliceCreator<CapturesSlice> {
  return (set, get) => ({
    captureStatus: { state: 'idle' },
    diffOpen: false,
    setDiffOpen: (open) => set({ diffOpen: open }),
    async takeCapture() {
      if (get().captureStatus.state === 'working') return undefined;
      set({
        captureStatus: {
          state: 'working',
          text: 'Capturing: waiting for the context, then reading the rest of the catalog…',
        },
      });
      try {
        const taken = await api.takeCapture();
        set({
          captureStatus: {
            state: 'done',
            text: `Saved ${taken.fileName}: ${taken.servers} server${taken.servers === 1 ? '' : 's'}, ${taken.contents} contents, ${kb(taken.bytes)}`,
          },
        });
        return taken;
      } catch (error) {
        set({
          captureStatus: {
            state: 'failed',
            text: `Could not capture: ${describeError(error).message}`,
          },
        });
        return undefined;
      }
    },
    async openCapture(name, text) {
      // What the call puts on the socket: the text escaped as JSON, in UTF-8 bytes.
      const bytes = new Blob([JSON.stringify(text)]).size;
      if (bytes > MAX_CAPTURE_UPLOAD) {
        set({
          captureStatus: {
            state: 'failed',
            text: `${name} is ${kb(bytes)}, more than a page may send (${kb(MAX_CAPTURE_UPLOAD)}); open it with: mcp-context serve --from ${name}`,
          },
        });
        return undefined;
      }
      set({ captureStatus: { state: 'working', text: `Opening ${name}…` } });
      try {
        const { captureId } = await api.openCapture(text);
        set({
          captureStatus: { state: 'done', text: `Opened ${name} read-only, in a view of its own` },
        });
        return captureId;
      } catch (error) {
        set({
          captureStatus: {
            state: 'failed',
            text: `Could not open ${name}: ${describeError(error).message}`,
          },
        });
        return undefined;
      }
    },
    offerCapture: (name, url) =>
      set({ captureStatus: { state: 'done', text: `${name} is open, read-only:`, openUrl: url } }),
    dismissCaptureStatus: () => {
      if (get().captureStatus.state !== 'working') set({ captureStatus: { state: 'idle' } });
    },
  });
}
