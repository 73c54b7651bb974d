import { useEffect, useLayoutEffect, useRef } from 'react';
import { plural } from '../../../shared/plural';
import { TIMELINE_KINDS, type TimelineKind } from '../../../shared/timeline-wire';
import { formatCount } from '../../../shared/context/policy';
import { useAppStore, useAppStoreApi } from '../../store/use-app-store';
import { clockTime } from '../live-stamp/clock-time';
import { ServerSelect } from '../trace-panel/server-select';

const LABEL: Record<TimelineKind, string> = {
  'list-changed': 'list changed',
  updated: 'updated',
  log: 'log',
  notification: 'other notification',
  'listed-again': 'listed again',
  connected: 'connected',
  disconnected: 'disconnected',
  reconnecting: 'reconnecting',
  'gave-up': 'gave up',
  problem: 'spec problem',
};

/**
 * What happened with each server, newest last: notifications, listings again, connections,
 * problems.
 */
export function TimelinePanel() {
  const store = useAppStoreApi();
  const frame = useAppStore((state) => state.timeline);
  const filter = useAppStore((state) => state.timelineFilter);
  const sendTimeline = useAppStore((state) => state.sendTimeline);
  const link = useAppStore((state) => state.hostLink.state);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (link === 'open') store.getState().sendTimeline(store.getState().timelineFilter);
  }, [link, store]);
  useEffect(() => () => store.getState().closeProtocolPanel('timeline'), [store]);
  // The newest stays in view unless the user scrolled up to read.
  const atEnd = useRef(true);
  useLayoutEffect(() => {
    const element = list.current;
    if (element && atEnd.current) element.scrollTop = element.scrollHeight;
  }, [frame]);
  const shown = new Set(filter.kinds ?? TIMELINE_KINDS);
  const toggle = (kind: TimelineKind) => {
    const next = new Set(shown);
    if (next.has(kind)) next.delete(kind);
    else next.add(kind);
    sendTimeline({ ...filter, kinds: TIMELINE_KINDS.filter((k) => next.has(k)) });
  };
  return (
    <div className="trace-panel">
      <div className="trace-toolbar">
        <ServerSelect
          value={filter.serverId}
          onChange={(serverId) =>
            sendTimeline({
              ...(filter.kinds && { kinds: filter.kinds }),
              ...(serverId && { serverId }),
            })
          }
        />
        <fieldset className="kind-filter">
          <legend className="visually-hidden">Kinds shown</legend>
          {TIMELINE_KINDS.map((kind) => (
            <label key={kind} className="inline-check">
              <input type="checkbox" checked={shown.has(kind)} onChange={() => toggle(kind)} />{' '}
              {LABEL[kind]}
            </label>
          ))}
        </fieldset>
        <span className="muted small" role="status">
          {frame
            ? `${plural(frame.total, 'entry', 'entries')}${frame.total > frame.entries.length ? `, the newest ${formatCount(frame.entries.length)} shown` : ''} · keeps the last ${formatCount(frame.limit)}`
            : ''}
        </span>
      </div>
      <div
        className="timeline-list"
        ref={list}
        tabIndex={0}
        role="log"
        aria-label="Timeline"
        onScroll={(event) => {
          const element = event.currentTarget;
          atEnd.current = element.scrollTop + element.clientHeight >= element.scrollHeight - 4;
        }}
      >
        <table>
          <tbody>
            {frame?.entries.map((entry) => (
              <tr key={entry.seq} className={`timeline-row kind-${entry.kind}`}>
                <td className="mono trace-time">{clockTime(entry.time)}</td>
                <td className="trace-server">{entry.server}</td>
                <td className="timeline-kind">
                  {LABEL[entry.kind]}
                  {entry.level ? ` (${entry.level})` : ''}
                </td>
                <td className="mono timeline-uri">{entry.uri ?? ''}</td>
                <td className="timeline-detail">{entry.detail ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {frame && frame.entries.length === 0 ? (
          <p className="muted small">
            Nothing yet: notifications and connection changes show here as they happen.
          </p>
        ) : null}
      </div>
    </div>
  );
}
