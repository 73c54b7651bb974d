import { useId, type KeyboardEvent } from 'react';
import { formatCount } from '../../../shared/context/policy';
import { useAppStore } from '../../store/use-app-store';
import { ContextPane } from '../context-pane/context-pane';
import { DetailPane } from '../detail-pane/detail-pane';

const TABS = [
  { id: 'resource', label: 'Resource' },
  { id: 'context', label: 'Context' },
] as const;

/** The right column: the open resource, or the context being assembled, as two tabs. */
export function RightPane() {
  const tab = useAppStore((state) => state.rightTab);
  const setTab = useAppStore((state) => state.setRightTab);
  const included = useAppStore((state) => state.context.includedCount);
  const tokens = useAppStore((state) => state.context.total);
  const id = useId();
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tab === 'resource' ? 'context' : 'resource';
    setTab(next);
    document.getElementById(`${id}-${next}`)?.focus();
  }
  return (
    <div className="right-column">
      <div className="tabs" role="tablist" aria-label="Right column" onKeyDown={onKeyDown}>
        {TABS.map((entry) => (
          <button
            key={entry.id}
            id={`${id}-${entry.id}`}
            type="button"
            role="tab"
            aria-selected={tab === entry.id}
            aria-controls={`${id}-panel`}
            tabIndex={tab === entry.id ? 0 : -1}
            className={tab === entry.id ? 'tab active' : 'tab'}
            onClick={() => setTab(entry.id)}
          >
            {entry.label}
            {entry.id === 'context' && included > 0 ? <span className="badge tab-count">{`${included} · ${formatCount(tokens)} tok`}</span> : null}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`} className="tab-panel">
        {tab === 'resource' ? (
          <DetailPane />
        ) : (
          <section className="pane detail-pane" aria-label="Context">
            <div className="detail-scroll">
              <ContextPane />
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
