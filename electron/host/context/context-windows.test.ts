import { describe, expect, it } from 'vitest';
import { resourceKeyString } from '../../../shared/catalog/resource-key';
import type { CatalogSnapshot } from '../../../shared/mcp-types';
import type { CurationServer } from './context-run';
import { createGoneMarks } from './context-windows';

const catalog = (
  uris: string[],
  status: CatalogSnapshot['status'] = 'complete',
): CatalogSnapshot => ({
  serverId: 's1',
  generation: 1,
  status,
  resources: uris.map((uri) => ({ serverId: 's1', uri, name: uri })),
  templates: [],
  pages: 1,
  warnings: [],
});

describe('createGoneMarks', () => {
  it('tells again when a server is renamed, disconnects, finishes listing or lists anew, though the marks are the same', () => {
    const gone = createGoneMarks();
    const marks = new Map([
      [resourceKeyString({ serverId: 's1', uri: 'a://kept' }), 'include' as const],
      [resourceKeyString({ serverId: 's1', uri: 'a://dropped' }), 'pin' as const],
    ]);
    const server: CurationServer = {
      id: 's1',
      name: 'docs',
      connected: true,
      catalog: catalog(['a://kept'], 'listing'),
    };
    // Still listing: nothing can be said gone yet.
    expect(gone(marks, 1, [server])).toEqual([]);
    const listed = { ...server, catalog: catalog(['a://kept']) };
    expect(gone(marks, 1, [listed]).map((entry) => [entry.uri, entry.why])).toEqual([
      ['a://dropped', 'its server no longer lists it'],
    ]);
    // The same state asked again is the same answer; a rename is not.
    expect(gone(marks, 1, [listed])).toBe(gone(marks, 1, [listed]));
    expect(gone(marks, 1, [{ ...listed, name: 'renamed' }]).map((entry) => entry.server)).toEqual([
      'renamed',
    ]);
    expect(gone(marks, 1, [{ ...listed, connected: false }]).map((entry) => entry.why)).toEqual([
      'its server is not connected',
      'its server is not connected',
    ]);
    expect(gone(marks, 1, [{ ...listed, catalog: catalog(['a://kept', 'a://dropped']) }])).toEqual(
      [],
    );
    // New marks (a new version) are told too.
    marks.delete(resourceKeyString({ serverId: 's1', uri: 'a://dropped' }));
    expect(gone(marks, 2, [listed])).toEqual([]);
  });
});
