import { useMemo, useState, type ReactNode } from 'react';
import { formatBytes } from '../resource-detail/format';
import { canShowAll, DISPLAY_STEP, nextLimit, sliceForDisplay } from './content-limits';
import { splitIntoChunks } from './text-chunks';

/**
 * Matches `.content-text` (12px mono, line-height 1.4): used only to size blocks not yet laid out.
 */
const LINE_HEIGHT_PX = 17;

/**
 * Text in a <pre>, at most about 1 MB at a time: "Show more" adds the next step, "Show all" only
 * while the whole is small enough to lay out. `note` explains why a richer view was not used.
 */
export function PlainText({ text, note }: { text: string; note?: ReactNode }) {
  const [limit, setLimit] = useState(DISPLAY_STEP);
  const { shown, remaining } = useMemo(() => sliceForDisplay(text, limit), [text, limit]);
  const chunks = useMemo(() => splitIntoChunks(shown), [shown]);
  return (
    <>
      {note ? <p className="content-note muted small">{note}</p> : null}
      <pre className="content-text chunked">
        {chunks.map((chunk, index) => (
          <span
            key={index}
            className="text-chunk"
            style={{ containIntrinsicSize: `auto ${chunk.estimatedLines * LINE_HEIGHT_PX}px` }}
          >
            {chunk.text}
          </span>
        ))}
      </pre>
      {remaining > 0 ? (
        <p className="content-more small">
          <span className="muted">
            Showing {shown.length.toLocaleString('en')} of {text.length.toLocaleString('en')}{' '}
            characters ({formatBytes(remaining)} more).
          </span>
          <button type="button" onClick={() => setLimit(nextLimit(limit, text.length, false))}>
            Show more
          </button>
          {canShowAll(text.length) ? (
            <button type="button" onClick={() => setLimit(nextLimit(limit, text.length, true))}>
              Show all
            </button>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
