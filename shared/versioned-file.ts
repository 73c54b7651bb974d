/**
 * The first steps of reading one of our versioned JSON files (a profile, a capture): it is
 * JSON, it says our kind, and this app reads its version. Never throws; the caller checks the
 * rest with its own schema. Imports nothing.
 */
export function readVersionedJson(
  text: string,
  expected: { kind: string; what: string; version: number; newer(version: number): string },
): { raw: Record<string, unknown> } | { problem: { message: string; newer: boolean } } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return {
      problem: {
        message: `it is not JSON (${error instanceof Error ? error.message : String(error)})`,
        newer: false,
      },
    };
  }
  if (typeof raw !== 'object' || raw === null || (raw as { kind?: unknown }).kind !== expected.kind)
    return {
      problem: { message: `it is not an MCP Context Inspector ${expected.what}`, newer: false },
    };
  const version = (raw as { version?: unknown }).version;
  if (typeof version === 'number' && version > expected.version)
    return { problem: { message: expected.newer(version), newer: true } };
  return { raw: raw as Record<string, unknown> };
}
