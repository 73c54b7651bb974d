import { useState, type ComponentPropsWithoutRef } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeView, tooLargeNote } from './code-view';
import { RICH_VIEW_LIMIT } from './content-limits';
import { safeImageSrc, safeLinkHref } from './safe-url';
import { PlainText } from './text-view';
import { ViewToggle } from './view-toggle';

const MODES = ['Rendered', 'Source'] as const;

/**
 * Markdown rendered (GFM) or as source. Sanitised: raw HTML comes out as text (react-markdown's
 * default without rehype-raw), links only for http(s)/mailto, images only from raster data: URLs.
 */
export function MarkdownView({ text }: { text: string }) {
  const [mode, setMode] = useState<(typeof MODES)[number]>('Rendered');
  const tooLarge = text.length > RICH_VIEW_LIMIT;
  if (tooLarge) return <PlainText text={text} note={tooLargeNote('render', 'Markdown')} />;
  return (
    <>
      <div className="content-toolbar">
        <ViewToggle label="Markdown view" options={MODES} value={mode} onChange={setMode} />
      </div>
      {mode === 'Rendered' ? (
        <div className="markdown-body">
          <Markdown remarkPlugins={[remarkGfm]} urlTransform={keepUrl} components={COMPONENTS}>
            {text}
          </Markdown>
        </div>
      ) : (
        <CodeView text={text} language="markdown" />
      )}
    </>
  );
}

/** URLs pass through untouched so the link and image components below can show what was refused. */
function keepUrl(url: string): string {
  return url;
}

function MarkdownLink({ href = '', children }: ComponentPropsWithoutRef<'a'>) {
  const safe = safeLinkHref(href);
  const label = typeof children === 'string' ? children : null;
  if (!safe) {
    // Not a web link (javascript:, data:, file:, relative…): its text only, the target shown inert.
    return (
      <span className="md-refused-link" title="Not a web link: not clickable">
        {children}
        {href && label !== href ? <span className="muted mono small"> [{href}]</span> : null}
      </span>
    );
  }
  const shownAlready = label === href || `mailto:${label}` === href || label === safe;
  return (
    <>
      {/* In Electron the window-open handler hands this to the OS browser; in a tab it opens a new one. */}
      <a href={safe} target="_blank" rel="noopener noreferrer" title={safe}>
        {children}
      </a>
      {shownAlready ? null : <span className="muted mono small link-url"> ({safe})</span>}
    </>
  );
}

function MarkdownImage({ src, alt }: ComponentPropsWithoutRef<'img'>) {
  const safe = typeof src === 'string' ? safeImageSrc(src) : null;
  if (safe) return <img className="md-image" src={safe} alt={alt ?? ''} />;
  // Remote and SVG images are not loaded (the CSP forbids the one, the other can carry script): alt
  // text instead.
  return (
    <span
      className="md-image-alt muted"
      title={typeof src === 'string' ? `Image not loaded: ${src.slice(0, 200)}` : undefined}
    >
      [{alt || 'image'}]
    </span>
  );
}

const COMPONENTS: Components = { a: MarkdownLink, img: MarkdownImage };
