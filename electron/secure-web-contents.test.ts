import { EventEmitter } from 'node:events';
import type {
  HandlerDetails,
  HeadersReceivedResponse,
  OnHeadersReceivedListenerDetails,
  Session,
  WebContents,
  WindowOpenHandlerResponse,
} from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY, secureWebContents } from './secure-web-contents';

const APP = 'file:///opt/app/out/renderer/index.html';

/** A WebContents and its session, reduced to what a page can trigger. */
function fakeContents() {
  const emitter = new EventEmitter();
  const captured: {
    openWindow?: Parameters<WebContents['setWindowOpenHandler']>[0];
    request?: Parameters<Session['setPermissionRequestHandler']>[0];
    check?: Parameters<Session['setPermissionCheckHandler']>[0];
    headers?: (
      details: OnHeadersReceivedListenerDetails,
      callback: (response: HeadersReceivedResponse) => void,
    ) => void;
  } = {};
  const contents = Object.assign(emitter, {
    setWindowOpenHandler(handler: NonNullable<typeof captured.openWindow>) {
      captured.openWindow = handler;
    },
    session: {
      setPermissionRequestHandler(handler: typeof captured.request) {
        captured.request = handler;
      },
      setPermissionCheckHandler(handler: typeof captured.check) {
        captured.check = handler;
      },
      webRequest: {
        onHeadersReceived(handler: typeof captured.headers) {
          captured.headers = handler;
        },
      },
    },
  });
  const openExternal = vi.fn();
  secureWebContents(contents, { openExternal, isAppUrl: (url) => url.startsWith(APP) });

  /** Emits `name` as the page would and says whether the shell stopped it. */
  function attempt(name: string, url = 'about:blank'): boolean {
    let prevented = false;
    emitter.emit(name, { url, preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
  function openWindow(url: string): WindowOpenHandlerResponse | undefined {
    return captured.openWindow?.({
      url,
      frameName: '',
      features: '',
      disposition: 'new-window',
      referrer: { url: APP, policy: 'strict-origin' },
    } as HandlerDetails);
  }
  return { captured, openExternal, attempt, openWindow };
}

describe('secureWebContents', () => {
  it('keeps the window on the app: navigations and redirects elsewhere are stopped', () => {
    const page = fakeContents();
    expect(page.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(page.attempt('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(page.attempt('will-redirect', 'https://evil.example/')).toBe(true);
    expect(page.attempt('will-navigate', `${APP}#/catalog`)).toBe(false);
  });

  it('opens web links in the browser, never in a new app window', () => {
    const page = fakeContents();
    expect(page.openWindow('https://modelcontextprotocol.io/')).toEqual({ action: 'deny' });
    expect(page.openWindow('http://localhost:3000/')).toEqual({ action: 'deny' });
    expect(page.openExternal.mock.calls).toEqual([
      ['https://modelcontextprotocol.io/'],
      ['http://localhost:3000/'],
    ]);
  });

  it('opens no app window from a page, not even the app page on a capture (main.ts opens those itself)', () => {
    const page = fakeContents();
    expect(page.openWindow(`${APP}?capture=c-1`)).toEqual({ action: 'deny' });
    expect(page.openWindow(APP)).toEqual({ action: 'deny' });
    expect(page.openExternal).not.toHaveBeenCalled();
  });

  it('never hands script, local-file, data or custom-scheme URLs to the OS', () => {
    const page = fakeContents();
    for (const url of [
      'javascript:alert(1)',
      'file:///bin/sh',
      'data:text/html,<script>1</script>',
      'ms-msdt:/id x',
      'smb://host/share',
      'not a url',
    ]) {
      expect(page.openWindow(url)).toEqual({ action: 'deny' });
    }
    expect(page.openExternal).not.toHaveBeenCalled();
  });

  it('refuses to attach a webview', () => {
    expect(fakeContents().attempt('will-attach-webview')).toBe(true);
  });

  it('denies every permission, whether requested or checked', () => {
    const { captured } = fakeContents();
    const granted = vi.fn();
    const permissions = ['media', 'geolocation', 'notifications', 'openExternal'] as const;
    for (const permission of permissions)
      captured.request?.({} as WebContents, permission, granted, {
        requestingUrl: APP,
        isMainFrame: true,
      });
    expect(granted.mock.calls).toEqual([[false], [false], [false], [false]]);
    expect(
      captured.check?.(null, 'clipboard-read', 'file://', {
        isMainFrame: true,
        requestingUrl: APP,
      }),
    ).toBe(false);
  });

  it('lets the app page, and nothing else, write text to the clipboard', () => {
    const { captured } = fakeContents();
    const granted = vi.fn();
    captured.request?.({} as WebContents, 'clipboard-sanitized-write', granted, {
      requestingUrl: APP,
      isMainFrame: true,
    });
    captured.request?.({} as WebContents, 'clipboard-sanitized-write', granted, {
      requestingUrl: 'https://evil.example/',
      isMainFrame: false,
    });
    captured.request?.({} as WebContents, 'clipboard-read', granted, {
      requestingUrl: APP,
      isMainFrame: true,
    });
    expect(granted.mock.calls).toEqual([[true], [false], [false]]);
    expect(
      captured.check?.(null, 'clipboard-sanitized-write', 'file://', {
        isMainFrame: true,
        requestingUrl: APP,
      }),
    ).toBe(true);
    expect(
      captured.check?.(null, 'clipboard-sanitized-write', 'https://evil.example', {
        isMainFrame: false,
        requestingUrl: 'https://evil.example/',
      }),
    ).toBe(false);
  });

  it('puts the strict CSP on every response, replacing a looser one the response carried', () => {
    const { captured } = fakeContents();
    const callback = vi.fn();
    captured.headers?.(
      {
        url: APP,
        responseHeaders: {
          'content-security-policy': ["script-src 'unsafe-inline' *"],
          'Content-Type': ['text/html'],
        },
      } as unknown as OnHeadersReceivedListenerDetails,
      callback,
    );
    const headers = (callback.mock.calls[0]?.[0] as HeadersReceivedResponse).responseHeaders ?? {};
    const policies = Object.entries(headers).filter(
      ([name]) => name.toLowerCase() === 'content-security-policy',
    );
    expect(policies).toEqual([['Content-Security-Policy', [CONTENT_SECURITY_POLICY]]]);
    expect(headers['Content-Type']).toEqual(['text/html']);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
  });
});
