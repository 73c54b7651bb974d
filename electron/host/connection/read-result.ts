/**
 * Checks a `resources/read` (and a `completion/complete`) result as the server really sent it (we
 * request it with a
 * permissive schema, so nothing is hidden from us by SDK validation).
 */
import { Buffer } from 'node:buffer';
import { HostError } from '../../../shared/host-error';
import type {
  CompletionResult,
  ContentItem,
  ReadResult,
  ServerId,
} from '../../../shared/mcp-types';
import { checkAnnotations } from '../../../shared/catalog/validate-item';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Whether `text` is base64. The app takes a blob a server forgot to pad (a reader can still
 * decode it); `padded` asks what the spec asks, for the checker's verdict.
 */
export function isBase64(text: string, padded = false): boolean {
  return BASE64.test(text) && (padded ? text.length % 4 === 0 : text.length % 4 !== 1);
}

/** The decoded size of a base64 string, without decoding it. */
export function base64Size(blob: string): number {
  const padding = blob.endsWith('==') ? 2 : blob.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((blob.length * 3) / 4) - padding);
}

/** Builds a {@link ReadResult}, or throws a {@link HostError} for a result that breaks the spec. */
export function checkReadResult(serverId: ServerId, uri: string, raw: unknown): ReadResult {
  const contents =
    typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).contents : undefined;
  if (!Array.isArray(contents)) {
    throw new HostError(
      'spec-violation',
      `the server's answer to resources/read ${uri} has no contents array`,
    );
  }
  if (contents.length === 0) {
    // 2026-07-28: an unknown resource MUST be error -32602; empty contents is ambiguous.
    throw new HostError(
      'spec-violation',
      `spec violation: the server returned an empty contents array for ${uri} (an unknown resource must be error -32602)`,
    );
  }
  const warnings: string[] = [];
  const items: ContentItem[] = [];
  contents.forEach((value, index) => {
    const where = `content item ${index + 1}`;
    if (typeof value !== 'object' || value === null) {
      warnings.push(`${where} is not an object; left out`);
      return;
    }
    const item = value as Record<string, unknown>;
    const hasText = typeof item.text === 'string';
    const hasBlob = typeof item.blob === 'string';
    if (hasText === hasBlob) {
      warnings.push(
        `${where} has ${hasText ? 'both text and blob' : 'neither a text nor a blob string'}; left out`,
      );
      return;
    }
    const itemUri = typeof item.uri === 'string' ? item.uri : uri;
    if (typeof item.uri !== 'string') warnings.push(`${where} has no uri; shown under ${uri}`);
    const content: ContentItem = { uri: itemUri, size: 0 };
    if (typeof item.mimeType === 'string') content.mimeType = item.mimeType.slice(0, 200);
    if (hasText) {
      content.text = item.text as string;
      content.size = Buffer.byteLength(content.text, 'utf8');
    } else {
      const blob = (item.blob as string).replace(/\s+/g, '');
      if (!isBase64(blob)) {
        warnings.push(`${where} has a blob that is not valid base64; left out`);
        return;
      }
      content.blob = blob;
      content.size = base64Size(blob);
    }
    const problems: string[] = [];
    const annotations = checkAnnotations(item.annotations, problems);
    if (annotations) content.annotations = annotations;
    for (const problem of problems) warnings.push(`${where}: ${problem}`);
    if (typeof item._meta === 'object' && item._meta !== null && !Array.isArray(item._meta))
      content._meta = item._meta as Record<string, unknown>;
    items.push(content);
  });
  if (items.length === 0) {
    throw new HostError(
      'spec-violation',
      `spec violation: none of the ${contents.length} content items for ${uri} is valid (${warnings[0] ?? ''})`,
    );
  }
  return { serverId, uri, contents: items, warnings };
}

/** Keeps what the spec allows: up to 100 string values, and total/hasMore when well-typed. */
export function checkCompletion(raw: unknown): CompletionResult {
  const completion = (raw as { completion?: unknown }).completion;
  if (typeof completion !== 'object' || completion === null)
    throw new HostError('spec-violation', 'the completion result has no completion object');
  const { values, total, hasMore } = completion as Record<string, unknown>;
  if (!Array.isArray(values))
    throw new HostError('spec-violation', 'the completion result has no values array');
  const result: CompletionResult = {
    values: values
      .filter((v): v is string => typeof v === 'string')
      .slice(0, 100)
      .map((v) => v.slice(0, 1000)),
  };
  if (typeof total === 'number' && Number.isFinite(total)) result.total = total;
  if (typeof hasMore === 'boolean') result.hasMore = hasMore;
  return result;
}
