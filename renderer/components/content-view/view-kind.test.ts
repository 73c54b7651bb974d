import { describe, expect, it } from 'vitest';
import { chooseView, extensionOf, lastSegment } from './view-kind';

describe('chooseView', () => {
  it('goes by the MIME type, ignoring parameters and case', () => {
    expect(chooseView('text/markdown; charset=utf-8', 'x://a.json')).toEqual({ kind: 'markdown' });
    expect(chooseView('Application/JSON', 'x://a')).toEqual({ kind: 'json' });
    expect(chooseView('application/vnd.api+json', 'x://a')).toEqual({ kind: 'json' });
    expect(chooseView('application/sql', 'x://a')).toEqual({ kind: 'code', language: 'sql' });
    expect(chooseView('text/html', 'x://a')).toEqual({ kind: 'code', language: 'xml' });
    expect(chooseView('application/atom+xml', 'x://a')).toEqual({ kind: 'code', language: 'xml' });
    expect(chooseView('text/csv', 'x://a')).toEqual({ kind: 'text' });
    expect(chooseView('image/webp', 'x://a')).toEqual({ kind: 'image', mimeType: 'image/webp' });
    expect(chooseView('image/svg+xml', 'x://a')).toEqual({ kind: 'svg' });
    expect(chooseView('application/gzip', 'x://a.md')).toEqual({ kind: 'binary' });
  });

  it('falls back to the extension only when the type is missing', () => {
    expect(chooseView(undefined, 'file:///docs/README.MD')).toEqual({ kind: 'markdown' });
    expect(chooseView('', 'db://schema/users.sql?v=2#top')).toEqual({
      kind: 'code',
      language: 'sql',
    });
    expect(chooseView(undefined, 'x://img/logo.png')).toEqual({
      kind: 'image',
      mimeType: 'image/png',
    });
    expect(chooseView(undefined, 'x://archive.tar.gz')).toEqual({ kind: 'binary' });
    expect(chooseView(undefined, 'x://no-extension')).toEqual({ kind: 'binary' });
  });
});

describe('URI parts', () => {
  it('takes the last segment, without query, and no extension for a dot-file', () => {
    expect(lastSegment('https://example.com/a/b%20c.txt?x=1')).toBe('b c.txt');
    expect(lastSegment('notes://todo.md')).toBe('todo.md');
    expect(lastSegment('blob://')).toBe('');
    expect(lastSegment('demo://docs/guide/')).toBe('guide');
    expect(extensionOf('x://a/.env')).toBe('');
    expect(extensionOf('x://a/b.tar.GZ')).toBe('gz');
  });
});
