import { useEffect, useState } from 'react';
import { plural } from '../../../shared/plural';
import type { TraceRow } from '../../../shared/trace-wire';
import { saveText } from '../../save-file';
import { describeError } from '../../store/describe-error';
import { useAppStore, useAppStoreApi } from '../../store/use-app-store';
import { useHostApi } from '../template-detail/host-api-context';
import { TraceList } from './trace-list';
import { TraceMessage } from './trace-message';
import { TraceToolbar } from './trace-toolbar';

/** Every JSON-RPC message with every server, both ways: the rows, and the one opened. */
export function TracePanel() {
  const api = useHostApi();
  const store = useAppStoreApi();
  const filter = useAppStore((state) => state.traceFilter);
  const error = useAppStore((state) => state.traceError);
  const link = useAppStore((state) => state.hostLink.state);
  const [selected, setSelected] = useState<TraceRow | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  // Opened with the host, and again after a lost link (a host that restarted knows no panel).
  useEffect(() => {
    if (link !== 'open') return;
    const state = store.getState();
    state.sendTrace({ filter: state.traceFilter, follow: state.traceFollow });
  }, [link, store]);
  // Closed (the drawer, or the other tab): the host stops filtering messages for it.
  useEffect(() => () => store.getState().closeProtocolPanel('trace'), [store]);

  async function exportTrace() {
    if (!api) return;
    try {
      const text = await api.exportTrace(filter);
      saveText(
        text.length > 0 ? `${text}\n` : '',
        `mcp-trace-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`,
        'application/x-ndjson',
      );
      setSaid(`Exported ${plural(text.length === 0 ? 0 : text.split('\n').length, 'message')}.`);
    } catch (failure) {
      setSaid(`Could not export: ${describeError(failure).message}`);
    }
  }

  return (
    <div className="trace-panel">
      <TraceToolbar onExport={() => void exportTrace()} />
      {error ? (
        <p className="error-text small" role="alert">
          {error}
        </p>
      ) : null}
      {said ? (
        <p className="small muted" role="status">
          {said}
        </p>
      ) : null}
      <div className="trace-body">
        <TraceList selected={selected} onSelect={setSelected} />
        <div className="trace-detail">
          {selected ? (
            <TraceMessage key={selected.seq} row={selected} />
          ) : (
            <p className="muted small">Select a message to see its JSON.</p>
          )}
        </div>
      </div>
    </div>
  );
}
