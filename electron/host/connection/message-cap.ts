/**
 * The largest message a server may send, the same on every transport (a stdio line, an HTTP
 * answer, one SSE event), and the words for one over it. A message over it closes the
 * connection: the host never holds more of one message than this.
 */

/** 256 MiB: far above any real message, far below what a host can hold several of. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

/** A message this large is told while it arrives (`onReceiving`), in case it takes a while. */
export const RECEIVING_FROM = 1024 * 1024;

/** A server sent a message over the cap; the connection is being closed. */
export class MessageTooLarge extends Error {
  constructor(readonly limit: number) {
    super(
      `the server sent a message over ${Math.round(limit / 1048576)} MB; closing the connection`,
    );
    this.name = 'MessageTooLarge';
  }
}

/**
 * Takes the next chunk of a body; the bytes of the message in progress after it, or Infinity
 * once one went over the cap.
 */
type Count = (chunk: Uint8Array) => number;

function wholeBody(): Count {
  let size = 0;
  return (chunk) => (size += chunk.byteLength);
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * An event stream is counted one event at a time: the bytes since the last blank line (a line
 * ends with LF, CR or CRLF). A long-lived stream carries any number of events, each under the cap.
 * Runs of line bytes are skipped with indexOf, not walked byte by byte.
 */
function eachEvent(limit: number): Count {
  let size = 0;
  let atLineStart = true;
  let afterCr = false;
  return (chunk) => {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const next = (byte: number, from: number) => {
      const found = bytes.indexOf(byte, from);
      return found === -1 ? bytes.length : found;
    };
    let lf = -1;
    let cr = -1;
    for (let at = 0; at < bytes.length;) {
      if (lf < at) lf = next(LF, at);
      if (cr < at) cr = next(CR, at);
      const lineEnd = Math.min(lf, cr);
      if (lineEnd > at) {
        size += lineEnd - at;
        if (size > limit) return Infinity;
        atLineStart = false;
        afterCr = false;
        at = lineEnd;
        continue;
      }
      const byte = bytes[at++];
      if (byte === LF && afterCr) {
        afterCr = false; // CRLF: one line end
        continue;
      }
      afterCr = byte === CR;
      // A line end at the start of a line ends a blank line: the event is over.
      size = atLineStart ? 0 : size + 1;
      atLineStart = true;
    }
    return size;
  };
}

/**
 * A fetch whose every answer is capped at `limit`: its body errors with {@link MessageTooLarge}
 * once it is over (an event stream: once one event is), after `onTooLarge` is told, and what
 * the server still sends is not read. Status, headers and where it came from are the server's.
 * `onReceiving` is told the bytes of a message past {@link RECEIVING_FROM} on each chunk, and of
 * a whole body once it has come.
 */
export function cappedFetch(
  limit: number,
  onTooLarge: (error: MessageTooLarge) => void,
  base: typeof fetch = (input, init) => fetch(input, init),
  onReceiving?: (bytes: number, whole?: boolean) => void,
): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (!response.body || [204, 205, 304].includes(response.status)) return response;
    const type = response.headers.get('content-type') ?? '';
    const stream = /^\s*text\/event-stream\s*(;|$)/i.test(type);
    const count = stream ? eachEvent(limit) : wholeBody();
    let size = 0;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size = count(chunk);
          if (size <= limit) {
            if (size >= RECEIVING_FROM) onReceiving?.(size);
            return controller.enqueue(chunk);
          }
          const error = new MessageTooLarge(limit);
          onTooLarge(error);
          controller.error(error);
        },
        // A whole body has come (an event stream's events are parsed as they come).
        flush() {
          if (!stream && size >= RECEIVING_FROM) onReceiving?.(size, true);
        },
      }),
    );
    const capped = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // An EventSource reads where a redirect led from these.
    return Object.defineProperties(capped, {
      url: { value: response.url },
      redirected: { value: response.redirected },
    });
  };
}

/**
 * The cap of one HTTP connection's transports (the Streamable HTTP attempt, the SSE fallback):
 * each is made with a {@link cappedFetch}, and an answer over the cap closes it, so no request
 * waits on an answer that will never come and no SSE stream is opened again.
 */
export class HttpCap {
  /** The first answer over the cap, if one was. */
  tooLarge?: MessageTooLarge;

  constructor(
    private readonly cap: {
      limit?: number;
      onTooLarge?(error: MessageTooLarge): void;
      base?: typeof fetch;
      onReceiving?(bytes: number, whole?: boolean): void;
    },
  ) {}

  transport<T extends { close(): Promise<void> }>(make: (fetch: typeof globalThis.fetch) => T): T {
    const { limit = MAX_MESSAGE_BYTES, onTooLarge, base, onReceiving } = this.cap;
    const transport = make(
      cappedFetch(
        limit,
        (error) => {
          this.tooLarge ??= error;
          onTooLarge?.(error);
          void transport.close().catch(() => {});
        },
        base,
        onReceiving,
      ),
    );
    return transport;
  }
}
