import { describe, expect, it } from 'vitest';
import { blobImageSrc, isHttpsUrl, safeImageSrc, safeLinkHref } from './safe-url';

describe('safeLinkHref', () => {
  it('allows http, https and mailto only', () => {
    expect(safeLinkHref('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(safeLinkHref('mailto:someone@example.com')).toBe('mailto:someone@example.com');
    expect(safeLinkHref('HTTP://EXAMPLE.com')).toBe('http://example.com/');
  });

  it('refuses script, data, file and relative URLs, however they are disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>',
      'file:///etc/passwd',
      '/relative',
      '#frag',
      'vbscript:x',
    ]) {
      expect(safeLinkHref(url), url).toBeNull();
    }
  });
});

describe('safeImageSrc', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo=';
  it('allows base64 data: URLs of raster types', () => {
    expect(safeImageSrc(png)).toBe(png);
    expect(safeImageSrc('data:IMAGE/JPEG;base64,/9j')).toBeNull();
    expect(safeImageSrc('data:IMAGE/JPEG;base64,/9j/4A==')).toBe('data:image/jpeg;base64,/9j/4A==');
  });

  it('allows SVG only when asked, and never remote or HTML sources', () => {
    const svg = `data:image/svg+xml;base64,${btoa('<svg/>')}`;
    expect(safeImageSrc(svg)).toBeNull();
    expect(safeImageSrc(svg, { allowSvg: true })).toBe(svg);
    expect(safeImageSrc('https://example.com/a.png')).toBeNull();
    expect(safeImageSrc('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    expect(safeImageSrc('data:image/png,<svg onload=x>')).toBeNull();
  });

  it('refuses a body that is not base64', () => {
    expect(blobImageSrc('image/png', 'AAAA"><script>')).toBeNull();
    expect(blobImageSrc('text/html', 'AAAA')).toBeNull();
  });
});

describe('isHttpsUrl', () => {
  it('is true for https only', () => {
    expect(isHttpsUrl('https://cdn.example.com/i.png')).toBe(true);
    expect(isHttpsUrl('http://cdn.example.com/i.png')).toBe(false);
  });
});
