import { useEffect, useState } from 'react';
import type { TraceRow } from '../../../shared/trace-wire';
import { useHostApi } from '../template-detail/host-api-context';
import { describeError } from '../../store/describe-error';

/** Shown at most, so a huge message never freezes the view. */
const SHOWN_CHARS = 200_000;

/** One message's JSON, asked of the host when opened, pretty-printed when it is whole. */
export function TraceMessage({ row }: { row: TraceRow }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const api = useHostApi();
  useEffect(() => {
    if (!api) return;
    let live = true;
    api
      .getTraceMessage(row.seq)
      .then((json) => {
        if (!live) return;
        if (json === null)
          return setError('This message is no longer kept: the trace keeps the newest only.');
        setText(row.cut ? json : pretty(json));
      })
      .catch((failure: unknown) => live && setError(describeError(failure).message));
    return () => {
      live = false;
    };
  }, [api, row.seq, row.cut]);
  return (
    <div className="trace-message">
      {row.cut ? (
        <p className="warn-text small">
          Cut: the first {formatBytes(256 * 1024)} of {formatBytes(row.size)}.
        </p>
      ) : null}
      {error ? (
        <p className="error-text small" role="alert">
          {error}
        </p>
      ) : null}
      {text !== null ? (
        <pre className="mono" aria-label="Message JSON">
          {text.length > SHOWN_CHARS
            ? `${text.slice(0, SHOWN_CHARS)}\n… ${formatBytes(text.length - SHOWN_CHARS)} more not shown`
            : text}
        </pre>
      ) : null}
    </div>
  );
}

function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1048576).toFixed(1)} MB`;
}
