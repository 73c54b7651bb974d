import { describe, expect, it } from 'vitest';
import type { HostApi } from './host-api';
import { HostError } from './host-error';
import { HOST_METHODS, createRemoteHostApi } from './host-remote';
import { ACCEPTED_METHODS, dispatchHostCall } from './host-rpc';

function recordingHost() {
  const calls: unknown[][] = [];
  const host = new Proxy({} as HostApi, {
    get:
      (_target, method: string) =>
      async (...args: unknown[]) => {
        calls.push([method, ...args]);
        if (method === 'readResource')
          throw new HostError('unknown-resource', `unknown resource: ${args[1]} (-32602)`, -32602);
        return method === 'addServer' ? 's9' : undefined;
      },
  });
  return { host, calls };
}

describe('the HostApi channel', () => {
  it('accepts exactly the methods callers may send', () => {
    expect([...ACCEPTED_METHODS].sort()).toEqual([...HOST_METHODS].sort());
  });

  it('refuses an unknown method and never reaches the host', async () => {
    const { host, calls } = recordingHost();
    const response = await dispatchHostCall(host, 'close', []);
    expect(response).toEqual({
      ok: false,
      error: { code: 'invalid-input', message: 'unknown method: close' },
    });
    expect(calls).toEqual([]);
  });

  it('refuses bad arguments with the place and the reason', async () => {
    const { host, calls } = recordingHost();
    const bad = await dispatchHostCall(host, 'addServer', [
      { name: 'x', transport: { kind: 'http', url: 'file:///etc/passwd' } },
    ]);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(!bad.ok && bad.error.message).toContain('transport.url');
    const injected = await dispatchHostCall(host, 'addServer', [
      {
        name: 'x',
        transport: { kind: 'http', url: 'http://a', headers: { X: 'a\r\nSet-Cookie: y' } },
      },
    ]);
    expect(injected.ok).toBe(false);
    const extra = await dispatchHostCall(host, 'addServer', [
      { name: 'x', transport: { kind: 'stdio', command: 'node', args: [], shell: true } },
    ]);
    expect(extra.ok).toBe(false);
    expect(await dispatchHostCall(host, 'removeServer', 'not-an-array')).toMatchObject({
      ok: false,
    });
    expect(calls).toEqual([]);
  });

  it('refuses a view change that is not one: an unknown field or sort, too many keys at once, a bad candidates request', async () => {
    const { host, calls } = recordingHost();
    expect(await dispatchHostCall(host, 'updateView', ['v1', { sort: 'size' }])).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(await dispatchHostCall(host, 'updateView', ['v1', { eval: 'x' }])).toMatchObject({
      ok: false,
    });
    expect(
      await dispatchHostCall(host, 'updateView', [
        'v1',
        { pick: Array.from({ length: 20_001 }, (_, i) => `k${i}`) },
      ]),
    ).toMatchObject({ ok: false });
    expect(
      await dispatchHostCall(host, 'updateView', [
        'v1',
        { page: { folderId: 'f', direction: 'sideways' } },
      ]),
    ).toMatchObject({ ok: false });
    expect(
      await dispatchHostCall(host, 'updateView', [
        'v1',
        { page: { folderId: 'f', direction: 'next', by: 1e9 } },
      ]),
    ).toMatchObject({ ok: false });
    expect(await dispatchHostCall(host, 'openView', ['', {}])).toMatchObject({ ok: false });
    expect(
      await dispatchHostCall(host, 'listCandidates', ['s1', { from: -1, limit: 10 }]),
    ).toMatchObject({ ok: false });
    expect(
      await dispatchHostCall(host, 'listCandidates', ['s1', { from: 0, limit: 10, uris: [] }]),
    ).toMatchObject({ ok: false });
    expect(calls).toEqual([]);
    // The same change, well formed, goes through.
    expect(
      await dispatchHostCall(host, 'updateView', [
        'v1',
        { page: { folderId: 'f', direction: 'previous' } },
      ]),
    ).toMatchObject({ ok: true });
    expect(calls).toEqual([
      ['updateView', 'v1', { page: { folderId: 'f', direction: 'previous' } }],
    ]);
  });

  it('carries values and HostErrors across, code and all', async () => {
    const { host } = recordingHost();
    const remote = createRemoteHostApi(
      (method, args) => dispatchHostCall(host, method, args),
      () => () => {},
    );
    await expect(
      remote.addServer({
        name: 'x',
        transport: { kind: 'stdio', command: 'node', args: ['s.js'] },
      }),
    ).resolves.toBe('s9');
    const failure = remote.readResource('s1', 'demo://nope');
    await expect(failure).rejects.toBeInstanceOf(HostError);
    await expect(failure).rejects.toMatchObject({
      code: 'unknown-resource',
      rpcCode: -32602,
      message: 'unknown resource: demo://nope (-32602)',
    });
  });

  it('refuses a context change whose keys are not resource keys, or whose settings are out of range', async () => {
    const { host, calls } = recordingHost();
    const badKey = await dispatchHostCall(host, 'updateContext', [
      'w',
      { mark: { keys: ['not a key'], mark: 'include' } },
    ]);
    expect(badKey).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        message: 'updateContext: invalid argument at 1.mark.keys.0: not a resource key',
      },
    });
    expect(
      await dispatchHostCall(host, 'updateContext', ['w', { settings: { budget: -1 } }]),
    ).toMatchObject({ ok: false });
    expect(
      await dispatchHostCall(host, 'updateContext', [
        'w',
        { settings: { focus: 'x'.repeat(1001) } },
      ]),
    ).toMatchObject({ ok: false });
    expect(
      await dispatchHostCall(host, 'updateContext', ['w', { settings: { shell: true } }]),
    ).toMatchObject({ ok: false });
    expect(calls).toEqual([]);
    const good = await dispatchHostCall(host, 'updateContext', [
      'w',
      {
        mark: { keys: [JSON.stringify(['s1', 'x://a'])], mark: 'pin' },
        settings: { focus: 'deploy', halfLifeDays: 0 },
      },
    ]);
    expect(good).toEqual({ ok: true, value: null });
  });
});
