// One message over the cap closes the connection, on every transport, in the same words: the line
// `mcp-context list` prints. A small cap stands in for the default 256 MiB.
import { afterEach, describe, expect, it } from 'vitest';
import type { Host } from '../../electron/host/host';
import { whyDown } from '../../electron/cli/server-lines';
import { fixture, settled, startHost } from './harness';

const MIB = 1024 * 1024;
const OVER = 'the server sent a message over 1 MB; closing the connection';

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('a message over the cap', () => {
  it('over stdio: the read fails, and the server is down for that reason alone', async () => {
    ({ host } = startHost([fixture('hostile-server.ts', '--mode', 'huge')], {
      maxMessageBytes: MIB,
    }));
    const { servers } = await settled(host);
    expect(servers[0]?.status).toBe('connected');
    // 30 MiB of text, answered on one line.
    await expect(
      host.readResource(servers[0]?.id as string, 'hostile://huge/text'),
    ).rejects.toMatchObject({ code: 'disconnected' });
    const down = (await host.getSnapshot()).servers[0];
    expect(down?.disconnect?.reason).toBe(OVER);
    expect(whyDown(down!)).toBe(OVER);
  });
});
