import { useEffect, useState } from 'react';
import type { Annotations } from '../../../shared/mcp-types';
import { formatRelative } from './format';
import { Field, Missing } from './field';

/** audience, priority (number and bar) and lastModified (absolute and relative). */
export function AnnotationFields({ annotations }: { annotations: Annotations | undefined }) {
  const { audience, priority, lastModified } = annotations ?? {};
  return (
    <>
      <Field label="Audience">
        {audience?.length ? (
          <span className="badges-inline">
            {audience.map((who) => (
              <span key={who} className="badge">
                {who}
              </span>
            ))}
          </span>
        ) : (
          <Missing />
        )}
      </Field>
      <Field label="Priority">
        {typeof priority === 'number' ? <PriorityBar priority={priority} /> : <Missing />}
      </Field>
      <Field label="Last modified">
        {lastModified ? <LastModified iso={lastModified} /> : <Missing />}
      </Field>
    </>
  );
}

function PriorityBar({ priority }: { priority: number }) {
  const inRange = priority >= 0 && priority <= 1;
  const fraction = Math.min(1, Math.max(0, priority));
  return (
    <span className="priority-field">
      <span className="mono">{priority}</span>
      <span
        className="priority-bar"
        role="meter"
        aria-label="Priority"
        aria-valuemin={0}
        aria-valuemax={1}
        aria-valuenow={fraction}
      >
        <span className="priority-fill" style={{ width: `${fraction * 100}%` }} />
      </span>
      {inRange ? null : <span className="error-text small">outside 0 to 1</span>}
    </span>
  );
}

function LastModified({ iso }: { iso: string }) {
  const now = useNow(60_000);
  const relative = formatRelative(iso, now);
  if (relative === null) {
    return (
      <span>
        <span className="mono">{iso}</span>{' '}
        <span className="error-text small">not a valid date</span>
      </span>
    );
  }
  return (
    <span>
      <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>{' '}
      <span className="muted">({relative})</span>
    </span>
  );
}

/** The current time, refreshed every `intervalMs` so "3 minutes ago" keeps true while shown. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
