import { describe, expect, it } from 'vitest';
import { iconDetails, iconDisplay } from './icon-source';

describe('iconDisplay', () => {
  it('draws data: URLs of raster types and of SVG (through an <img>)', () => {
    expect(iconDisplay({ src: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual({
      kind: 'image',
      src: 'data:image/png;base64,iVBORw0KGgo=',
    });
    const svg = `data:image/svg+xml;base64,${btoa('<svg onload="alert(1)"/>')}`;
    expect(iconDisplay({ src: svg, mimeType: 'image/svg+xml' })).toEqual({
      kind: 'image',
      src: svg,
    });
  });

  it('names an https icon as text, since the CSP cannot load it', () => {
    expect(iconDisplay({ src: 'https://cdn.example.com/i.png' })).toEqual({
      kind: 'remote',
      url: 'https://cdn.example.com/i.png',
    });
  });

  it('refuses everything else, trusting the URL over the declared mimeType', () => {
    expect(
      iconDisplay({ src: 'data:text/html;base64,PHNjcmlwdD4=', mimeType: 'image/png' }).kind,
    ).toBe('refused');
    expect(iconDisplay({ src: 'javascript:alert(1)' })).toEqual({
      kind: 'refused',
      reason: 'a javascript: URL, not shown',
    });
    expect(iconDisplay({ src: 'http://example.com/i.png' }).kind).toBe('refused');
    expect(iconDisplay({ src: 'icon.png' })).toEqual({
      kind: 'refused',
      reason: 'not an absolute URL',
    });
  });
});

describe('iconDetails', () => {
  it('lists sizes, theme and type', () => {
    expect(
      iconDetails({ src: '', sizes: ['16x16', '32x32'], theme: 'dark', mimeType: 'image/png' }),
    ).toBe('16x16, 32x32 · dark theme · image/png');
  });
});
