/** How one of a resource's icons may be shown. Pure. */
import type { Icon } from '../../../shared/mcp-types';
import { isHttpsUrl, safeImageSrc } from '../content-view/safe-url';

export type IconDisplay =
  /** A data: URL of PNG, JPEG, GIF, WebP or SVG: drawn by an <img>, which runs no SVG script. */
  | { kind: 'image'; src: string }
  /**
   * An https URL: the CSP's img-src allows only 'self' and data:, so it is named, never loaded or
   * linked.
   */
  | { kind: 'remote'; url: string }
  /** Anything else (http, javascript:, an HTML data: URL…): not shown; the reason is. */
  | { kind: 'refused'; reason: string };

/**
 * Decides from the src alone; the declared mimeType is not trusted over the data: URL's own type.
 */
export function iconDisplay(icon: Icon): IconDisplay {
  const src = typeof icon.src === 'string' ? icon.src : '';
  const image = safeImageSrc(src, { allowSvg: true });
  if (image) return { kind: 'image', src: image };
  if (isHttpsUrl(src)) return { kind: 'remote', url: src };
  if (/^data:/i.test(src.trim()))
    return { kind: 'refused', reason: 'a data: URL of a type that is not shown' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(src.trim())?.[1]?.toLowerCase();
  return {
    kind: 'refused',
    reason: scheme ? `a ${scheme}: URL, not shown` : 'not an absolute URL',
  };
}

/** "16x16, 32x32 · dark theme": the icon's other fields, as text. */
export function iconDetails(icon: Icon): string {
  const parts: string[] = [];
  if (Array.isArray(icon.sizes) && icon.sizes.length) parts.push(icon.sizes.join(', '));
  if (icon.theme) parts.push(`${icon.theme} theme`);
  if (icon.mimeType) parts.push(icon.mimeType);
  return parts.join(' · ');
}
