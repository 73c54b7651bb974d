/**
 * Whether a string is a URI by the syntax of RFC 3986 (§3): a scheme, a colon, and the rest made
 * only of the characters a URI may hold, each `%` starting an escape of two hex digits, brackets
 * only around an IP literal host, one `#` at most, and a port of digits. `"not a uri"` is not one
 * (no scheme, spaces); `file:///a%20b`, `urn:isbn:0451450523` and `demo://x/y?q=1#f` are.
 * Pure, and linear in the string's length.
 */

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** unreserved / sub-delims / ":" / "@" / "/" / "?" / "#" (RFC 3986 §2), by char code. */
const ALLOWED = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?#")
  ALLOWED[ch.charCodeAt(0)] = 1;
const isHex = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);

/**
 * The rest of a URI: each character allowed, or "%" and two hex digits. A loop, not a regular
 * expression: a pattern's repetition overflowed V8's stack on a 10 MB URI.
 */
function restIsUri(rest: string): boolean {
  for (let at = 0; at < rest.length; at += 1) {
    const code = rest.charCodeAt(at);
    if (code === 37) {
      if (!isHex(rest.charCodeAt(at + 1)) || !isHex(rest.charCodeAt(at + 2))) return false;
      at += 2;
    } else if (code >= 128 || ALLOWED[code] !== 1) return false;
  }
  return true;
}

/** An authority longer than any host: not judged by the pattern below, whose stack it would fill. */
const MAX_AUTHORITY = 65_536;
/** An authority: [userinfo "@"] host [":" port], the host maybe an IP literal in brackets. */
const AUTHORITY =
  /^(?:(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*@)?(?:\[[0-9A-Fa-f:.vV\-._~!$&'()*+,;=]+\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*)(?::[0-9]*)?$/;

export function isUri(value: string): boolean {
  const scheme = SCHEME.exec(value);
  if (!scheme) return false;
  let rest = value.slice(scheme[0].length);
  if (rest.indexOf('#') !== rest.lastIndexOf('#')) return false;
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?#]/);
    const authority = end < 0 ? rest.slice(2) : rest.slice(2, end + 2);
    if (authority.length > MAX_AUTHORITY || !AUTHORITY.test(authority)) return false;
    rest = end < 0 ? '' : rest.slice(end + 2);
  }
  return restIsUri(rest);
}
