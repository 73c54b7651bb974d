import { describe, expect, it } from 'vitest';
import { contentShape, decodeBase64Head, hexDump, imageDataUrl } from './content-data';

const PNG = 'iVBORw0KGgo=';

describe('contentShape', () => {
  it('shows text as text', () => {
    expect(contentShape({ uri: 'a://', text: 'hi', size: 2 })).toEqual({ kind: 'text', text: 'hi' });
  });

  it('builds an image URL only for allowed raster types', () => {
    expect(contentShape({ uri: 'a://', blob: PNG, mimeType: 'image/png', size: 8 })).toEqual({ kind: 'image', dataUrl: `data:image/png;base64,${PNG}` });
    expect(contentShape({ uri: 'a://', blob: PNG, mimeType: 'text/html', size: 8 }).kind).toBe('binary');
  });

  it('never renders SVG: its source is shown as text', () => {
    const svg = btoa('<svg onload="alert(1)"/>');
    expect(contentShape({ uri: 'a://', blob: svg, mimeType: 'image/svg+xml', size: 24 })).toEqual({ kind: 'text', text: '<svg onload="alert(1)"/>' });
  });

  it('refuses a blob that is not base64', () => {
    expect(imageDataUrl('image/png', 'AAAA"><script>')).toBeNull();
  });
});

describe('hex dump', () => {
  it('decodes only the head and prints offset, hex and ASCII', () => {
    const blob = btoa('ABC\u0000'.repeat(100));
    const bytes = decodeBase64Head(blob, 20);
    expect(bytes).toHaveLength(20);
    expect(hexDump(bytes).split('\n')[0]).toBe('00000000  41 42 43 00 41 42 43 00 41 42 43 00 41 42 43 00  ABC.ABC.ABC.ABC.');
  });
});
