import { describe, expect, it } from 'vitest';
import { declaredCapabilities } from './capabilities';

describe('declaredCapabilities', () => {
  it('lists the declared resource capabilities and completions', () => {
    expect(
      declaredCapabilities({ resources: { subscribe: true, listChanged: true }, completions: {} }),
    ).toEqual(['resources.subscribe', 'resources.listChanged', 'completions']);
  });

  it('skips what is absent or false', () => {
    expect(declaredCapabilities({ resources: { subscribe: false } })).toEqual([]);
    expect(declaredCapabilities({ resources: true, tools: {} })).toEqual([]);
    expect(declaredCapabilities(undefined)).toEqual([]);
  });
});
