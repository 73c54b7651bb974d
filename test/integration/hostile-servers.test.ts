// Servers that loop, lie, crash, hang or send too much. None of it may hang or crash the host.
import { afterEach, describe, expect, it } from 'vitest';
import type { Host } from '../../electron/host/host';
import { fixture, settled, startHost } from './harness';

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

const hostile = (mode: string) => fixture('hostile-server.ts', '--mode', mode);

describe('hostile servers', () => {
  it('stops a cursor loop with a warning that names it', async () => {
    ({ host } = startHost([hostile('cursor-loop')]));
    const { catalogs } = await settled(host);
    expect(catalogs[0]?.status).toBe('complete');
    expect(catalogs[0]?.warnings.find((w) => w.kind === 'cursor-loop')?.message).toMatch(
      /cursor loop: page 3 points back to cursor "A" first seen on page 1/,
    );
  });

  it('stops pages that bring nothing new', async () => {
    ({ host } = startHost([hostile('no-progress')]));
    const { catalogs } = await settled(host);
    expect(catalogs[0]?.resources.map((r) => r.uri)).toEqual([
      'hostile://same/1',
      'hostile://same/2',
    ]);
    expect(catalogs[0]?.warnings.map((w) => w.kind)).toContain('no-progress');
  });

  it('reports duplicate URIs', async () => {
    ({ host } = startHost([hostile('duplicates')]));
    const { catalogs } = await settled(host);
    expect(catalogs[0]?.warnings).toContainEqual(
      expect.objectContaining({ kind: 'duplicate-uri', uri: 'hostile://dup/a', page: 2 }),
    );
  });

  it('leaves invalid items out and keeps the valid ones', async () => {
    ({ host } = startHost([hostile('invalid-items')]));
    const { catalogs } = await settled(host);
    const uris = catalogs[0]?.resources.map((r) => r.uri) ?? [];
    expect(uris[0]).toBe('hostile://valid/first');
    expect(uris.at(-1)).toBe('hostile://valid/last');
    const messages = catalogs[0]?.warnings.map((w) => w.message).join('\n');
    expect(messages).toMatch(/left out: it has no uri/);
    expect(messages).toMatch(/priority number 1\.7 is not a number from 0 to 1/);
    expect(messages).toMatch(/audience \["bot"\]/);
    expect(messages).toMatch(/"last tuesday" is not an ISO 8601 timestamp/);
  });

  it('shows a crash on read as a disconnect with the exit code and the last stderr lines', async () => {
    ({ host } = startHost([hostile('crash-on-read')]));
    const { servers, catalogs } = await settled(host);
    const id = servers[0]?.id as string;
    const uri = catalogs[0]?.resources[0]?.uri as string;
    await expect(host.readResource(id, uri)).rejects.toMatchObject({ code: 'disconnected' });
    const after = (await host.getSnapshot()).servers[0];
    expect(after?.status).toBe('disconnected');
    expect(after?.disconnect).toMatchObject({
      reason: 'the server exited with code 3',
      exitCode: 3,
    });
    expect(after?.disconnect?.stderrTail.length).toBeGreaterThan(0);
  });

  it('times out a read that never comes back', async () => {
    // The time every request has, the connection's among them: far above what a loaded machine
    // takes to start the server and list it.
    ({ host } = startHost([hostile('hang-on-read')], { requestTimeoutMs: 10_000 }));
    const { servers, catalogs } = await settled(host);
    expect(servers[0]?.status).toBe('connected');
    await expect(
      host.readResource(servers[0]?.id as string, catalogs[0]?.resources[0]?.uri as string),
    ).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringContaining('timed out after 10 s'),
    });
  });

  it('cancels a read on request', async () => {
    ({ host } = startHost([hostile('hang-on-read')]));
    const { servers, catalogs } = await settled(host);
    const pending = host.readResource(
      servers[0]?.id as string,
      catalogs[0]?.resources[0]?.uri as string,
      'req-1',
    );
    // Cancelled once it is out to the server, which never answers it.
    await expect
      .poll(() =>
        host!.trace
          .all()
          .some((record) => record.direction === 'send' && record.method === 'resources/read'),
      )
      .toBe(true);
    await host.cancelRequest('req-1');
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('shows a server that exits at start as disconnected, with its code and stderr', async () => {
    ({ host } = startHost([hostile('exit-at-start')]));
    const { servers } = await settled(host);
    expect(servers[0]?.status).toBe('disconnected');
    expect(servers[0]?.disconnect?.exitCode).toBe(2);
    expect(servers[0]?.disconnect?.reason).toContain('exited with code 2');
    expect(servers[0]?.disconnect?.stderrTail.join('\n')).not.toBe('');
  });

  it('reports a command that does not exist', async () => {
    ({ host } = startHost([
      { name: 'missing', transport: { kind: 'stdio', command: 'no-such-command-xyz', args: [] } },
    ]));
    const { servers } = await settled(host);
    expect(servers[0]?.disconnect?.reason).toBe('command not found: no-such-command-xyz');
  });

  it('reads a 30 MB resource whole', async () => {
    ({ host } = startHost([hostile('huge')]));
    const { servers } = await settled(host);
    const result = await host.readResource(servers[0]?.id as string, 'hostile://huge/text');
    expect(result.contents[0]?.size).toBe(30 * 1024 * 1024);
  });
});
