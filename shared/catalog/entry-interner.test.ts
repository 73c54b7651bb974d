import { describe, expect, it } from 'vitest';
import { EntryInterner } from './entry-interner';
import { checkResource } from './validate-item';

const item = (uri: string, annotations: object, mimeType = 'text/markdown') => ({
  uri,
  name: uri,
  mimeType,
  annotations,
});

describe('entries a listing checks with one interner', () => {
  it('share equal annotations and MIME types, and keep different ones apart', () => {
    const interner = new EntryInterner();
    const [a, b, c, d] = [
      item('x://a', { audience: ['user'], priority: 0.5, lastModified: '2026-11-01T00:00:00Z' }),
      item('x://b', { audience: ['user'], priority: 0.5, lastModified: '2026-11-01T00:00:00Z' }),
      item('x://c', { audience: ['user'], priority: 0.4, lastModified: '2026-11-01T00:00:00Z' }),
      item('x://d', { priority: 0.5, lastModified: '2026-11-01T00:00:00Z' }, 'text/plain'),
    ].map((raw) => checkResource('s', raw, interner).entry);
    expect(b?.annotations).toBe(a?.annotations);
    expect(b?.mimeType).toBe('text/markdown');
    expect(c?.annotations).toEqual({
      audience: ['user'],
      priority: 0.4,
      lastModified: '2026-11-01T00:00:00Z',
    });
    expect(d?.annotations).toEqual({ priority: 0.5, lastModified: '2026-11-01T00:00:00Z' });
    expect(d?.mimeType).toBe('text/plain');
    // Shared, so nobody may change one under the others.
    expect(Object.isFrozen(a?.annotations)).toBe(true);
  });

  it('write the same JSON as the server sent, field for field, absent fields absent', () => {
    const interner = new EntryInterner();
    const sent = {
      uri: 'x://a',
      name: 'a',
      title: 'A',
      description: 'About a',
      mimeType: 'text/markdown',
      annotations: { audience: ['assistant'], priority: 1, lastModified: '2026-11-01' },
      size: 3,
    };
    for (const raw of [sent, { uri: 'x://b', name: 'b' }, { ...sent, uri: 'x://c' }]) {
      const { entry } = checkResource('s', raw, interner);
      expect(JSON.stringify(entry)).toBe(JSON.stringify({ serverId: 's', ...raw }));
    }
  });
});
