/**
 * The assembled context: exactly the text a model would receive, in Markdown or as JSON MCP
 * embedded-resource blocks. Pure, and the one place both the UI preview and
 * `mcp-context assemble` get their bytes from, so the two always agree.
 *
 * Binary content (blobs) is left out of the context in both formats: a model takes images
 * through its own channel, and base64 text would spend the budget on noise. Markdown names
 * what was left out; JSON leaves the block out.
 */
import type { Annotations, ContentItem, ServerId } from '../mcp-types';
import { formatCount } from './policy';

export type ContextFormat = 'markdown' | 'json';

/** One included resource, with what reading it returned. */
export interface ContextItem {
  serverId: ServerId;
  serverName: string;
  uri: string;
  name: string;
  title?: string;
  annotations?: Annotations;
  contents: readonly ContentItem[];
}

/** What one resource contributes to the context: its part of the text, for counting tokens. */
export interface AssembledSection {
  serverId: ServerId;
  uri: string;
  text: string;
}

export interface AssembledContext {
  /** The whole text: joined when first read (see {@link AssembledText}). */
  readonly text: string;
  assembled: AssembledText;
  sections: AssembledSection[];
}

/**
 * The text in its parts, joined only when asked for whole: a toggle among 2,000 makes a new
 * context of 4 MB, and its frame needs the first characters and the length, not a 4 MB copy.
 */
export class AssembledText {
  readonly length: number;
  readonly #parts: readonly string[];
  readonly #separator: string;
  #whole: string | undefined;

  constructor(parts: readonly string[], separator = '') {
    this.#parts = parts;
    this.#separator = separator;
    this.length =
      parts.reduce((sum, part) => sum + part.length, 0) +
      Math.max(0, parts.length - 1) * separator.length;
    if (parts.length <= 1) this.#whole = parts[0] ?? '';
  }

  get whole(): string {
    return (this.#whole ??= this.#parts.join(this.#separator));
  }

  /** The first `chars` characters, joining only the parts they take. */
  prefix(chars: number): string {
    if (chars >= this.length) return this.whole;
    if (this.#whole !== undefined) return this.#whole.slice(0, chars);
    const taken: string[] = [];
    let length = 0;
    for (const part of this.#parts) {
      if (length >= chars) break;
      if (taken.length > 0) length += this.#separator.length;
      taken.push(part);
      length += part.length;
    }
    return taken.join(this.#separator).slice(0, chars);
  }
}

/** Assembles `items` in the order given (the policy's order). */
export function assembleContext(
  items: readonly ContextItem[],
  format: ContextFormat,
): AssembledContext {
  return format === 'json' ? assembleJson(items) : assembleMarkdown(items);
}

function assembleMarkdown(items: readonly ContextItem[]): AssembledContext {
  const sections = items.map((item) => ({
    serverId: item.serverId,
    uri: item.uri,
    text: markdownSection(item),
  }));
  const assembled = new AssembledText(
    sections.map((section) => section.text),
    '\n\n',
  );
  return {
    get text() {
      return assembled.whole;
    },
    assembled,
    sections,
  };
}

// A section per contents read: a curation run assembles every included resource again (a
// toggle among 2,000 is 4 MB of text), and most of them are what the run before assembled.
const sectionsByContents = new WeakMap<readonly ContentItem[], { of: string; text: string }>();

// And per item: curation makes one item per resource and contents read, and keeps it.
const sectionsByItem = new WeakMap<ContextItem, string>();

function markdownSection(item: ContextItem): string {
  const made = sectionsByItem.get(item);
  if (made !== undefined) return made;
  const text = sectionOf(item);
  sectionsByItem.set(item, text);
  return text;
}

function sectionOf(item: ContextItem): string {
  const of = JSON.stringify([item.title, item.name, item.uri, item.serverName]);
  const kept = sectionsByContents.get(item.contents);
  if (kept?.of === of) return kept.text;
  const text = writeMarkdownSection(item);
  sectionsByContents.set(item.contents, { of, text });
  return text;
}

function writeMarkdownSection(item: ContextItem): string {
  const heading = oneLine(item.title || item.name || item.uri);
  const lines = [
    `## ${heading}`,
    '',
    `- URI: ${oneLine(item.uri)}`,
    `- Server: ${oneLine(item.serverName)}`,
  ];
  for (const content of item.contents) {
    lines.push('');
    if (content.text !== undefined) {
      if (content.uri !== item.uri) lines.push(`From ${oneLine(content.uri)}:`, '');
      lines.push(fenced(content.text));
    } else {
      // The MIME type is the server's text: one line, no brackets, so it cannot start a section.
      const kind = content.mimeType
        ? oneLine(content.mimeType).replace(/[[\]]/g, '').slice(0, 100)
        : 'binary content';
      lines.push(`[${kind}, ${formatCount(content.size)} bytes: left out of the text context]`);
    }
  }
  return lines.join('\n');
}

/** A heading or list value must stay on its line: a server's newline must not start a section. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}

/** The text in a fence longer than any run of backticks inside it, so it cannot close early. */
function fenced(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${text}${text.endsWith('\n') ? '' : '\n'}${fence}`;
}

/** An MCP embedded-resource content block. */
interface EmbeddedResourceBlock {
  type: 'resource';
  resource: { uri: string; mimeType?: string; text: string };
  annotations?: Annotations;
}

function assembleJson(items: readonly ContextItem[]): AssembledContext {
  const blocks: EmbeddedResourceBlock[] = [];
  const sections: AssembledSection[] = [];
  for (const item of items) {
    const own: EmbeddedResourceBlock[] = [];
    for (const content of item.contents) {
      if (content.text === undefined) continue;
      // Built field by field, so the bytes do not depend on how the entry was made.
      const resource: EmbeddedResourceBlock['resource'] =
        content.mimeType !== undefined
          ? { uri: content.uri, mimeType: content.mimeType, text: content.text }
          : { uri: content.uri, text: content.text };
      const block: EmbeddedResourceBlock = { type: 'resource', resource };
      const annotations = canonicalAnnotations(item.annotations);
      if (annotations) block.annotations = annotations;
      own.push(block);
    }
    blocks.push(...own);
    sections.push({
      serverId: item.serverId,
      uri: item.uri,
      text: own.map((block) => JSON.stringify(block, null, 2)).join('\n'),
    });
  }
  const text = JSON.stringify(blocks, null, 2);
  return { text, assembled: new AssembledText([text]), sections };
}

function canonicalAnnotations(annotations: Annotations | undefined): Annotations | undefined {
  if (!annotations) return undefined;
  const out: Annotations = {};
  if (annotations.audience !== undefined) out.audience = [...annotations.audience];
  if (annotations.priority !== undefined) out.priority = annotations.priority;
  if (annotations.lastModified !== undefined) out.lastModified = annotations.lastModified;
  return Object.keys(out).length > 0 ? out : undefined;
}
