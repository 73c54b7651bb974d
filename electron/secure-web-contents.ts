import type {
  HeadersReceivedResponse,
  OnHeadersReceivedListenerDetails,
  Session,
  WebContents,
} from 'electron';

type HeadersListener = (
  details: OnHeadersReceivedListenerDetails,
  callback: (response: HeadersReceivedResponse) => void,
) => void;

/**
 * The page's Content Security Policy, identical to the renderer's meta tag. Sent as a header
 * too, so a page loaded without the tag (or a tag removed by an injection) is still covered.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** An event the shell may cancel. */
interface CancellableEvent {
  preventDefault(): void;
}

/**
 * The few WebContents members this module touches, so tests can pass a small fake. `on` is
 * spelled out rather than picked: WebContents' overloads return `this`, which no fake matches.
 */
export interface SecurableContents extends Pick<WebContents, 'setWindowOpenHandler'> {
  on(
    event: 'will-navigate',
    listener: (event: CancellableEvent & { url: string }) => void,
  ): unknown;
  on(
    event: 'will-redirect',
    listener: (event: CancellableEvent & { url: string }) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: CancellableEvent) => void): unknown;
  readonly session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'> & {
    // The one-argument overload only: the filtered one is of no use here.
    readonly webRequest: { onHeadersReceived(listener: HeadersListener): void };
  };
}

/** What {@link secureWebContents} needs from the outside world. */
export interface SecureWebContentsDeps {
  /** Opens a URL in the user's browser (`shell.openExternal`). */
  openExternal(url: string): unknown;
  /** True for the app's own renderer page. */
  isAppUrl(url: string): boolean;
}

/**
 * Locks a WebContents to the app: it cannot leave the app page, open windows, embed
 * webviews or get permissions (but writing the clipboard from the app page), and every
 * response it loads carries the strict CSP.
 */
export function secureWebContents(contents: SecurableContents, deps: SecureWebContentsDeps): void {
  // A link or script must not replace the app with a remote page that would inherit window.api.
  contents.on('will-navigate', (event) => {
    if (!deps.isAppUrl(event.url)) event.preventDefault();
  });
  // A redirect is a navigation too: same threat, same rule.
  contents.on('will-redirect', (event) => {
    if (!deps.isAppUrl(event.url)) event.preventDefault();
  });

  // No new Electron windows from a page: a window.open child would share its opener's process
  // and reach it (a capture's window is opened by main.ts itself). Web links open in the
  // user's browser; javascript:, file:, data: and custom schemes are dropped, because handing
  // them to the OS could run a program or open a local file.
  contents.setWindowOpenHandler(({ url }) => {
    if (isWebUrl(url)) void Promise.resolve(deps.openExternal(url)).catch(() => undefined);
    return { action: 'deny' };
  });

  // A <webview> would bring its own webPreferences; refuse it even though webviewTag is off.
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });

  // The app needs no camera, microphone, notifications, geolocation, USB, …: deny by default
  // so untrusted content cannot even ask. One exception: the app's own page may write text to
  // the clipboard (the context preview's Copy); never read it.
  const mayWriteClipboard = (permission: string, url: string | undefined) =>
    permission === 'clipboard-sanitized-write' && url !== undefined && deps.isAppUrl(url);
  contents.session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(mayWriteClipboard(permission, details?.requestingUrl)),
  );
  contents.session.setPermissionCheckHandler((_contents, permission, _origin, details) =>
    mayWriteClipboard(permission, details?.requestingUrl),
  );

  // Our policy replaces whatever CSP a response carried, so no response can loosen it.
  contents.session.webRequest.onHeadersReceived((details, callback) => {
    const responseHeaders = withoutHeader(details.responseHeaders ?? {}, 'content-security-policy');
    responseHeaders['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders });
  });
}

/** True for an absolute http:// or https:// URL. */
function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * A copy of `headers` without `name` in any letter case (HTTP header names are case-insensitive).
 */
function withoutHeader(
  headers: Record<string, string | string[]>,
  name: string,
): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== name));
}
