import { describe, expect, it } from 'vitest';
import { checkResource, MAX_NAME_LENGTH } from './validate-item';

describe('checkResource', () => {
  it('keeps every valid field', () => {
    const { entry, problems } = checkResource('s', {
      uri: 'docs://a',
      name: 'a',
      title: 'A',
      description: 'd',
      mimeType: 'text/markdown',
      size: 12,
      icons: [{ src: 'data:image/png;base64,AAAA', mimeType: 'image/png', sizes: ['16x16'] }],
      annotations: { audience: ['user', 'assistant'], priority: 1, lastModified: '2026-10-01T12:00:00Z' },
      _meta: { k: 1 },
    });
    expect(problems).toEqual([]);
    expect(entry).toMatchObject({ serverId: 's', uri: 'docs://a', size: 12, annotations: { audience: ['user', 'assistant'], priority: 1 } });
    expect(entry?.icons?.[0]?.sizes).toEqual(['16x16']);
  });

  it('treats invalid annotations as absent, each with its own problem', () => {
    const { entry, problems } = checkResource('s', {
      uri: 'docs://a',
      name: 'a',
      annotations: { priority: 1.7, audience: ['bot'], lastModified: 'last tuesday' },
    });
    expect(entry?.annotations).toBeUndefined();
    expect(problems).toEqual([
      'audience ["bot"] is not a list of "user" and "assistant"; treated as absent',
      'priority number 1.7 is not a number from 0 to 1; treated as absent',
      'lastModified "last tuesday" is not an ISO 8601 timestamp; treated as absent',
    ]);
  });

  it('keeps priority 0 and 1 exactly', () => {
    expect(checkResource('s', { uri: 'a://', name: 'a', annotations: { priority: 0 } }).entry?.annotations).toEqual({ priority: 0 });
    expect(checkResource('s', { uri: 'a://', name: 'a', annotations: { priority: 1 } }).entry?.annotations).toEqual({ priority: 1 });
  });

  it('cuts a 200 KB name and says so', () => {
    const { entry, problems } = checkResource('s', { uri: 'a://x', name: 'n'.repeat(200_000) });
    expect(entry?.name).toHaveLength(MAX_NAME_LENGTH);
    expect(problems[0]).toContain('200,000 characters');
  });

  it('drops a wrongly typed optional field but keeps the resource', () => {
    const { entry, problems } = checkResource('s', { uri: 'a://x', name: 'x', title: 5, size: -1, mimeType: ['x'] });
    expect(entry).toEqual({ serverId: 's', uri: 'a://x', name: 'x' });
    expect(problems).toHaveLength(3);
  });

  it('keeps script in strings as inert data', () => {
    const name = '<script>alert(1)</script>';
    expect(checkResource('s', { uri: 'a://x', name }).entry?.name).toBe(name);
  });
});
