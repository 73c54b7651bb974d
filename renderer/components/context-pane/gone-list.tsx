import { MAX_GONE_SHOWN } from '../../../shared/context/context-wire';
import { useAppStore } from '../../store/use-app-store';

const MARK_WORDS = { include: 'picked', pin: 'pinned', exclude: 'excluded' } as const;

/**
 * Marks whose resource is no longer listed (or whose server is not connected): kept apart
 * from the context, never counted as included or picked, until the user drops them or the
 * resource comes back.
 */
export function GoneList() {
  const gone = useAppStore((state) => state.context.gone);
  const dropGone = useAppStore((state) => state.dropGone);
  if (gone.length === 0) return null;
  return (
    <section className="gone-list" aria-labelledby="gone-heading">
      <div className="gone-head">
        <h3 id="gone-heading">
          Gone ({gone.length.toLocaleString('en')}
          {gone.length >= MAX_GONE_SHOWN ? '+' : ''})
        </h3>
        <button type="button" className="small-button" onClick={() => dropGone([])}>
          Drop all
        </button>
      </div>
      <p className="muted small">
        You marked these, and they are not in any catalog now: they are not in the context and count
        nowhere. They come back if their resource does.
      </p>
      <ul className="small">
        {gone.map((entry) => (
          <li key={entry.key}>
            <span className="gone-mark">{MARK_WORDS[entry.mark]}</span>{' '}
            <strong>{entry.server}</strong> <span className="mono break">{entry.uri}</span>
            <span className="muted"> · {entry.why}</span>{' '}
            <button
              type="button"
              className="small-button"
              onClick={() => dropGone([entry.key])}
              aria-label={`Drop ${entry.uri}`}
            >
              Drop
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
