/**
 * SHA-256 where every face can run it: the CLI and the host in Node, and the page, where
 * node:crypto does not exist and WebCrypto's digest is asynchronous and missing from a page served
 * over plain http. @noble/hashes (audited, no dependencies) does the hashing.
 */
import { sha256 as digest } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const utf8 = new TextEncoder();

/** The SHA-256 of `text` encoded as UTF-8 (a lone surrogate as U+FFFD, as Node), in lowercase hex. */
export function sha256(text: string): string {
  return bytesToHex(digest(utf8.encode(text)));
}
