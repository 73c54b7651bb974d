import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { expiresSoon, keptParts } from './oauth-kept';
import { createOAuthStore } from './oauth-store';
import { insecureAuthorizationServer } from './oauth-words';

describe('sign-in rules', () => {
  it('an authorization server over plain http is refused, but on loopback', () => {
    expect(insecureAuthorizationServer('https://auth.example/')).toBeUndefined();
    expect(insecureAuthorizationServer('http://127.0.0.1:4000/')).toBeUndefined();
    expect(insecureAuthorizationServer('http://localhost/')).toBeUndefined();
    expect(insecureAuthorizationServer('http://[::1]:9/')).toBeUndefined();
    expect(insecureAuthorizationServer('http://auth.example/')).toBe(
      'the authorization server auth.example is not on https: a sign-in there would send the token in the clear; refused',
    );
    expect(insecureAuthorizationServer('http://10.0.0.5/')).toContain('not on https');
  });

  it('tokens are refreshed ahead when they expire within a minute, and only when they can be', () => {
    const now = 1_000_000;
    const tokens = {
      access_token: 'a',
      token_type: 'Bearer',
      refresh_token: 'r',
      expires_in: 3600,
    };
    expect(expiresSoon({ tokens, savedAt: now }, now)).toBe(false);
    expect(expiresSoon({ tokens, savedAt: now - 3_590_000 }, now)).toBe(true);
    expect(
      expiresSoon(
        { tokens: { ...tokens, refresh_token: undefined }, savedAt: now - 3_590_000 },
        now,
      ),
    ).toBe(false);
    expect(expiresSoon({ tokens: { ...tokens, expires_in: undefined }, savedAt: now }, now)).toBe(
      false,
    );
  });

  it('a refresh that ends after a sign-out brings no sign-in back; the token kept is read without changing what the SDK was given', async () => {
    const store = createOAuthStore(
      join(await mkdtemp(join(tmpdir(), 'mcp-kept-')), 'sign-ins.json'),
    );
    const url = 'https://mcp.example/mcp';
    const tokens = { access_token: 'a1', token_type: 'Bearer', refresh_token: 'r1' };
    await store.update(url, () => ({ client: { client_id: 'c' }, tokens }));
    const parts = keptParts(store, url);
    expect((await parts.tokens())?.access_token).toBe('a1');
    // Another process rotates them; this one reads the new token for a retry, then its own refresh
    // of r1 is refused.
    await store.update(url, (current) => ({
      ...current,
      tokens: { ...tokens, access_token: 'a2', refresh_token: 'r2' },
    }));
    expect(await parts.keptAccessToken()).toBe('a2');
    await parts.invalidateCredentials('tokens');
    expect((await store.get(url))?.tokens?.refresh_token).toBe('r2');
    // Signed out meanwhile: the refresh's late answer is not kept.
    await store.update(url, () => undefined);
    await parts.saveTokens({ ...tokens, access_token: 'a3' });
    expect(await store.get(url)).toBeUndefined();
  });

  it("a refresh refused because another process won waits for that process's tokens to be written, and keeps them", async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'mcp-kept-')), 'sign-ins.json');
    const url = 'https://mcp.example/mcp';
    const tokens = { access_token: 'a1', token_type: 'Bearer', refresh_token: 'r1' };
    await createOAuthStore(file).update(url, () => ({ client: { client_id: 'c' }, tokens }));
    const here = keptParts(createOAuthStore(file), url);
    await here.tokens();
    // Our refresh of r1 was refused; the other process's answer (r2) is written while ours waits for
    // it (its wait is a timer of the test's, so it lasts until the write is done). The SDK asks for
    // the tokens again as soon as ours are set aside.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const retried = here.invalidateCredentials('tokens').then(() => here.tokens());
      await createOAuthStore(file).update(url, (current) => ({
        ...current,
        tokens: { ...tokens, access_token: 'a2', refresh_token: 'r2' },
      }));
      await vi.runAllTimersAsync();
      expect((await retried)?.refresh_token).toBe('r2');
    } finally {
      vi.useRealTimers();
    }
  });
});
