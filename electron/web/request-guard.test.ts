import { describe, expect, it } from 'vitest';
import { guardRequest, readCookie } from './request-guard';

const PORT = 6277;
const TOKEN = 'k'.repeat(43);
const page = { host: `127.0.0.1:${PORT}`, origin: undefined, token: TOKEN };

describe('guardRequest', () => {
  it('lets the page in with its token, on 127.0.0.1 or localhost', () => {
    expect(guardRequest(page, PORT, TOKEN, false)).toEqual({ ok: true });
    expect(
      guardRequest(
        { ...page, host: `localhost:${PORT}`, origin: `http://localhost:${PORT}` },
        PORT,
        TOKEN,
        true,
      ),
    ).toEqual({ ok: true });
  });

  it('refuses a missing or wrong token', () => {
    expect(guardRequest({ ...page, token: undefined }, PORT, TOKEN, false)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(guardRequest({ ...page, token: 'x'.repeat(43) }, PORT, TOKEN, false)).toMatchObject({
      ok: false,
      status: 401,
      reason: 'refused: wrong token',
    });
    expect(guardRequest({ ...page, token: TOKEN.slice(1) }, PORT, TOKEN, false)).toMatchObject({
      ok: false,
      status: 401,
    });
  });

  it('refuses a rebound Host even with the right token (DNS rebinding)', () => {
    const verdict = guardRequest({ ...page, host: `evil.example:${PORT}` }, PORT, TOKEN, false);
    expect(verdict).toMatchObject({ ok: false, status: 421 });
    expect(
      guardRequest({ ...page, host: `127.0.0.1:${PORT + 1}` }, PORT, TOKEN, false),
    ).toMatchObject({ ok: false });
    expect(guardRequest({ ...page, host: undefined }, PORT, TOKEN, false)).toMatchObject({
      ok: false,
    });
  });

  it('refuses a foreign Origin even with the right token (CSRF)', () => {
    expect(
      guardRequest({ ...page, origin: 'https://evil.example' }, PORT, TOKEN, false),
    ).toMatchObject({ ok: false, status: 403 });
    expect(guardRequest({ ...page, origin: 'null' }, PORT, TOKEN, false)).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it('requires an Origin on the socket', () => {
    expect(guardRequest(page, PORT, TOKEN, true)).toMatchObject({ ok: false, status: 403 });
  });
});

describe('readCookie', () => {
  it('finds one cookie among several', () => {
    expect(readCookie('a=1; mcp_context_token=abc=; b=2', 'mcp_context_token')).toBe('abc=');
    expect(readCookie(undefined, 'x')).toBeUndefined();
  });
});
