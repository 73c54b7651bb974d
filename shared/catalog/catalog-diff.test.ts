import { describe, expect, it } from 'vitest';
import type { ResourceEntry, TemplateEntry } from '../mcp-types';
import { describeCounts, diffCatalog, diffCounts, isEmptyDiff } from './catalog-diff';

const resource = (uri: string, extra: Partial<ResourceEntry> = {}): ResourceEntry => ({
  serverId: 's1',
  uri,
  name: uri,
  ...extra,
});
const template = (uriTemplate: string, extra: Partial<TemplateEntry> = {}): TemplateEntry => ({
  serverId: 's1',
  uriTemplate,
  name: uriTemplate,
  ...extra,
});

describe('diffCatalog', () => {
  it('finds what was added, removed and changed, in listing order', () => {
    const before = {
      resources: [
        resource('a://1'),
        resource('a://2', { title: 'Two' }),
        resource('a://3', { size: 10 }),
      ],
      templates: [template('a://{x}')],
    };
    const after = {
      resources: [
        resource('a://4'),
        resource('a://2', { title: 'Two, renamed' }),
        resource('a://3', { size: 10 }),
        resource('a://0'),
      ],
      templates: [template('a://{x}', { mimeType: 'text/plain' }), template('a://{y}')],
    };
    const diff = diffCatalog(before, after);
    expect(diff.resources).toEqual({
      added: ['a://4', 'a://0'],
      removed: ['a://1'],
      changed: ['a://2'],
    });
    expect(diff.templates).toEqual({ added: ['a://{y}'], removed: [], changed: ['a://{x}'] });
    expect(diffCounts(diff)).toEqual({ added: 3, removed: 1, changed: 2 });
    expect(describeCounts(diffCounts(diff))).toBe('+3 \u22121 ~2');
  });

  it('counts annotations, size and MIME type as changes, but not a new description or name', () => {
    const base = resource('a://1', {
      annotations: { audience: ['user', 'assistant'], priority: 0.5 },
    });
    const cases: [Partial<ResourceEntry>, boolean][] = [
      [{ annotations: { audience: ['assistant', 'user'], priority: 0.5 } }, false],
      [{ annotations: { audience: ['user'], priority: 0.5 } }, true],
      [{ annotations: { audience: ['user', 'assistant'], priority: 0.9 } }, true],
      [
        {
          annotations: {
            audience: ['user', 'assistant'],
            priority: 0.5,
            lastModified: '2026-12-01T10:00:00Z',
          },
        },
        true,
      ],
      [{ annotations: { audience: ['user', 'assistant'], priority: 0.5 }, size: 3 }, true],
      [
        {
          annotations: { audience: ['user', 'assistant'], priority: 0.5 },
          mimeType: 'text/markdown',
        },
        true,
      ],
      [
        {
          annotations: { audience: ['user', 'assistant'], priority: 0.5 },
          description: 'new words',
          name: 'other',
        },
        false,
      ],
    ];
    for (const [extra, changed] of cases) {
      const diff = diffCatalog(
        { resources: [base], templates: [] },
        { resources: [resource('a://1', extra)], templates: [] },
      );
      expect(diff.resources.changed.length === 1, JSON.stringify(extra)).toBe(changed);
    }
  });

  it('says nothing changed for the same listing, and takes a URI listed twice once', () => {
    const list = {
      resources: [resource('a://1'), resource('a://1', { title: 'again' })],
      templates: [],
    };
    const diff = diffCatalog(list, { resources: [resource('a://1')], templates: [] });
    expect(isEmptyDiff(diff)).toBe(true);
    expect(describeCounts(diffCounts(diff))).toBe('no change');
  });

  it('diffs 100,000 resources with every tenth changed', () => {
    const before = Array.from({ length: 100_000 }, (_, i) => resource(`big://${i}`, { size: i }));
    const after = before.map((entry, i) => (i % 10 === 0 ? { ...entry, size: i + 1 } : entry));
    const diff = diffCatalog(
      { resources: before, templates: [] },
      { resources: after, templates: [] },
    );
    expect(diff.resources.changed).toHaveLength(10_000);
    expect(diff.resources.added).toHaveLength(0);
  });
});
