import { describe, expect, it } from 'vitest';
import { shouldReread } from './selection-reducer';

describe('shouldReread', () => {
  const selected = { serverId: 's1', uri: 'demo://a' };

  it('is true for an update of the selected resource', () => {
    expect(
      shouldReread(selected, { seq: 1, type: 'resource-updated', serverId: 's1', uri: 'demo://a' }),
    ).toBe(true);
  });

  it('keys by server and uri: the same uri on another server is another resource', () => {
    expect(
      shouldReread(selected, { seq: 1, type: 'resource-updated', serverId: 's2', uri: 'demo://a' }),
    ).toBe(false);
  });

  it('is false with nothing selected or for other events', () => {
    expect(
      shouldReread(null, { seq: 1, type: 'resource-updated', serverId: 's1', uri: 'demo://a' }),
    ).toBe(false);
    expect(shouldReread(selected, { seq: 1, type: 'server-removed', serverId: 's1' })).toBe(false);
  });
});
