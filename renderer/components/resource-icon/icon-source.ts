/**
 * Which server icon, if any, may be shown. Pure. Icons are untrusted: only `data:` URLs of
 * PNG, JPEG, GIF, WebP or SVG, always drawn through <img> (an SVG in an <img> runs no script
 * and loads nothing, unlike inline SVG). Remote URLs are refused: they would leak that the
 * catalog was opened, and the CSP blocks them anyway.
 */
import type { Icon } from '../../../shared/mcp-types';
import { safeImageSrc } from '../content-view/safe-url';

/** Larger data URLs are skipped: a row icon is 16 px, not a place to decode megabytes. */
const MAX_LENGTH = 64 * 1024;

/** The `src` to draw for `theme`, preferring an icon made for it; null for the generic glyph. */
export function safeIconSource(
  icons: readonly Icon[] | undefined,
  theme: 'light' | 'dark',
): string | null {
  if (!icons || icons.length === 0) return null;
  // One rule for every image a server sends: the detail pane's icons and content use it too.
  const usable = icons.flatMap((icon) => {
    const src =
      typeof icon.src === 'string' && icon.src.length <= MAX_LENGTH
        ? safeImageSrc(icon.src, { allowSvg: true })
        : null;
    return src ? [{ theme: icon.theme, src }] : [];
  });
  const themed =
    usable.find((icon) => icon.theme === theme) ??
    usable.find((icon) => icon.theme === undefined) ??
    usable[0];
  return themed?.src ?? null;
}
