import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type UIEvent,
} from 'react';
import type { TraceRow } from '../../../shared/trace-wire';
import { useAppStore } from '../../store/use-app-store';
import { clockTime } from '../live-stamp/clock-time';
import { formatBytes } from './trace-message';

export const ROW_HEIGHT = 22;
/** Rows asked for beyond those in view, each way, so a scroll rarely shows a gap. */
const OVERSCAN = 20;

/**
 * The messages, virtualized: the host sends only the rows in view (and a margin), the list
 * is as tall as all of them. Arrow keys move the selection, Enter opens a message.
 */
export function TraceList({
  selected,
  onSelect,
}: {
  selected: TraceRow | null;
  onSelect(row: TraceRow): void;
}) {
  const frame = useAppStore((state) => state.trace);
  const follow = useAppStore((state) => state.traceFollow);
  const sendTrace = useAppStore((state) => state.sendTrace);
  const names = useAppStore((state) => state.servers);
  const scroller = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(300);
  const total = frame?.total ?? 0;

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const count = Math.ceil(height / ROW_HEIGHT) + OVERSCAN * 2;
  useEffect(() => sendTrace({ count }), [count, sendTrace]);
  // Following: the newest rows stay in view as they come.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (follow && element) element.scrollTop = element.scrollHeight;
  }, [follow, frame]);

  function onScroll(event: UIEvent<HTMLDivElement>) {
    const element = event.currentTarget;
    const atEnd = element.scrollTop + element.clientHeight >= element.scrollHeight - ROW_HEIGHT;
    const first = Math.max(0, Math.floor(element.scrollTop / ROW_HEIGHT) - OVERSCAN);
    if (atEnd !== follow || !atEnd) sendTrace(atEnd ? { follow: true } : { follow: false, first });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (!frame || frame.rows.length === 0) return;
    const at = selected ? frame.rows.findIndex((row) => row.seq === selected.seq) : -1;
    const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (move === 0) return;
    event.preventDefault();
    const next = frame.rows[Math.min(frame.rows.length - 1, Math.max(0, at + move))];
    if (next) {
      onSelect(next);
      const top = (frame.first + frame.rows.indexOf(next)) * ROW_HEIGHT;
      const element = scroller.current;
      if (
        element &&
        (top < element.scrollTop || top + ROW_HEIGHT > element.scrollTop + element.clientHeight)
      )
        element.scrollTop = top - element.clientHeight / 2;
    }
  }

  return (
    <div
      className="trace-list"
      ref={scroller}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      tabIndex={0}
      role="listbox"
      aria-label="Messages"
      aria-activedescendant={selected ? `trace-${selected.seq}` : undefined}
    >
      <div style={{ height: total * ROW_HEIGHT, position: 'relative' }}>
        {frame?.rows.map((row, index) => (
          <div
            key={row.seq}
            id={`trace-${row.seq}`}
            role="option"
            aria-selected={selected?.seq === row.seq}
            className={`trace-row${selected?.seq === row.seq ? ' selected' : ''}${row.error ? ' error' : ''}`}
            style={{ top: (frame.first + index) * ROW_HEIGHT, height: ROW_HEIGHT }}
            onClick={() => onSelect(row)}
          >
            <span className="trace-time mono">{clockTime(row.time)}</span>
            <span
              className={`trace-dir ${row.direction}`}
              title={row.direction === 'send' ? 'sent to the server' : 'received from the server'}
            >
              {row.direction === 'send' ? '→' : '←'}
            </span>
            <span className="trace-server">{names[row.serverId]?.name ?? row.serverId}</span>
            <span className="trace-method mono">
              {row.method ?? (row.id !== undefined ? 'response' : '?')}
            </span>
            <span className="trace-id mono">
              {row.id !== undefined ? `#${String(row.id).slice(0, 24)}` : ''}
            </span>
            <span className="trace-size mono">{formatBytes(row.size)}</span>
            <span className="trace-duration mono">
              {row.duration !== undefined ? `${row.duration} ms` : ''}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
