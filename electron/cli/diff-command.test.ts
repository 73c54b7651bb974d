import { describe, expect, it } from 'vitest';
import type { CaptureDiff } from '../../shared/capture/capture-diff';
import { human } from './diff-command';

describe('mcp-context diff, in words', () => {
  it('writes out 200,000 differences and a 200,000-line patch', () => {
    const count = 200_000;
    const diff: CaptureDiff = {
      same: false,
      a: { capturedAt: '2026-12-01T10:00:00.000Z', tool: 'mcp-context 0.1.0' },
      b: { capturedAt: '2026-12-02T10:00:00.000Z', tool: 'mcp-context 0.1.0' },
      servers: [],
      resources: Array.from({ length: count }, (_, i) => ({
        server: 'docs',
        uri: `a://n/${i}`,
        change: 'added' as const,
        fields: [],
      })),
      templates: [],
      warnings: [],
      settings: [],
      marks: [],
      decisions: [],
      context: {
        same: false,
        tokens: { before: 1, after: count },
        added: count,
        removed: 0,
        patch: Array.from({ length: count }, (_, i) => `+line ${i}`).join('\n'),
      },
    };
    const lines = human(diff, 'a.json', 'b.json').split('\n');
    expect(lines).toContain('resources:');
    expect(lines).toContain('  + docs  a://n/199999');
    expect(lines).toContain('+line 199999');
  });

  it('says first what came in and went out, and which input changed, before 300 reasons moved', () => {
    const decision = (uri: string, before: boolean, after: boolean, kind = 'relevant') => ({
      server: 'kb',
      uri,
      turned: before !== after,
      before: { kind: before ? kind : 'not-relevant', included: before, reason: 'a', tokens: 10 },
      after: { kind: after ? kind : 'not-relevant', included: after, reason: 'b', tokens: 10 },
    });
    const diff: CaptureDiff = {
      same: false,
      a: { capturedAt: '2026-12-01T10:00:00.000Z', tool: 'mcp-context 0.1.0' },
      b: { capturedAt: '2026-12-02T10:00:00.000Z', tool: 'mcp-context 0.1.0' },
      servers: [],
      resources: [],
      templates: [],
      warnings: [],
      settings: [{ field: 'focus', before: '(none)', after: 'rotate the credentials' }],
      marks: [],
      decisions: [
        ...Array.from({ length: 300 }, (_, i) => decision(`kb://same/${i}`, true, true, 'fill')),
        decision('kb://runbooks/rotate.md', false, true),
        decision('kb://adr/0001.md', true, false, 'fill'),
      ] as CaptureDiff['decisions'],
      context: {
        same: false,
        tokens: { before: 900, after: 950 },
        added: 3,
        removed: 2,
        patch: '',
      },
    };
    const lines = human(diff, 'a.json', 'b.json').split('\n');
    expect(lines.slice(2, 7)).toEqual([
      'what changed the outcome:',
      '  the context: 1 in, 1 out; 900 → 950 tokens',
      '    + kb  kb://runbooks/rotate.md (relevant)',
      '    - kb  kb://adr/0001.md (now not-relevant)',
      '  what changed: settings: focus (none) → rotate the credentials',
    ]);
    // The detail comes last.
    expect(lines.indexOf('decisions the same, their reasons moved:')).toBeGreaterThan(
      lines.findIndex((line) => line.startsWith('context: ')),
    );
  });
});
