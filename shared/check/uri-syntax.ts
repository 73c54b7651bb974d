/**
 * Whether a string is a URI by the syntax of RFC 3986 (§3): a scheme, a colon, and the rest made
 * only of the characters a URI may hold, each `%` starting an escape of two hex digits, brackets
 * only around an IP literal host, one `#` at most, and a port of digits. `"not a uri"` is not one
 * (no scheme, spaces); `file:///a%20b`, `urn:isbn:0451450523` and `demo://x/y?q=1#f` are.
 * Pure, and linear in the string's length.
 */

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** unreserved / pct-encoded / sub-delims / ":" / "@" / "/" / "?" / "#" (RFC 3986 §2). */
const REST = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#]|%[0-9A-Fa-f]{2})*$/;
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
    if (!AUTHORITY.test(authority)) return false;
    rest = end < 0 ? '' : rest.slice(end + 2);
  }
  return REST.test(rest);
}
