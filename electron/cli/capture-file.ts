/**
 * A capture named on the command line (`assemble --from`, `serve --from`, `diff`), read and
 * checked.
 */
import { readFile } from 'node:fs/promises';
import { parseCapture, type Capture } from '../../shared/capture/capture-format';

/** A capture file named on the command line; a one-line error if it cannot be used. */
export async function readCaptureFile(file: string, what: string): Promise<Capture> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CaptureFileError(
      `${what} ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  const parsed = parseCapture(text);
  if ('problem' in parsed)
    throw new CaptureFileError(`${what} ${file} cannot be used: ${parsed.problem.message}`);
  return parsed.capture;
}

/** A capture file that cannot be read: exit status 2, as diff(1) gives for trouble. */
export class CaptureFileError extends Error {}
