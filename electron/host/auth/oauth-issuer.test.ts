import { describe, expect, it } from 'vitest';
import { keptIssuer, notOffered, sameIssuer } from './oauth-issuer';

const client = { client_id: 'c-1', redirect_uris: ['http://127.0.0.1/callback'] };

describe('which authorization server a kept sign-in is from', () => {
  it("is the one kept with it, else the SDK's stamp on its client, else unknown", () => {
    expect(keptIssuer({ client, issuer: 'https://a.example/' })).toBe('https://a.example/');
    expect(keptIssuer({ client: { ...client, issuer: 'https://b.example' } })).toBe(
      'https://b.example',
    );
    expect(keptIssuer({ client })).toBeUndefined();
    expect(keptIssuer(undefined)).toBeUndefined();
  });

  it('compares issuers as they are, but for one trailing slash', () => {
    expect(sameIssuer('https://a.example', 'https://a.example/')).toBe(true);
    expect(sameIssuer('https://a.example/t1', 'https://a.example/t2')).toBe(false);
    expect(sameIssuer('https://A.example', 'https://a.example')).toBe(false);
  });

  it('offers a kept client only to the authorization server it is from', () => {
    const kept = { client, issuer: 'https://a.example/' };
    expect(notOffered(kept, 'https://a.example')).toBeUndefined();
    expect(notOffered(kept, 'https://b.example/')).toBe(
      'the authorization server is now https://b.example/, not https://a.example/: the client kept from that one is not offered to it',
    );
    // Kept before the authorization server was recorded: where it is from is not known.
    expect(notOffered({ client }, 'https://a.example/')).toContain('names no authorization server');
  });
});
