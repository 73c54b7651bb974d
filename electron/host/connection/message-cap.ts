/**
 * The largest message a server may send, and the words for one over it. A message over it
 * closes the connection: the host never holds more of one message than this.
 */

/** 256 MiB: far above any real message, far below what a host can hold several of. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

/** A server sent a message over the cap; the connection is being closed. */
export class MessageTooLarge extends Error {
  constructor(readonly limit: number) {
    super(
      `the server sent a message over ${Math.round(limit / 1048576)} MB; closing the connection`,
    );
    this.name = 'MessageTooLarge';
  }
}
