/**
 * Which view shows a content item, from its MIME type or, when that is missing, its URI's
 * extension. Pure.
 */

/** The grammars registered with lowlight (see highlight.ts). */
export type CodeLanguage =
  | 'json'
  | 'javascript'
  | 'typescript'
  | 'sql'
  | 'css'
  | 'xml'
  | 'yaml'
  | 'markdown'
  | 'python'
  | 'bash'
  | 'go'
  | 'rust';

export type ViewKind =
  | { kind: 'markdown' }
  | { kind: 'json' }
  | { kind: 'code'; language: CodeLanguage }
  | { kind: 'text' }
  | { kind: 'image'; mimeType: string }
  | { kind: 'svg' }
  | { kind: 'binary' };

/**
 * Raster formats a browser decodes without running anything. SVG is separate: it is only ever shown
 * through an <img>.
 */
export const RASTER_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

const CODE_TYPES: Record<string, CodeLanguage> = {
  'application/javascript': 'javascript',
  'text/javascript': 'javascript',
  'application/ecmascript': 'javascript',
  'application/x-javascript': 'javascript',
  'application/typescript': 'typescript',
  'text/typescript': 'typescript',
  'application/x-typescript': 'typescript',
  'application/sql': 'sql',
  'text/x-sql': 'sql',
  'text/sql': 'sql',
  'text/css': 'css',
  'text/html': 'xml',
  'application/xhtml+xml': 'xml',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'application/yaml': 'yaml',
  'application/x-yaml': 'yaml',
  'text/yaml': 'yaml',
  'text/x-yaml': 'yaml',
  'text/x-python': 'python',
  'application/x-python': 'python',
  'text/x-script.python': 'python',
  'application/x-sh': 'bash',
  'application/x-shellscript': 'bash',
  'text/x-shellscript': 'bash',
  'text/x-sh': 'bash',
  'text/x-go': 'go',
  'text/x-rust': 'rust',
};

const EXTENSIONS: Record<string, ViewKind> = {
  md: { kind: 'markdown' },
  markdown: { kind: 'markdown' },
  json: { kind: 'json' },
  js: { kind: 'code', language: 'javascript' },
  mjs: { kind: 'code', language: 'javascript' },
  cjs: { kind: 'code', language: 'javascript' },
  jsx: { kind: 'code', language: 'javascript' },
  ts: { kind: 'code', language: 'typescript' },
  tsx: { kind: 'code', language: 'typescript' },
  mts: { kind: 'code', language: 'typescript' },
  cts: { kind: 'code', language: 'typescript' },
  sql: { kind: 'code', language: 'sql' },
  css: { kind: 'code', language: 'css' },
  html: { kind: 'code', language: 'xml' },
  htm: { kind: 'code', language: 'xml' },
  xhtml: { kind: 'code', language: 'xml' },
  xml: { kind: 'code', language: 'xml' },
  yaml: { kind: 'code', language: 'yaml' },
  yml: { kind: 'code', language: 'yaml' },
  py: { kind: 'code', language: 'python' },
  sh: { kind: 'code', language: 'bash' },
  bash: { kind: 'code', language: 'bash' },
  zsh: { kind: 'code', language: 'bash' },
  go: { kind: 'code', language: 'go' },
  rs: { kind: 'code', language: 'rust' },
  txt: { kind: 'text' },
  log: { kind: 'text' },
  csv: { kind: 'text' },
  tsv: { kind: 'text' },
  png: { kind: 'image', mimeType: 'image/png' },
  jpg: { kind: 'image', mimeType: 'image/jpeg' },
  jpeg: { kind: 'image', mimeType: 'image/jpeg' },
  gif: { kind: 'image', mimeType: 'image/gif' },
  webp: { kind: 'image', mimeType: 'image/webp' },
  svg: { kind: 'svg' },
};

/** "Text/HTML; charset=utf-8" → "text/html"; '' when absent. */
export function essenceOf(mimeType: string | undefined): string {
  return (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The view for a MIME type; the URI's extension decides only when the type is missing. */
export function chooseView(mimeType: string | undefined, uri: string): ViewKind {
  const mime = essenceOf(mimeType);
  if (mime === '') return EXTENSIONS[extensionOf(uri)] ?? { kind: 'binary' };
  if (mime === 'text/markdown' || mime === 'text/x-markdown') return { kind: 'markdown' };
  if (mime === 'application/json' || mime === 'text/json' || mime.endsWith('+json'))
    return { kind: 'json' };
  if (RASTER_IMAGE_TYPES.has(mime)) return { kind: 'image', mimeType: mime };
  if (mime === 'image/svg+xml') return { kind: 'svg' };
  const language = CODE_TYPES[mime] ?? (mime.endsWith('+xml') ? 'xml' : undefined);
  if (language) return { kind: 'code', language };
  if (mime.startsWith('text/')) return { kind: 'text' };
  return { kind: 'binary' };
}

/** Whether a view shows text, so a base64 blob labelled with it is worth decoding as UTF-8. */
export function isTextual(view: ViewKind): boolean {
  return (
    view.kind === 'markdown' || view.kind === 'json' || view.kind === 'code' || view.kind === 'text'
  );
}

/**
 * The lower-cased extension of the URI's last path segment, ignoring query and fragment; '' when
 * none.
 */
export function extensionOf(uri: string): string {
  const segment = lastSegment(uri);
  const dot = segment.lastIndexOf('.');
  return dot > 0 ? segment.slice(dot + 1).toLowerCase() : '';
}

/**
 * The URI's last non-empty segment, without query or fragment, percent-decoded when that is valid.
 * The authority counts as a segment: custom schemes often name the thing there (`notes://todo.md`).
 */
export function lastSegment(uri: string): string {
  const path = uri.replace(/[?#].*$/s, '').replace(/^[a-z][a-z0-9+.-]*:/i, '');
  const segments = path.split('/').filter((part) => part !== '');
  const last = segments.at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
