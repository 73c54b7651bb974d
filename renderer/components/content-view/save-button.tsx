import { useState } from 'react';
import { decodeBase64 } from './content-data';
import { fileNameFromUri } from './file-name';

/**
 * "Save as…": decodes the whole blob only on click, downloads it through a short-lived object URL.
 */
export function SaveButton({
  blob,
  uri,
  mimeType,
}: {
  blob: string;
  uri: string;
  mimeType: string | undefined;
}) {
  const [failed, setFailed] = useState(false);
  const name = fileNameFromUri(uri, mimeType);
  function save() {
    try {
      const bytes = decodeBase64(blob);
      // Saved as octet-stream whatever the server claimed: the browser must not try to open it.
      const url = URL.createObjectURL(
        new Blob([bytes.buffer as ArrayBuffer], { type: 'application/octet-stream' }),
      );
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = name;
      anchor.rel = 'noopener';
      anchor.click();
      // Revoked later, not at once: the download reads the URL asynchronously (FileSaver.js waits
      // 40 s for the same reason).
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }
  return (
    <>
      <button
        type="button"
        className="small-button"
        onClick={save}
        aria-label={`Save as… ${name}`}
        title={`Save as ${name}`}
      >
        Save as…
      </button>
      {failed ? <span className="error-text small">Could not save.</span> : null}
    </>
  );
}
