import { describe, expect, it } from 'vitest';
import { expiresSoon } from './oauth-kept';
import { insecureAuthorizationServer } from './oauth-words';

describe('sign-in rules', () => {
  it('an authorization server over plain http is refused, but on loopback', () => {
    expect(insecureAuthorizationServer('https://auth.example/')).toBeUndefined();
    expect(insecureAuthorizationServer('http://127.0.0.1:4000/')).toBeUndefined();
    expect(insecureAuthorizationServer('http://localhost/')).toBeUndefined();
    expect(insecureAuthorizationServer('http://[::1]:9/')).toBeUndefined();
    expect(insecureAuthorizationServer('http://auth.example/')).toBe('the authorization server auth.example is not on https: a sign-in there would send the token in the clear; refused');
    expect(insecureAuthorizationServer('http://10.0.0.5/')).toContain('not on https');
  });

  it('tokens are refreshed ahead when they expire within a minute, and only when they can be', () => {
    const now = 1_000_000;
    const tokens = { access_token: 'a', token_type: 'Bearer', refresh_token: 'r', expires_in: 3600 };
    expect(expiresSoon({ tokens, savedAt: now }, now)).toBe(false);
    expect(expiresSoon({ tokens, savedAt: now - 3_590_000 }, now)).toBe(true);
    expect(expiresSoon({ tokens: { ...tokens, refresh_token: undefined }, savedAt: now - 3_590_000 }, now)).toBe(false);
    expect(expiresSoon({ tokens: { ...tokens, expires_in: undefined }, savedAt: now }, now)).toBe(false);
  });
});
