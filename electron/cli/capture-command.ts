/**
 * `mcp-context capture -o FILE`: assembles as `assemble` does (the same driver, the same
 * bytes on stdout), then writes everything that shaped the context to FILE, atomically.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Profile } from '../../shared/profile/profile';
import { writeFileAtomic } from '../host/store/atomic-file';
import type { Host } from '../host/host';
import { UsageError, type ParsedArgs } from './args';
import { runAssemble } from './assemble-command';
import { terminalSafe } from './terminal';

/** Refuses, before any server starts, a capture file that could not be written. */
export function checkCaptureOutput(file: string | undefined): string {
  if (file === undefined) throw new UsageError('capture needs -o FILE, the file to write');
  const path = resolve(file);
  try {
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory())
      throw new UsageError(`-o ${file} is a folder`);
    accessSync(dirname(path), constants.W_OK);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(
      `cannot write -o ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  return path;
}

export async function runCapture(
  host: Host,
  args: ParsedArgs,
  file: string,
  profile?: Profile,
): Promise<number> {
  const status = await runAssemble(host, args, profile);
  const taken = await host.takeCapture();
  try {
    await writeFileAtomic(file, taken.json);
  } catch (error) {
    throw new Error(`the capture could not be written to ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  process.stderr.write(
    `captured ${taken.servers} server${taken.servers === 1 ? '' : 's'}, ${taken.contents} contents read, ${(taken.bytes / 1024).toFixed(0)} KB: ${terminalSafe(file)}\n`,
  );
  return status;
}
