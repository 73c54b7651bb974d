/**
 * Reads a file the app finds for itself (a profile, the sign-ins, the preferences): only a
 * regular file, opened without blocking, so a pipe, a device or a socket in its place is refused
 * at once rather than waited on. A pipe no one writes to held a read forever, and four of them
 * held every thread that reads files, so browser mode stopped serving its own page.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** What is in the place of a regular file. */
export class NotARegularFile extends Error {
  constructor(readonly path: string) {
    super(`${path} is not a regular file (a pipe, a device or a socket)`);
    this.name = 'NotARegularFile';
  }
}

/** A file larger than its kind can be. */
export class FileTooLarge extends Error {
  constructor(
    readonly path: string,
    readonly limit: number,
  ) {
    super(`${path} is larger than ${limit.toLocaleString('en-US')} bytes`);
    this.name = 'FileTooLarge';
  }
}

/**
 * The text of the regular file at `path`, at most `maxBytes`. Rejects as `fs` does when it cannot
 * be opened (ENOENT for a missing one), or with {@link NotARegularFile} or {@link FileTooLarge}.
 */
export async function readRegularFile(path: string, maxBytes: number): Promise<string> {
  // O_NONBLOCK: opening a pipe waits for a writer otherwise. (Windows has no such flag, and no
  // pipes in the file system.)
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new NotARegularFile(path);
    if (info.size > maxBytes) throw new FileTooLarge(path, maxBytes);
    // One byte more than it said it has: a file that grew while it was read is not taken half.
    const buffer = Buffer.alloc(info.size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > info.size) throw new Error(`${path} changed while it was read`);
    }
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Why a file could not be read, in a few words for "cannot be read (…)": `kind` names what the
 * file holds ("sign-ins"), for one larger than it can be.
 */
export function whyNotRead(error: unknown, kind: string): string {
  if (error instanceof NotARegularFile) return 'it is not a regular file';
  if (error instanceof FileTooLarge) return `it is larger than ${kind} can be`;
  return (error as NodeJS.ErrnoException).code ?? 'error';
}
