/**
 * Requests refused together when an access token expires (a listing's pages, reads, another
 * window's host on the same sign-ins) refresh it once: with a rotating refresh token a second
 * refresh of the same token is refused, and the user would be told to sign in again.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type Host } from '../../electron/host/host';
import { createOAuthStore } from '../../electron/host/auth/oauth-store';
import { signIn } from '../../electron/host/auth/oauth-sign-in';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-server';

let fixture: OAuthFixture | undefined;
const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
  await fixture?.close();
  fixture = undefined;
});

describe('an expired token met by many requests at once', () => {
  it('is refreshed once for the requests refused together, and every request and both hosts go on connected', async () => {
    fixture = await startOAuthFixture();
    const file = join(await mkdtemp(join(tmpdir(), 'mcp-refresh-once-')), 'sign-ins.json');
    await signIn(fixture.url, createOAuthStore(file), {
      show: (url) =>
        void fetch(url, { redirect: 'manual' }).then((approved) =>
          fetch(approved.headers.get('location') as string),
        ),
    });
    // Two hosts, each with its own store on the same file (two windows' hosts, or the CLI beside
    // the app).
    for (let i = 0; i < 2; i += 1)
      hosts.push(
        createHost({
          servers: [{ name: 'remote', transport: { kind: 'http', url: fixture.url } }],
          signIns: createOAuthStore(file),
          heartbeatMs: 0,
        }),
      );
    await Promise.all(hosts.map((host) => host.ready));
    const refreshesBefore = fixture.log.refreshes;
    fixture.expireAccessTokens();
    const ids = await Promise.all(
      hosts.map(async (host) => (await host.getSnapshot()).servers[0]?.id as string),
    );
    const reads = hosts.flatMap((host, i) => [
      host.refreshCatalog(ids[i] as string),
      ...['legacy://docs/readme', 'legacy://notes/todo', 'legacy://data/config.json'].map((uri) =>
        host.readResource(ids[i] as string, uri).then(() => 'read'),
      ),
    ]);
    const settled = await Promise.allSettled(reads);
    const states = await Promise.all(
      hosts.map(async (host) => (await host.getSnapshot()).servers[0]),
    );
    expect(states.map((server) => server?.disconnect?.reason ?? server?.status)).toEqual([
      'connected',
      'connected',
    ]);
    expect(
      settled
        .filter((one) => one.status === 'rejected')
        .map((one) => String((one as PromiseRejectedResult).reason)),
    ).toEqual([]);
    expect(fixture.log.refreshes - refreshesBefore).toBe(1);
  });
});
