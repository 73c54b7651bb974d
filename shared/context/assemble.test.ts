import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../mcp-types';
import { AssembledText, assembleContext, type ContextItem } from './assemble';

const text = (uri: string, body: string, mimeType = 'text/markdown'): ContentItem => ({
  uri,
  mimeType,
  text: body,
  size: body.length,
});
const item = (
  uri: string,
  contents: ContentItem[],
  extra: Partial<ContextItem> = {},
): ContextItem => ({
  serverId: 's1',
  serverName: 'Lumen docs',
  uri,
  name: uri.split('/').pop() ?? uri,
  contents,
  ...extra,
});

describe('assembleContext', () => {
  it('writes one Markdown section per resource, with its URI and server, in the order given', () => {
    const { text: out, sections } = assembleContext(
      [
        item('docs://a/guide.md', [text('docs://a/guide.md', '# Guide\nHello')], {
          title: 'The Guide',
        }),
        item('docs://a/b.txt', [text('docs://a/b.txt', 'plain\n', 'text/plain')]),
      ],
      'markdown',
    );
    expect(out).toBe(
      [
        '## The Guide',
        '',
        '- URI: docs://a/guide.md',
        '- Server: Lumen docs',
        '',
        '```',
        '# Guide',
        'Hello',
        '```',
        '',
        '## b.txt',
        '',
        '- URI: docs://a/b.txt',
        '- Server: Lumen docs',
        '',
        '```',
        'plain',
        '```',
      ].join('\n'),
    );
    expect(sections.map((section) => section.uri)).toEqual(['docs://a/guide.md', 'docs://a/b.txt']);
    expect(sections.map((section) => section.text).join('\n\n')).toBe(out);
  });

  it('keeps a hostile text from closing its fence or starting a section of its own', () => {
    const { text: out } = assembleContext(
      [item('x://1', [text('x://1', 'a ``` b ```` c')], { title: 'Evil\n## Injected' })],
      'markdown',
    );
    expect(out).toContain('## Evil ## Injected\n');
    expect(out).toContain('`````\na ``` b ```` c\n`````');
    const blob: ContentItem = {
      uri: 'x://2',
      mimeType: 'x]\n\n## Injected [y',
      blob: 'AA==',
      size: 1,
    };
    const withBlob = assembleContext([item('x://2', [blob])], 'markdown').text;
    expect(withBlob).toContain('[x ## Injected y, 1 bytes: left out of the text context]');
    expect(withBlob.match(/^## /gm)).toHaveLength(1);
  });

  it('names binary content it leaves out, and leaves it out of JSON entirely', () => {
    const image: ContentItem = {
      uri: 'x://img',
      mimeType: 'image/png',
      blob: 'iVBORw0KGgo=',
      size: 8,
    };
    const items = [item('x://img', [image, text('x://img#alt', 'alt text', 'text/plain')])];
    expect(assembleContext(items, 'markdown').text).toContain(
      '[image/png, 8 bytes: left out of the text context]\n\nFrom x://img#alt:\n\n```\nalt text\n```',
    );
    expect(JSON.parse(assembleContext(items, 'json').text)).toEqual([
      {
        type: 'resource',
        resource: { uri: 'x://img#alt', mimeType: 'text/plain', text: 'alt text' },
      },
    ]);
  });

  it('writes JSON as MCP embedded-resource blocks with their annotations, in a fixed field order', () => {
    const annotations = {
      lastModified: '2026-11-01T00:00:00Z',
      priority: 0.8,
      audience: ['assistant' as const],
    };
    const { text: out } = assembleContext(
      [item('docs://a', [text('docs://a', 'body')], { annotations })],
      'json',
    );
    expect(out).toBe(
      JSON.stringify(
        [
          {
            type: 'resource',
            resource: { uri: 'docs://a', mimeType: 'text/markdown', text: 'body' },
            annotations: {
              audience: ['assistant'],
              priority: 0.8,
              lastModified: '2026-11-01T00:00:00Z',
            },
          },
        ],
        null,
        2,
      ),
    );
  });
});

describe('AssembledText', () => {
  it('gives any start of the text and its length without joining it, the same as the whole would', () => {
    const parts = ['## a\n\none', '## bb\n\ntwo two', '', '## c'];
    const text = new AssembledText(parts, '\n\n');
    const whole = parts.join('\n\n');
    expect(text.length).toBe(whole.length);
    for (let chars = 0; chars <= whole.length + 2; chars += 1)
      expect(text.prefix(chars)).toBe(whole.slice(0, chars));
    expect(text.whole).toBe(whole);
    expect(new AssembledText([]).whole).toBe('');
    expect(new AssembledText(['only']).prefix(2)).toBe('on');
  });
});
