import { describe, expect, it } from 'vitest';
import type { Curated } from '../../shared/context/curate';
import type { Decision } from '../../shared/context/policy';
import { explainTable } from './assemble-command';

describe('mcp-context assemble --explain', () => {
  it('lays out a table of 200,000 decisions', () => {
    const decisions: Decision[] = Array.from({ length: 200_000 }, (_, i) => ({
      serverId: 's1',
      uri: `a://n/${i}`,
      key: `s1 a://n/${i}`,
      kind: i === 0 ? 'auto' : 'not-relevant',
      included: i === 0,
      reason: i === 0 ? 'rank 1' : 'not relevant to the focus',
      tokens: i === 0 ? 1_234_567 : 10,
      estimated: i !== 0,
      warnings: [],
      rank: i + 1,
    }));
    // The table reads the decisions and the context's order, nothing else of a curation.
    const curated = { result: { decisions, contextKeys: [] } } as unknown as Curated;
    const lines = explainTable(curated).trimEnd().split('\n');
    expect(lines).toHaveLength(200_001);
    // Columns as wide as the widest kind and token count.
    expect(lines[0]).toBe(`${'decision'.padEnd(12)}  ${'tokens'.padStart(9)}  uri — reason`);
    expect(lines[1]).toBe(`${'auto'.padEnd(12)}  1,234,567  a://n/0 — rank 1`);
  });
});
