import { describe, expect, it } from 'vitest';
import { isUri } from './uri-syntax';

describe('a URI by RFC 3986', () => {
  it.each([
    'file:///project/src/main.rs',
    'file:///a%20b.txt',
    'https://example.com:8443/a/b?q=1&r=2#frag',
    'urn:isbn:0451450523',
    'demo://resource/static/document/architecture.md',
    'docs://packages/@scope/name/README.md',
    'http://[::1]:80/x',
    'mailto:someone@example.com',
    'javascript:alert(1)',
  ])('%s is one', (uri) => expect(isUri(uri)).toBe(true));

  it.each([
    'not a uri',
    '',
    'no-scheme/path',
    '1http://x',
    'file:///a b.txt',
    'a://x/%zz',
    'a://x#one#two',
    'a://x/[y]',
    'a://host:port/',
    'a://x/é',
  ])('%s is not', (uri) => expect(isUri(uri)).toBe(false));

  it('judges a 10 MB URI, never overflowing the stack', () => {
    expect(isUri(`file:///${'a/'.repeat(5_000_000)}x`)).toBe(true);
    expect(isUri(`file:///${'%41'.repeat(3_500_000)}%4`)).toBe(false);
    expect(isUri(`a://${'h'.repeat(10_000_000)}/`)).toBe(false);
  });
});
