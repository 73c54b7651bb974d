import { describe, expect, it } from 'vitest';
import type { ResourceEntry } from '../../../shared/host-api';
import { filterResources } from './filter-resources';

const a: ResourceEntry = { serverId: 's1', uri: 'file:///README.md', name: 'readme', title: 'Project Readme' };
const b: ResourceEntry = { serverId: 's1', uri: 'db://users', name: 'users', description: 'All USERS of the app' };
const c: ResourceEntry = { serverId: 's2', uri: 'file:///readme.txt', name: 'notes' };

describe('filterResources', () => {
  it('matches title, name, uri and description case-insensitively across servers', () => {
    expect(filterResources([[a, b], [c]], 'README', 10).shown).toEqual([a, c]);
    expect(filterResources([[a, b], [c]], 'users of', 10).shown).toEqual([b]);
  });

  it('caps what it returns but counts every match', () => {
    const many = Array.from({ length: 1000 }, (_, i): ResourceEntry => ({ serverId: 's', uri: `x://${i}`, name: `n${i}` }));
    const result = filterResources([many], 'x://', 50);
    expect(result.shown).toHaveLength(50);
    expect(result.total).toBe(1000);
    expect(filterResources([many, [a]], '  ', 5).total).toBe(1001);
  });
});
