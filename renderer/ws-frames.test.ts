import { describe, expect, it } from 'vitest';
import { backoffDelay } from './host-link';
import { createLineSplitter, isRefusalCloseCode, parseServerFrame, socketUrl } from './ws-frames';

describe('browser-mode frames', () => {
  it('parses replies and events and drops anything else', () => {
    expect(parseServerFrame('{"id":3,"response":{"ok":true,"value":1}}')).toEqual({
      id: 3,
      response: { ok: true, value: 1 },
    });
    expect(parseServerFrame('{"event":{"seq":4,"type":"server-removed","serverId":"s"}}')).toEqual({
      event: { seq: 4, type: 'server-removed', serverId: 's' },
    });
    expect(parseServerFrame('{"event":{"type":"x"}}')).toBeNull();
    expect(parseServerFrame('not json')).toBeNull();
    expect(parseServerFrame('{"id":4,"response":{"ok":true,"value":2},"after":17}')).toEqual({
      id: 4,
      response: { ok: true, value: 2 },
      after: 17,
    });
    expect(parseServerFrame('{"snapshot":{"seq":9,"servers":[],"catalogs":[]}}')).toEqual({
      snapshot: { seq: 9, servers: [], catalogs: [] },
    });
    expect(parseServerFrame('{"snapshot":{"seq":"9","servers":[],"catalogs":[]}}')).toBeNull();
    expect(parseServerFrame(new ArrayBuffer(2))).toBeNull();
  });

  it('builds the socket URL from the page location, wss on https', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:4000' }, '/ws', 'token', 'a b')).toBe(
      'ws://127.0.0.1:4000/ws?token=a%20b',
    );
    expect(socketUrl({ protocol: 'https:', host: 'box:1' }, '/ws', 'token', 't')).toBe(
      'wss://box:1/ws?token=t',
    );
  });

  it('tells a refusal from a drop, and backs off up to a ceiling', () => {
    expect(isRefusalCloseCode(1008)).toBe(true);
    expect(isRefusalCloseCode(1006)).toBe(false);
    expect([0, 1, 2].map(backoffDelay)).toEqual([500, 1000, 2000]);
    expect(backoffDelay(30)).toBe(15_000);
  });

  it('splits the event stream into its lines wherever the chunks end, even inside a character', () => {
    const text = '{"a":"é"}\n{"b":"日本"}\n\n{"c":"' + 'x'.repeat(200_000) + '"}\n{"cut":';
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 3, 7, 65_536, bytes.length]) {
      const lines: string[] = [];
      const splitter = createLineSplitter((line) => lines.push(line));
      for (let at = 0; at < bytes.length; at += size) splitter.push(bytes.subarray(at, at + size));
      splitter.end();
      // The last line never ended: a message cut off, dropped.
      expect(lines, `chunks of ${size}`).toEqual([
        '{"a":"é"}',
        '{"b":"日本"}',
        '',
        `{"c":"${'x'.repeat(200_000)}"}`,
      ]);
    }
  });
});
