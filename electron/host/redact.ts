/**
 * Header and environment values often hold credentials; snapshots that leave the host
 * (to a renderer, a log, a capture) carry only their names, and a trace keeps no secret of
 * a server's config even where the server echoes one back.
 */
import type { ServerConfig, ServerTransportConfig } from '../../shared/mcp-types';

const HIDDEN = '••••';
export const REDACTED = '[redacted]';
/** An env key that names a credential. */
const CREDENTIAL_KEY = /key|token|secret|passw|pwd|auth|credential|cookie|session|private|signature|cert/i;
/** Shorter values are not told apart from ordinary words and numbers. */
const MIN_SECRET = 6;

function redactValues(record: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!record) return undefined;
  return Object.fromEntries(Object.keys(record).map((key) => [key, HIDDEN]));
}

/** The transport config with every header and env value replaced by a mask. */
export function redactTransport(transport: ServerTransportConfig): ServerTransportConfig {
  if (transport.kind === 'stdio') {
    const env = redactValues(transport.env);
    return { ...transport, args: [...transport.args], ...(env && { env }) };
  }
  const headers = redactValues(transport.headers);
  return { ...transport, ...(headers && { headers }) };
}

/**
 * The values of a config that must never be kept in a trace: every header value, and the
 * credential after its scheme ("Bearer X" gives X too); env values whose key names a
 * credential, or that look like one (16 characters or more, letters and digits). Longest first.
 */
export function secretsOf(config: ServerConfig): string[] {
  const transport = config.transport;
  const found: string[] = [];
  if (transport.kind === 'stdio') {
    for (const [key, value] of Object.entries(transport.env ?? {})) {
      if (CREDENTIAL_KEY.test(key) || (value.length >= 16 && /[a-z]/i.test(value) && /\d/.test(value) && !/[\s/\\]/.test(value))) found.push(value);
    }
  } else {
    for (const value of Object.values(transport.headers ?? {})) {
      found.push(value);
      const scheme = /^\s*\S+\s+(\S.*)$/.exec(value);
      if (scheme?.[1]) found.push(scheme[1].trim());
    }
  }
  return [...new Set(found.filter((value) => value.length >= MIN_SECRET))].sort((a, b) => b.length - a.length);
}

/**
 * A copy of `value` with each secret replaced inside its strings (keys too); the same value
 * when no string holds one. Replacing in the strings, not in the JSON text, keeps it JSON,
 * and finds a secret however JSON would escape it.
 */
export function redactStrings<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const visit = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') {
      let out = node;
      for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
      return out;
    }
    if (typeof node !== 'object' || node === null || depth > 64) return node;
    if (Array.isArray(node)) {
      let changed = false;
      const items = node.map((item) => {
        const next = visit(item, depth + 1);
        changed ||= next !== item;
        return next;
      });
      return changed ? items : node;
    }
    let changed = false;
    const entries = Object.entries(node).map(([key, item]) => {
      const nextKey = visit(key, depth + 1) as string;
      const next = visit(item, depth + 1);
      changed ||= next !== item || nextKey !== key;
      return [nextKey, next] as const;
    });
    return changed ? Object.fromEntries(entries) : node;
  };
  return visit(value, 0) as T;
}
