import { describe, expect, it } from 'vitest';
import { appUrlMatcher } from './app-url';

describe('appUrlMatcher', () => {
  const isAppUrl = appUrlMatcher('file:///opt/app/out/renderer/index.html');

  it('accepts the app page, with any query or fragment', () => {
    expect(isAppUrl('file:///opt/app/out/renderer/index.html')).toBe(true);
    expect(isAppUrl('file:///opt/app/out/renderer/index.html?x=1#/resource')).toBe(true);
  });

  it('refuses other local files, look-alike paths and remote pages', () => {
    expect(isAppUrl('file:///etc/passwd')).toBe(false);
    expect(isAppUrl('file:///opt/app/out/renderer/../renderer-evil/index.html')).toBe(false);
    expect(isAppUrl('file:///opt/app/out/renderer/index.html.evil')).toBe(false);
    expect(isAppUrl('https://opt/app/out/renderer/index.html')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });
});
