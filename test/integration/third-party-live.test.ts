// Real third-party servers that push by themselves: @modelcontextprotocol/server-everything
// 2025.1.14 sends resources/updated for subscribed URIs every 5 s; 2025.9.25 every 10 s, and a
// log message every 15 s. What the context holds from them is re-read by itself, and the log
// reaches the timeline. (2026.8.31 pushes only after one of its tools is called; we call none.)
import { afterEach, describe, expect, it } from 'vitest';
import { resourceKeyString } from '../../shared/catalog/resource-key';
import type { ServerConfig } from '../../shared/mcp-types';
import type { Host } from '../../electron/host/host';
import { nextEvent, settled, startHost } from './harness';

const versions: { version: string; config: ServerConfig; logs: boolean }[] = [
  {
    version: '2025.1.14',
    config: {
      name: 'everything 2025.1.14',
      transport: {
        kind: 'stdio',
        command: process.execPath,
        args: ['node_modules/server-everything-2025-01/dist/index.js'],
      },
    },
    logs: false,
  },
  {
    version: '2025.9.25',
    config: {
      name: 'everything 2025.9.25',
      transport: {
        kind: 'stdio',
        command: process.execPath,
        args: ['node_modules/server-everything-2025/dist/index.js', 'stdio'],
      },
    },
    logs: true,
  },
];

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe.each(versions)('server-everything $version, live', ({ config, logs }) => {
  it(`the subscribed resource in the context is re-read by itself${logs ? ', and log messages reach the timeline' : ''}`, async () => {
    ({ host } = startHost([config]));
    const { servers } = await settled(host);
    const server = servers[0];
    expect(server?.capabilities).toMatchObject({ logging: {}, resources: { subscribe: true } });
    const id = server?.id as string;
    const uri = 'test://static/resource/1';
    host.context.session.setSettings({ ...host.context.session.settings, auto: false });
    host.context.session.setMarks([resourceKeyString({ serverId: id, uri })], 'pin');
    await host.setLogLevel(id, 'debug');
    expect((await host.getSnapshot()).servers[0]?.logLevel).toBe('debug');

    // The host subscribed to it because it is in the context; each push of the server reads it
    // again.
    const reads = () =>
      host!.trace
        .all()
        .filter(
          (record) =>
            record.direction === 'send' &&
            record.method === 'resources/read' &&
            record.json.includes(uri),
        ).length;
    await host.context.settled();
    const before = reads();
    expect(before).toBeGreaterThanOrEqual(1);
    const log = new Promise((resolve) =>
      host!.timeline.onEntry((entry) => entry.kind === 'log' && resolve(entry)),
    );
    await nextEvent(host, (event) => event.type === 'resource-updated' && event.uri === uri);
    await expect.poll(reads).toBeGreaterThan(before);
    const settledAgain = await host.context.settled();
    expect(settledAgain?.text).toContain(`- URI: ${uri}`);
    if (logs) {
      const entry = (await log) as { level: string; detail: string };
      expect(entry.level).toMatch(/^(debug|info|notice|warning|error|critical|alert|emergency)$/);
      expect(entry.detail).toMatch(/-level message|level-message/);
    }
    expect(
      host.timeline
        .entries()
        .filter((e) => e.kind === 'updated')
        .map((e) => e.uri),
    ).toContain(uri);
  });
});
