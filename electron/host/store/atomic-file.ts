/**
 * Writes a file whole or not at all: a temporary file beside it, synced, then renamed over
 * it. A crash leaves the old file or the new one, never half of one. Readable by the user
 * only: a capture describes the user's servers. (profile-store.ts does the same, with a copy
 * of the file it replaces kept between the two steps.)
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export async function writeFileAtomic(file: string, text: string, mode = 0o600): Promise<void> {
  const temporary = join(
    dirname(file),
    `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    const handle = await open(temporary, 'wx', mode);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
