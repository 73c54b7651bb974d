import { memo, useMemo, useState } from 'react';
import { plural } from '../../../shared/plural';
import { formatCount } from '../../../shared/context/policy';
import { useHostApi } from '../template-detail/host-api-context';
import { describeError } from '../../store/describe-error';
import { useAppStore } from '../../store/use-app-store';
import { IncludedList } from './included-list';
import { chunksOf } from './preview-chunks';
import { useSetting } from './use-setting';
import { saveText } from '../../save-file';
import { LiveStamp } from '../live-stamp/live-stamp';

/**
 * The assembled text, exactly as a model would receive it. A frame carries its start only
 * (the characters this window asked for); "Show more" asks for more, and Copy and Save take
 * the whole text from the host.
 */
export function Preview() {
  const api = useHostApi();
  const text = useAppStore((state) => state.context.text);
  const textLength = useAppStore((state) => state.context.textLength);
  const total = useAppStore((state) => state.context.total);
  const included = useAppStore((state) => state.context.includedCount);
  const updated = useAppStore((state) => state.context.includedUpdated);
  const updatedAt = useAppStore((state) => state.context.updatedAt);
  const showMore = useAppStore((state) => state.showMorePreview);
  const format = useSetting('format');
  const encoding = useSetting('encoding');
  const auto = useSetting('auto');
  const [said, setSaid] = useState<string | null>(null);

  async function wholeText(): Promise<string | null> {
    if (!api) return null;
    try {
      return await api.getContextText();
    } catch (error) {
      setSaid(`Could not get the context from the host: ${describeError(error).message}`);
      return null;
    }
  }

  async function copy() {
    const whole = await wholeText();
    if (whole === null) return;
    try {
      await navigator.clipboard.writeText(whole);
      setSaid(`Copied ${formatCount(whole.length)} characters.`);
    } catch (error) {
      setSaid(`Could not copy: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function save() {
    const whole = await wholeText();
    if (whole === null) return;
    saveText(
      whole,
      format === 'json' ? 'context.json' : 'context.md',
      format === 'json' ? 'application/json' : 'text/markdown',
    );
  }

  const chunks = useMemo(() => chunksOf(text), [text]);
  const left = textLength - text.length;
  return (
    <section className="context-preview" aria-labelledby="preview-heading">
      <div className="preview-head">
        <h3 id="preview-heading">Preview</h3>
        <span className="muted small">
          {plural(included, 'resource')} · {plural(total, 'token')} ({encoding}) ·{' '}
          {format === 'json' ? 'JSON embedded resources' : 'Markdown'}
        </span>
        {updatedAt !== undefined ? (
          <LiveStamp
            at={updatedAt}
            lit={updated > 0}
            what={
              updated > 0
                ? `${formatCount(updated)} updated by the server`
                : 'last updated by the server'
            }
          />
        ) : null}
        <span className="preview-actions">
          <button type="button" onClick={() => void copy()} disabled={textLength === 0}>
            Copy
          </button>
          <button type="button" onClick={() => void save()} disabled={textLength === 0}>
            Save…
          </button>
        </span>
      </div>
      {said ? (
        <p className="muted small" role="status">
          {said}
        </p>
      ) : null}
      <p className="muted small">
        Binary content (images and other blobs) is left out of the text context; Markdown names what
        was left out.
      </p>
      <IncludedList />
      {textLength === 0 ? (
        <p className="muted small">
          {auto
            ? 'Nothing is included yet.'
            : 'Pick resources in the tree, or turn auto-include on.'}
        </p>
      ) : (
        <>
          <pre className="preview-text mono" aria-label="Assembled context" tabIndex={0}>
            {chunks.map((chunk) => (
              <PreviewChunk key={chunk.key} text={chunk.text} />
            ))}
          </pre>
          {left > 0 ? (
            <button type="button" onClick={showMore}>
              Show more ({formatCount(left)} characters left)
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

const PreviewChunk = memo(function PreviewChunk({ text }: { text: string }) {
  return <span className="preview-chunk">{text}</span>;
});
