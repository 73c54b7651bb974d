/**
 * Parsing of browser mode's frames and event lines (shared/ws-protocol.ts); pure so it can be
 * tested without a socket.
 */
import type { RpcResponse } from '../shared/host-remote';
import type { WsServerMessage } from '../shared/ws-protocol';
import type { WindowEvent, WindowSnapshot } from '../shared/window-api';

/** One frame from the host, checked for shape; `null` for anything we cannot use. */
export function parseServerFrame(text: unknown): WsServerMessage | null {
  if (typeof text !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  // The response body is checked by unwrapRpcResponse, which turns junk into a HostError.
  if (typeof record.id === 'number' && 'response' in record) {
    const reply = { id: record.id, response: record.response as RpcResponse };
    return typeof record.after === 'number' ? { ...reply, after: record.after } : reply;
  }
  const snapshot = record.snapshot as Partial<WindowSnapshot> | undefined;
  if (typeof snapshot === 'object' && snapshot !== null) {
    if (
      typeof snapshot.seq !== 'number' ||
      !Array.isArray(snapshot.servers) ||
      !Array.isArray(snapshot.catalogs)
    )
      return null;
    return { snapshot: snapshot as WindowSnapshot };
  }
  const event = record.event as Partial<WindowEvent> | undefined;
  if (typeof event === 'object' && event !== null) {
    if (typeof event.seq !== 'number' || typeof event.type !== 'string') return null;
    return { event: event as WindowEvent };
  }
  return null;
}

/**
 * Close codes that mean the host refused us rather than went away: 1008 (policy violation)
 * and the 4401/4403 pair some servers use. The browser hides the HTTP status of a failed
 * handshake, so this and the probe in ws-host-api are all we can know.
 */
export function isRefusalCloseCode(code: number): boolean {
  return code === 1008 || code === 4401 || code === 4403;
}

/** The socket URL for a page opened at `http://127.0.0.1:PORT/?token=T`. */
export function socketUrl(
  location: { protocol: string; host: string },
  path: string,
  tokenParam: string,
  token: string,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}?${tokenParam}=${encodeURIComponent(token)}`;
}

/**
 * Splits a byte stream into its lines, decoding UTF-8 across chunk boundaries: the event
 * stream's chunks end anywhere, even inside a character. A long line is joined once, when
 * its end arrives, never grown chunk by chunk.
 */
export function createLineSplitter(onLine: (line: string) => void): {
  push(chunk: Uint8Array): void;
  end(): void;
} {
  const decoder = new TextDecoder();
  let pieces: string[] = [];
  function take(text: string): void {
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      pieces.push(text.slice(start, end));
      const line = pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
      pieces = [];
      start = end + 1;
      onLine(line);
    }
    if (start < text.length) pieces.push(start === 0 ? text : text.slice(start));
  }
  return {
    push: (chunk) => take(decoder.decode(chunk, { stream: true })),
    end() {
      take(decoder.decode());
      // An unfinished last line is a message cut off: dropped, like a frame cut off.
      pieces = [];
    },
  };
}
