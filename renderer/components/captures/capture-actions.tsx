import { useEffect, useRef } from 'react';
import type { HostLink } from '../../host-link';
import { saveText } from '../../save-file';
import { useAppStore } from '../../store/use-app-store';

/** How long a done line that offers nothing to follow stays. */
const STATUS_SHOWN_MS = 10_000;

/**
 * The header's capture buttons: Capture (saves the file), Open capture… (a new tab, read-only),
 * Diff captures….
 */
export function CaptureActions({ link }: { link: HostLink }) {
  const replay = useAppStore((state) => state.replay);
  const status = useAppStore((state) => state.captureStatus);
  const takeCapture = useAppStore((state) => state.takeCapture);
  const openCapture = useAppStore((state) => state.openCapture);
  const offerCapture = useAppStore((state) => state.offerCapture);
  const setDiffOpen = useAppStore((state) => state.setDiffOpen);
  const dismiss = useAppStore((state) => state.dismissCaptureStatus);
  const picker = useRef<HTMLInputElement>(null);
  // A done line that offers nothing to follow goes by itself; a failure stays until dismissed.
  useEffect(() => {
    if (status.state !== 'done' || status.openUrl) return;
    const timer = setTimeout(dismiss, STATUS_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [status, dismiss]);

  const capture = async () => {
    const taken = await takeCapture();
    if (taken) saveText(taken.json, taken.fileName, 'application/json');
  };
  const open = async (file: File) => {
    const captureId = await openCapture(file.name, await file.text());
    // The desktop's main process opened the capture's window itself.
    if (captureId === undefined || !link.captureUrl) return;
    const url = link.captureUrl(captureId);
    const tab = window.open(url, '_blank');
    // A browser that blocked the tab (the click was a while ago): the link, for the user to follow.
    if (tab) tab.opener = null;
    else offerCapture(file.name, url);
  };

  return (
    <div className="capture-actions">
      <button
        type="button"
        onClick={() => void capture()}
        disabled={status.state === 'working'}
        title="Save everything that shaped the context to one file: servers (no secrets), catalogs, contents, decisions, the text, the trace"
      >
        Capture
      </button>
      {replay ? null : (
        <>
          <button
            type="button"
            onClick={() => picker.current?.click()}
            disabled={status.state === 'working'}
          >
            Open capture…
          </button>
          <input
            ref={picker}
            type="file"
            accept=".json,application/json"
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Capture file to open"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void open(file);
            }}
          />
        </>
      )}
      <button type="button" onClick={() => setDiffOpen(true)}>
        Diff captures…
      </button>
      {status.state === 'idle' ? null : (
        <span
          className={`capture-status${status.state === 'failed' ? ' capture-status-failed' : ''}`}
          role={status.state === 'failed' ? 'alert' : 'status'}
          title={status.text}
        >
          {status.state === 'working' ? <span className="spinner" aria-hidden="true" /> : null}
          <span className="capture-status-text">{status.text}</span>
          {status.state === 'done' && status.openUrl ? (
            <>
              {' '}
              <a href={status.openUrl} target="_blank" rel="noopener noreferrer">
                open it
              </a>
            </>
          ) : null}
          {status.state === 'working' ? null : (
            <button
              type="button"
              className="link-button capture-status-dismiss"
              aria-label="Dismiss"
              onClick={dismiss}
            >
              ×
            </button>
          )}
        </span>
      )}
    </div>
  );
}
