// A window's Trace panel on the host: the rows it shows, filtered, following the newest or
// staying where it was scrolled, and what it exports.
import { afterEach, describe, expect, it } from 'vitest';
import type { HostEvent } from '../../shared/host-api';
import type { TraceFrame } from '../../shared/trace-wire';
import type { Host } from '../../electron/host/host';
import { fixture, nextEvent, settled, startHost } from './harness';

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

const frameOf = async (host: Host, run: () => Promise<void>): Promise<TraceFrame> => {
  const next = nextEvent(host, (event: HostEvent) => event.type === 'trace');
  await run();
  const event = await next;
  return (event as Extract<HostEvent, { type: 'trace' }>).frame;
};

describe('trace views', () => {
  it('filters, windows and follows the messages, and exports what matches', async () => {
    ({ host } = startHost([fixture('legacy-server.ts', '--tick-ms', '50')]));
    const id = (await settled(host)).servers[0]?.id as string;
    const all = await frameOf(host, () => host!.updateTrace('w', { count: 5 }));
    expect(all.rows).toHaveLength(5);
    expect(all.first).toBe(all.total - 5);
    expect(all.methods).toEqual(
      expect.arrayContaining(['initialize', 'resources/list', 'resources/templates/list']),
    );

    const lists = await frameOf(host, () =>
      host!.updateTrace('w', { filter: { method: 'resources/list' }, count: 100 }),
    );
    expect(lists.total).toBe(8);
    expect(lists.rows.map((row) => row.direction)).toEqual([
      'send',
      'receive',
      'send',
      'receive',
      'send',
      'receive',
      'send',
      'receive',
    ]);
    expect(lists.rows.every((row) => typeof row.duration === 'number')).toBe(true);

    // Scrolled back, a panel stays put while updates come in; following, it moves with them.
    await host.watchResources(id, ['legacy://logs/today']);
    const back = await frameOf(host, () =>
      host!.updateTrace('w', {
        filter: { method: 'notifications/resources/updated' },
        follow: false,
        first: 0,
        count: 3,
      }),
    );
    const later = await nextEvent(
      host,
      (event) => event.type === 'trace' && event.frame.total > back.total + 3,
    );
    expect(later.type === 'trace' && later.frame.first).toBe(0);
    const followed = await frameOf(host, () => host!.updateTrace('w', { follow: true }));
    expect(followed.first).toBe(followed.total - 3);

    const jsonl = await host.exportTrace({ method: 'resources/list', text: 'changelog' });
    const lines = jsonl
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { direction: string; server: string; message: { result?: unknown } },
      );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ direction: 'receive', server: 'legacy-server.ts' });
    const seq = lists.rows[1]?.seq as number;
    expect(JSON.parse((await host.getTraceMessage(seq)) as string)).toHaveProperty(
      'result.resources',
    );
    await host.closeView('w');
  });
});
