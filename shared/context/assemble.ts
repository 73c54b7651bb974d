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
  text: string;
  sections: AssembledSection[];
}

/** Assembles `items` in the order given (the policy's order). */
export function assembleContext(items: readonly ContextItem[], format: ContextFormat): AssembledContext {
  return format === 'json' ? assembleJson(items) : assembleMarkdown(items);
}

function assembleMarkdown(items: readonly ContextItem[]): AssembledContext {
  const sections = items.map((item) => ({ serverId: item.serverId, uri: item.uri, text: markdownSection(item) }));
  return { text: sections.map((section) => section.text).join('\n\n'), sections };
}

// A section per contents read: a curation run assembles every included resource again (a
// toggle among 2,000 is 4 MB of text), and most of them are what the run before assembled.
const sectionsByContents = new WeakMap<readonly ContentItem[], { of: string; text: string }>();

function markdownSection(item: ContextItem): string {
  const of = JSON.stringify([item.title, item.name, item.uri, item.serverName]);
  const kept = sectionsByContents.get(item.contents);
  if (kept?.of === of) return kept.text;
  const text = writeMarkdownSection(item);
  sectionsByContents.set(item.contents, { of, text });
  return text;
}

function writeMarkdownSection(item: ContextItem): string {
  const heading = oneLine(item.title || item.name || item.uri);
  const lines = [`## ${heading}`, '', `- URI: ${oneLine(item.uri)}`, `- Server: ${oneLine(item.serverName)}`];
  for (const content of item.contents) {
    lines.push('');
    if (content.text !== undefined) {
      if (content.uri !== item.uri) lines.push(`From ${oneLine(content.uri)}:`, '');
      lines.push(fenced(content.text));
    } else {
      // The MIME type is the server's text: one line, no brackets, so it cannot start a section.
      const kind = content.mimeType ? oneLine(content.mimeType).replace(/[[\]]/g, '').slice(0, 100) : 'binary content';
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
        content.mimeType !== undefined ? { uri: content.uri, mimeType: content.mimeType, text: content.text } : { uri: content.uri, text: content.text };
      const block: EmbeddedResourceBlock = { type: 'resource', resource };
      const annotations = canonicalAnnotations(item.annotations);
      if (annotations) block.annotations = annotations;
      own.push(block);
    }
    blocks.push(...own);
    sections.push({ serverId: item.serverId, uri: item.uri, text: own.map((block) => JSON.stringify(block, null, 2)).join('\n') });
  }
  return { text: JSON.stringify(blocks, null, 2), sections };
}

function canonicalAnnotations(annotations: Annotations | undefined): Annotations | undefined {
  if (!annotations) return undefined;
  const out: Annotations = {};
  if (annotations.audience !== undefined) out.audience = [...annotations.audience];
  if (annotations.priority !== undefined) out.priority = annotations.priority;
  if (annotations.lastModified !== undefined) out.lastModified = annotations.lastModified;
  return Object.keys(out).length > 0 ? out : undefined;
}
