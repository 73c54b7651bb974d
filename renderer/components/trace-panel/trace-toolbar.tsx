import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatCount } from '../../../shared/context/policy';
import { useAppStore } from '../../store/use-app-store';
import { ServerSelect } from './server-select';
import { formatBytes } from './trace-message';

/** Filter by server, method and text; follow the newest; export what matches as JSONL. */
export function TraceToolbar({ onExport }: { onExport(): void }) {
  const filter = useAppStore((state) => state.traceFilter);
  const follow = useAppStore((state) => state.traceFollow);
  const sendTrace = useAppStore((state) => state.sendTrace);
  const methods = useAppStore(useShallow((state) => state.trace?.methods ?? []));
  const total = useAppStore((state) => state.trace?.total ?? 0);
  const kept = useAppStore((state) => state.trace?.kept);
  const [text, setText] = useState(filter.text ?? '');
  // A keystroke waits for the next one a moment: the host filters every message kept.
  useEffect(() => {
    if ((filter.text ?? '') === text) return;
    const timer = setTimeout(() => sendTrace({ filter: { ...filter, text } }), 150);
    return () => clearTimeout(timer);
  }, [text, filter, sendTrace]);
  const choose = (key: 'serverId' | 'method', value: string) => {
    const next = { ...filter };
    if (value) next[key] = value;
    else delete next[key];
    sendTrace({ filter: next });
  };
  return (
    <div className="trace-toolbar">
      <ServerSelect
        value={filter.serverId}
        onChange={(serverId) => choose('serverId', serverId ?? '')}
      />
      <select
        value={filter.method ?? ''}
        onChange={(event) => choose('method', event.target.value)}
        aria-label="Method"
      >
        <option value="">All methods</option>
        {methods.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </select>
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Text in the message"
        aria-label="Text in the message"
      />
      <label className="inline-check">
        <input
          type="checkbox"
          checked={follow}
          onChange={(event) => sendTrace({ follow: event.target.checked })}
        />{' '}
        Follow
      </label>
      <button type="button" onClick={onExport} disabled={total === 0}>
        Export JSONL
      </button>
      <span className="muted small" role="status">
        {formatCount(total)} shown
        {kept
          ? ` · keeps the last ${formatCount(kept.maxMessages)} messages or ${formatBytes(kept.maxBytes)} a server (now ${formatCount(kept.messages)}, ${formatBytes(kept.bytes)})`
          : ''}
      </span>
    </div>
  );
}
