import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { serveModernFixture } from '../../../test/fixtures/modern-fixture';
import { tracedTransport } from './traced-transport';

describe('the traced transport', () => {
  it('tells each message once, both ways, though the SDK chains and restores its handlers', async () => {
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    serveModernFixture(serverEnd);
    const told: { direction: string; id?: unknown; method?: unknown }[] = [];
    const traced = tracedTransport(clientEnd, (direction, message) =>
      told.push({
        direction,
        id: (message as { id?: unknown }).id,
        method: (message as { method?: unknown }).method,
      }),
    );
    // 'auto' probes server/discover first (a handler put in place and taken back), then talks.
    const client = new Client(
      { name: 't', version: '1' },
      { capabilities: {}, versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(traced);
    await client
      .request({ method: 'resources/list', params: {} }, undefined as never)
      .catch(() => undefined);
    await client.close();
    const keys = told.map(
      (entry) => `${entry.direction} ${String(entry.method ?? '')} ${String(entry.id ?? '')}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      told.some((entry) => entry.direction === 'send' && entry.method === 'server/discover'),
    ).toBe(true);
    const listed = told.filter((entry) => entry.method === 'resources/list');
    expect(listed).toHaveLength(1);
    expect(
      told.filter((entry) => entry.direction === 'receive' && entry.id === listed[0]?.id),
    ).toHaveLength(1);
  });
});
