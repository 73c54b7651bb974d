import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ContextSession } from '../../../shared/context/context-view';
import { parseCapture, type Capture } from '../../../shared/capture/capture-format';
import type { ContentItem } from '../../../shared/mcp-types';
import { takeCapture, type CaptureSources } from './capture';

const SECRET = 'c2VjcmV0LXZhbHVlLTAxMjM0NTY3';
const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * One connected stdio server with a secret in its env (or none, `withSecret` false), whose reads
 * give `items` by URI.
 */
function sources(items: Record<string, ContentItem[]>, withSecret = true): CaptureSources {
  const uris = Object.keys(items);
  return {
    servers: [
      {
        config: {
          name: 'kb',
          transport: {
            kind: 'stdio',
            command: 'kb',
            args: [],
            ...(withSecret && { env: { API_KEY: SECRET } }),
          },
        },
        snapshot: {
          id: 's1',
          name: 'kb',
          transport: { kind: 'stdio', command: 'kb', args: [], env: { API_KEY: '••••' } },
          status: 'connected',
          stderrTail: [],
        },
        catalog: {
          serverId: 's1',
          generation: 1,
          status: 'complete',
          resources: uris.map((uri) => ({ serverId: 's1', uri, name: uri })),
          templates: [],
          pages: 1,
          warnings: [],
        },
      },
    ],
    session: new ContextSession(),
    curated: undefined,
    timeline: [],
    trace: [],
    tool: { name: 'mcp-context-inspector', version: '0.1.0' },
    now: () => 1_764_583_200_000,
    read: async (_server, uri) => items[uri] ?? [],
  };
}

describe('a capture taken', () => {
  it('hashes each read as its file holds it, a secret echoed into a text or a blob replaced, and reads back', async () => {
    // Base64 can hold a secret made of its own letters: the file replaces it there too.
    const blob = `AAAA${SECRET}AAAA`;
    const { json } = await takeCapture(
      sources({
        'kb://echo.md': [{ uri: 'kb://echo.md', text: `API_KEY=${SECRET}`, size: 36 }],
        'kb://echo.png': [{ uri: 'kb://echo.png', mimeType: 'image/png', blob, size: 27 }],
      }),
    );
    expect(json).not.toContain(SECRET);
    const written = JSON.parse(json) as Capture;
    expect(written.contents).toHaveLength(2);
    for (const entry of written.contents) {
      const items = (entry.contents ?? []).map((item) => [
        item.uri,
        item.mimeType ?? null,
        item.text ?? null,
        item.blob ?? null,
      ]);
      expect(entry.sha256, entry.uri).toBe(hash(JSON.stringify(items)));
    }
    expect(written.context.sha256).toBe(hash(written.context.text));
    // So a reader, which checks every hash, takes it as it was taken.
    expect(parseCapture(json)).toEqual({ capture: written });
  });

  it('with no secret configured, still hides a URL password, and reads back whole', async () => {
    const uri = 'https://ro:readonly123@files.example/notes.md';
    const { json } = await takeCapture(
      sources({ [uri]: [{ uri, text: `mirror at ${uri}`, size: 40 }] }, false),
    );
    expect(json).not.toContain('readonly123');
    const parsed = parseCapture(json);
    expect('capture' in parsed ? parsed.capture.contents[0]?.contents?.[0]?.text : parsed).toBe(
      'mirror at https://ro:[redacted]@files.example/notes.md',
    );
  });
});
