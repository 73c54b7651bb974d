import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTEXT_SETTINGS } from '../context/context-view';
import { diffCaptures } from './capture-diff';
import { CAPTURE_KIND, CAPTURE_VERSION, parseCapture, type Capture } from './capture-format';

/** The host's hash (node:crypto), of a read's items as [uri, mimeType, text, blob] each. */
const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const itemsHash = (...items: [string, string | null, string | null, string | null][]) =>
  hash(JSON.stringify(items));
const ONE = itemsHash(['a://one', null, 'one', null]);

function capture(change: (draft: Capture) => void = () => {}): Capture {
  const draft: Capture = {
    kind: CAPTURE_KIND,
    version: CAPTURE_VERSION,
    capturedAt: '2026-12-01T10:00:00.000Z',
    now: 1_764_583_200_000,
    tool: { name: 'mcp-context-inspector', version: '0.1.0' },
    servers: [
      {
        id: 's1',
        name: 'docs',
        transport: { kind: 'http', url: 'http://127.0.0.1:9/mcp' },
        status: 'connected',
        protocolVersion: '2025-11-25',
        era: 'legacy',
        catalog: {
          status: 'complete',
          resources: [
            { uri: 'a://one', name: 'one', annotations: { priority: 0.4 } },
            { uri: 'a://two', name: 'two' },
          ],
          templates: [],
          warnings: [],
        },
      },
    ],
    contents: [
      {
        server: 's1',
        uri: 'a://one',
        sha256: ONE,
        contents: [{ uri: 'a://one', text: 'one', size: 3 }],
      },
    ],
    notRead: 0,
    context: {
      settings: { ...DEFAULT_CONTEXT_SETTINGS },
      marks: [],
      decisions: [
        {
          server: 's1',
          uri: 'a://one',
          kind: 'below-threshold',
          included: false,
          tokens: 3,
          estimated: false,
          reason: 'priority 0.4 < 0.5',
        },
      ],
      text: 'line 1\nline 2\n',
      sha256: hash('line 1\nline 2\n'),
      tokens: 4,
      used: 4,
      overBudget: 0,
      warnings: [],
    },
    timeline: [],
    trace: [],
  };
  change(draft);
  return draft;
}

describe('a capture file', () => {
  it('reads back what was written, and names what is wrong with one that is not', () => {
    expect(parseCapture(JSON.stringify(capture()))).toEqual({ capture: capture() });
    expect(parseCapture('{')).toMatchObject({
      problem: { message: expect.stringContaining('it is not JSON') },
    });
    expect(parseCapture(JSON.stringify({ ...capture(), version: 2 }))).toMatchObject({
      problem: { message: expect.stringContaining('version 2 capture, written by a newer') },
    });
    expect(
      parseCapture(JSON.stringify(capture((draft) => void (draft.context.settings.budget = -1)))),
    ).toMatchObject({
      problem: { message: expect.stringMatching(/^context\.settings\.budget: /) },
    });
    expect(
      parseCapture(JSON.stringify(capture((draft) => void (draft.contents[0]!.server = 's9')))),
    ).toMatchObject({ problem: { message: 'it names server "s9", which it does not hold' } });
    // What the panels show is checked as strictly as the rest: a trace method or a timeline URI
    // that is not text is refused.
    const record = { seq: 1, time: 1, serverId: 's1', direction: 'send', size: 2, json: '{}' };
    expect(
      parseCapture(
        JSON.stringify(
          capture((draft) => void (draft.trace = [{ ...record, method: {} } as never])),
        ),
      ),
    ).toMatchObject({ problem: { message: expect.stringMatching(/^trace\.0\.method: /) } });
    expect(
      parseCapture(
        JSON.stringify(
          capture(
            (draft) =>
              void (draft.timeline = [
                {
                  seq: 1,
                  time: 1,
                  serverId: 's1',
                  server: 'docs',
                  kind: 'updated',
                  uri: {},
                } as never,
              ]),
          ),
        ),
      ),
    ).toMatchObject({ problem: { message: expect.stringMatching(/^timeline\.0\.uri: /) } });
    // Nesting no capture has is refused before it is walked.
    let deep: unknown = 'leaf';
    for (let level = 0; level < 200; level += 1) deep = { deep };
    expect(
      parseCapture(
        JSON.stringify(
          capture(
            (draft) => void (draft.servers[0]!.capabilities = deep as Record<string, unknown>),
          ),
        ),
      ),
    ).toMatchObject({
      problem: { message: 'it nests deeper than 100 levels, which no capture does' },
    });
  });
});

