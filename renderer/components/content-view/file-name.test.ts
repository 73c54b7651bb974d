import { describe, expect, it } from 'vitest';
import { fileNameFromUri } from './file-name';

describe('fileNameFromUri', () => {
  it('uses the last segment of the URI', () => {
    expect(fileNameFromUri('files://lumen/exports/backup.tar.gz')).toBe('backup.tar.gz');
    expect(fileNameFromUri('https://x.test/a/report%20v2.pdf?download=1')).toBe('report v2.pdf');
  });

  it('makes a hostile segment harmless', () => {
    expect(fileNameFromUri('x://a/..%2F..%2Fetc%2Fpasswd')).toBe('_.._etc_passwd');
    expect(fileNameFromUri('x://a/con:tent?')).toBe('con_tent');
    expect(fileNameFromUri('x://a/..')).toBe('resource.bin');
  });

  it('falls back to a name from the MIME type', () => {
    expect(fileNameFromUri('blob://', 'image/png')).toBe('resource.png');
    expect(fileNameFromUri('x://', 'application/x-unknown')).toBe('resource.bin');
  });
});
