// Renders to a string in node (no DOM needed) to check what hostile Markdown turns into.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from './markdown-view';

function render(text: string): string {
  return renderToStaticMarkup(createElement(MarkdownView, { text }));
}

describe('MarkdownView', () => {
  it('shows raw HTML as text, never as elements', () => {
    const html = render('<script>alert(1)</script>\n\nHi <img src=x onerror=alert(1)> <b>bold</b>');
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('makes web and mail links live, opening outside, with the URL shown', () => {
    const html = render('[docs](https://example.com/docs) and [mail](mailto:a@example.com)');
    expect(html).toContain(
      '<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer"',
    );
    expect(html).toContain('(https://example.com/docs)');
    expect(html).toContain('href="mailto:a@example.com"');
  });

  it('renders every other scheme as plain text', () => {
    const html = render(
      '[click me](javascript:alert(1)) [f](file:///etc/passwd) [d](data:text/html,x) <javascript:alert(2)>',
    );
    expect(html).not.toMatch(/<a /);
    expect(html).toContain('click me');
  });

  it('shows images only from raster data: URLs; others by their alt text', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const html = render(
      `![ok](${png}) ![remote](https://example.com/x.png) ![svg](data:image/svg+xml;base64,PHN2Zy8+)`,
    );
    expect(html).toContain(`<img class="md-image" src="${png}" alt="ok"/>`);
    expect(html.match(/<img/g)).toHaveLength(1);
    expect(html).toContain('[remote]');
    expect(html).toContain('[svg]');
  });

  it('offers the Rendered | Source switch', () => {
    expect(render('# Hi')).toMatch(
      /role="group" aria-label="Markdown view".*aria-pressed="true"[^>]*>Rendered<.*aria-pressed="false"[^>]*>Source</,
    );
  });

  it('falls back to plain text above the limit, without parsing', () => {
    const html = render(`# big\n${'x'.repeat(300 * 1024)}`);
    expect(html).toContain('Too large to render as Markdown');
    expect(html).not.toContain('<h1');
  });
});
