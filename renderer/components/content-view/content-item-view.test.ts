// Renders to a string in node (no DOM needed): which view each kind of content item gets.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../shared/mcp-types';
import { ContentItemView } from './content-item-view';

function render(item: Partial<ContentItem>): string {
  return renderToStaticMarkup(
    createElement(ContentItemView, {
      item: { uri: 'x://a', size: 10, ...item },
      index: 0,
      count: 1,
    }),
  );
}

describe('ContentItemView', () => {
  it('highlights small JSON, pretty-printed, as elements', () => {
    const html = render({ mimeType: 'application/json', text: '{"a":1}' });
    expect(html).toContain('<span class="hljs-attr">&quot;a&quot;</span>');
    expect(html).toContain('</span>\n  <span class="hljs-attr">');
  });

  it('shows HTML content as highlighted source, never as markup', () => {
    const html = render({ mimeType: 'text/html', text: '<script>alert(1)</script>' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;');
  });

  it('shows an SVG blob only as an <img> from a data: URL', () => {
    const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const html = render({ mimeType: 'image/svg+xml', blob: svg });
    expect(html).toContain(`<img class="content-image" src="data:image/svg+xml;base64,${svg}"`);
    expect(html).not.toMatch(/<svg/);
  });

  it('shows other binary as a hex dump with a Save button', () => {
    const html = render({
      uri: 'files://x/backup.gz',
      mimeType: 'application/gzip',
      blob: btoa('\u001f\u008b\u0008'),
      size: 3,
    });
    expect(html).toContain('aria-label="Hex dump"');
    expect(html).toContain('00000000  1f 8b 08');
    expect(html).toContain('aria-label="Save as… backup.gz"');
  });

  it('decodes a blob whose type says text', () => {
    expect(render({ mimeType: 'text/plain', blob: btoa('hello') })).toContain('hello');
  });

  it('chooses by extension when the MIME type is missing', () => {
    expect(render({ uri: 'x://schema.sql', text: 'SELECT 1' })).toContain('hljs-keyword');
  });

  it('never highlights or pretty-prints above the limit', () => {
    const big = `[${'1,'.repeat(150_000)}1]`;
    const html = render({ mimeType: 'application/json', text: big });
    expect(html).toContain('Too large to format as JSON');
    expect(html).not.toContain('hljs');
  });
});