describe('a capture edited since it was taken', () => {
  const refused = (change: (draft: Capture) => void) =>
    parseCapture(JSON.stringify(capture(change)));

  it('is refused, naming the read or the text that does not match its hash', () => {
    expect(
      refused((draft) => void (draft.contents[0]!.contents![0]!.text = 'one, edited')),
    ).toEqual({
      problem: {
        message: 'it was edited: the content of "a://one" (server docs) does not match its sha256',
      },
    });
    expect(refused((draft) => void (draft.context.text = 'line 1\nline 2, edited\n'))).toEqual({
      problem: { message: 'it was edited: the assembled context does not match its sha256' },
    });
    // The hash changed with the content is no way round it: the text still holds what was hashed.
    expect(
      refused((draft) => {
        draft.contents[0]!.contents![0]!.text = 'one, edited';
        draft.contents[0]!.sha256 = hash('one, edited');
      }),
    ).toMatchObject({ problem: { message: expect.stringContaining('"a://one" (server docs)') } });
    // What a read holds instead of its content, or nothing at all, is an edit too.
    expect(
      refused((draft) => {
        delete draft.contents[0]!.contents;
        draft.contents[0]!.error = 'it could not be read';
      }),
    ).toMatchObject({
      problem: {
        message:
          'it was edited: the read error of "a://one" (server docs) does not match its sha256',
      },
    });
    expect(refused((draft) => void delete draft.contents[0]!.contents)).toMatchObject({
      problem: {
        message:
          'it was edited: the read of "a://one" (server docs) holds neither its content nor its error',
      },
    });
  });

  it('accepts blobs and errors as written, and names an edited blob with how many more were', () => {
    const blob = Buffer.from([0, 1, 2, 255]).toString('base64');
    const withBlob = (draft: Capture) => {
      draft.contents.push(
        {
          server: 's1',
          uri: 'a://two',
          sha256: itemsHash(['a://two', 'image/png', null, blob]),
          contents: [{ uri: 'a://two', mimeType: 'image/png', blob, size: 4 }],
        },
        {
          server: 's1',
          uri: 'a://gone',
          sha256: hash('gone: ünreadable'),
          error: 'gone: ünreadable',
        },
      );
    };
    expect(parseCapture(JSON.stringify(capture(withBlob)))).toEqual({
      capture: capture(withBlob),
    });
    const edited = (draft: Capture) => {
      withBlob(draft);
      draft.contents[1]!.contents![0]!.blob = Buffer.from([0, 1, 2, 254]).toString('base64');
      draft.contents[2]!.error = 'gone: unreadable';
      draft.context.text = '';
    };
    expect(refused(edited)).toEqual({
      problem: {
        message:
          'it was edited: the content of "a://two" (server docs) does not match its sha256 (nor do 2 more)',
      },
    });
  });
});

describe('the diff of two captures', () => {
  it('is empty for the same capture, whatever the server ids of the run', () => {
    const renumbered = capture((draft) => {
      draft.servers[0]!.id = 's7';
      draft.contents[0]!.server = 's7';
      draft.context.decisions[0]!.server = 's7';
    });
    expect(diffCaptures(capture(), renumbered)).toMatchObject({
      same: true,
      resources: [],
      decisions: [],
      context: { same: true, patch: '' },
    });
  });

  it('compares captures that differ in 200,000 resources', () => {
    const many = (priority: number) =>
      capture((draft) => {
        draft.servers[0]!.catalog.resources = Array.from({ length: 200_000 }, (_, i) => ({
          uri: `a://n/${i}`,
          name: `n${i}`,
          annotations: { priority },
        }));
      });
    const diff = diffCaptures(many(0.1), many(0.2));
    expect(diff.resources).toHaveLength(200_000);
    expect(diff.resources[0]).toMatchObject({ uri: 'a://n/0', change: 'changed' });
  });

  it('names each field, annotation and content hash that changed, the decision that turned with both reasons, and the lines', () => {
    const after = capture((draft) => {
      const [one] = draft.servers[0]!.catalog.resources;
      one!.annotations = { priority: 0.9 };
      draft.servers[0]!.catalog.resources.splice(1, 1, { uri: 'a://three', name: 'three' });
      draft.servers[0]!.protocolVersion = '2026-07-28';
      draft.contents[0]!.sha256 = 'bbb';
      draft.context.decisions[0] = {
        ...draft.context.decisions[0]!,
        kind: 'auto',
        included: true,
        reason: 'priority 0.9 ≥ 0.5',
      };
      draft.context.settings.budget = 4000;
      draft.context.text = 'line 1\nline two\n';
    });
    const diff = diffCaptures(capture(), after);
    expect(diff.same).toBe(false);
    expect(diff.servers).toEqual([
      {
        server: 'docs',
        change: 'changed',
        fields: [{ field: 'protocolVersion', before: '"2025-11-25"', after: '"2026-07-28"' }],
      },
    ]);
    expect(diff.resources).toEqual([
      {
        server: 'docs',
        uri: 'a://one',
        change: 'changed',
        fields: [
          { field: 'annotations.priority', before: '0.4', after: '0.9' },
          { field: 'content', before: `sha256 ${ONE.slice(0, 12)}`, after: 'sha256 bbb' },
        ],
      },
      { server: 'docs', uri: 'a://three', change: 'added', fields: [] },
      { server: 'docs', uri: 'a://two', change: 'removed', fields: [] },
    ]);
    expect(diff.decisions).toEqual([
      {
        server: 'docs',
        uri: 'a://one',
        turned: true,
        before: {
          kind: 'below-threshold',
          included: false,
          reason: 'priority 0.4 < 0.5',
          tokens: 3,
        },
        after: { kind: 'auto', included: true, reason: 'priority 0.9 ≥ 0.5', tokens: 3 },
      },
    ]);
    expect(diff.settings).toEqual([{ field: 'budget', before: '8000', after: '4000' }]);
    expect(diff.context).toMatchObject({ same: false, added: 1, removed: 1 });
    expect(diff.context.patch).toContain('-line 2\n+line two\n');
  });
});
