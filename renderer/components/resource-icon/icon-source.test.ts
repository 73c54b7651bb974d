import { describe, expect, it } from 'vitest';
import { safeIconSource } from './icon-source';

const png = 'data:image/png;base64,iVBORw0KGgo=';
const svg = 'data:image/svg+xml;base64,PHN2Zy8+';

describe('safeIconSource', () => {
  it('accepts raster and SVG data URLs, preferring the theme asked for', () => {
    expect(safeIconSource([{ src: png }], 'light')).toBe(png);
    expect(
      safeIconSource(
        [
          { src: png, theme: 'light' },
          { src: svg, theme: 'dark' },
        ],
        'dark',
      ),
    ).toBe(svg);
  });

  it('refuses remote URLs, other data types and script URLs', () => {
    expect(safeIconSource([{ src: 'https://tracker.example/icon.png' }], 'light')).toBeNull();
    expect(safeIconSource([{ src: 'data:text/html;base64,PHNjcmlwdD4=' }], 'light')).toBeNull();
    expect(safeIconSource([{ src: 'javascript:alert(1)' }], 'light')).toBeNull();
    expect(safeIconSource(undefined, 'light')).toBeNull();
  });
});
