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
});
