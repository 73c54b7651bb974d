import { useMemo } from 'react';
import { formatBytes } from '../resource-detail/format';
import { RICH_VIEW_LIMIT } from './content-limits';
import { highlightToReact } from './highlight';
import { PlainText } from './text-view';
import type { CodeLanguage } from './view-kind';

/**
 * Highlighted code below the limit; above it, plain text with a note (highlighting is far slower
 * than layout).
 */
export function CodeView({
  text,
  language,
  note,
}: {
  text: string;
  language: CodeLanguage;
  note?: string;
}) {
  const tooLarge = text.length > RICH_VIEW_LIMIT;
  const highlighted = useMemo(
    () => (tooLarge ? null : highlightToReact(text, language)),
    [text, language, tooLarge],
  );
  if (tooLarge) return <PlainText text={text} note={tooLargeNote('highlight', language)} />;
  return (
    <>
      {note ? <p className="content-note muted small">{note}</p> : null}
      <pre className="content-text code hljs" data-language={language}>
        <code>{highlighted}</code>
      </pre>
    </>
  );
}

/** "Too large to highlight (over 195 KiB); shown as plain text." */
export function tooLargeNote(what: 'highlight' | 'render' | 'format', label: string): string {
  return `Too large to ${what} as ${label} (over ${formatBytes(RICH_VIEW_LIMIT)}); shown as plain text.`;
}
