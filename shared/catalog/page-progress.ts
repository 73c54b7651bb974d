/**
 * Where a listing is inside a large page, in the words every face uses: the window's listing
 * row and the CLI's progress line.
 */
import type { PageProgress } from '../mcp-types';

/** "receiving 12 MB…", "reading 32 MB…", then "indexing 40,000 of 100,000". */
export function pageProgressText(progress: PageProgress): string {
  if (progress.phase !== 'indexing')
    return `${progress.phase} ${Math.floor(progress.bytes / 1_000_000).toLocaleString('en-US')} MB…`;
  return `indexing ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`;
}
