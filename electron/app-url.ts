/**
 * Builds the test for "is this URL the app's own renderer page?", used both to keep the
 * window on the app and to decide which frames may call the host.
 *
 * Only the exact file:// document counts; its query and fragment may vary (hash routing).
 * Parsing with URL first normalises `..` segments and percent-encoding, so a look-alike
 * such as `file:///app/renderer/../other.html` does not match.
 */
export function appUrlMatcher(appHref: string): (url: string) => boolean {
  const app = new URL(appHref);
  if (app.protocol !== 'file:')
    throw new Error(`the app page must be a file:// URL, got ${app.protocol}`);
  return function isAppUrl(url: string): boolean {
    let candidate: URL;
    try {
      candidate = new URL(url);
    } catch {
      return false;
    }
    return (
      candidate.protocol === 'file:' &&
      candidate.host === app.host &&
      candidate.pathname === app.pathname
    );
  };
}
