/** Which URLs from a server may become a live link or an image. Pure; every check fails closed. */
import { RASTER_IMAGE_TYPES } from './view-kind';

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The URL, normalised, when it may be a clickable link (http, https, mailto); null for javascript:,
 * data:, file:, relative…
 */
export function safeLinkHref(url: string): string | null {
  const parsed = parse(url);
  return parsed && LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
}

/**
 * The URL when it may be an <img> src: a base64 data: URL of PNG, JPEG, GIF or WebP, or (with
 * `allowSvg`) of SVG, which an <img> draws without running its script. Anything else: null.
 */
export function safeImageSrc(url: string, options: { allowSvg?: boolean } = {}): string | null {
  const match = /^data:([a-z0-9.+/-]+)((?:;[a-z0-9=.-]+)*?);base64,/i.exec(url.trimStart());
  if (!match) return null;
  const mime = match[1]!.toLowerCase();
  const allowed =
    RASTER_IMAGE_TYPES.has(mime) || (options.allowSvg === true && mime === 'image/svg+xml');
  if (!allowed) return null;
  const body = url.trimStart().slice(match[0].length);
  return isBase64(body) ? `data:${mime};base64,${body}` : null;
}

/** Whether the URL is https: (shown as text only: the CSP's img-src forbids loading it). */
export function isHttpsUrl(url: string): boolean {
  return parse(url)?.protocol === 'https:';
}

/**
 * A data: URL we build ourselves from a blob, only for an allowed image type and a well-formed
 * base64 body.
 */
export function blobImageSrc(mimeType: string, blob: string): string | null {
  return safeImageSrc(`data:${mimeType};base64,${blob}`, { allowSvg: true });
}

function isBase64(body: string): boolean {
  return body.length > 0 && body.length % 4 === 0 && BASE64_BODY.test(body);
}

function parse(url: string): URL | null {
  try {
    // No base: a relative URL has no scheme we could vouch for.
    return new URL(url.trim());
  } catch {
    return null;
  }
}
