import { describe, expect, it } from 'vitest';
import { backoffDelay } from './host-link';
import type { HostEvent } from '../shared/host-api';
import { encodeServerMessage } from '../shared/ws-protocol';
import { createLineSplitter, isRefusalCloseCode, parseServerFrame, socketUrl } from './ws-frames';

describe('browser-mode frames', () => {
  it('parses replies and events and drops anything else', () => {
    expect(parseServerFrame('{"id":3,"response":{"ok":true,"value":1}}')).toEqual({ id: 3, response: { ok: true, value: 1 } });
    expect(parseServerFrame('{"event":{"seq":4,"type":"server-removed","serverId":"s"}}')).toEqual({ event: { seq: 4, type: 'server-removed', serverId: 's' } });
    expect(parseServerFrame('{"event":{"type":"x"}}')).toBeNull();
    expect(parseServerFrame('not json')).toBeNull();
    expect(parseServerFrame('{"id":4,"response":{"ok":true,"value":2},"after":17}')).toEqual({ id: 4, response: { ok: true, value: 2 }, after: 17 });
    expect(parseServerFrame('{"snapshot":{"seq":9,"servers":[],"catalogs":[]}}')).toEqual({ snapshot: { seq: 9, servers: [], catalogs: [] } });
    expect(parseServerFrame('{"snapshot":{"seq":"9","servers":[],"catalogs":[]}}')).toBeNull();
    expect(parseServerFrame(new ArrayBuffer(2))).toBeNull();
  });

  it('builds the socket URL from the page location, wss on https', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:4000' }, '/ws', 'token', 'a b')).toBe('ws://127.0.0.1:4000/ws?token=a%20b');
    expect(socketUrl({ protocol: 'https:', host: 'box:1' }, '/ws', 'token', 't')).toBe('wss://box:1/ws?token=t');
  });

  it('tells a refusal from a drop, and backs off up to a ceiling', () => {
    expect(isRefusalCloseCode(1008)).toBe(true);
    expect(isRefusalCloseCode(1006)).toBe(false);
    expect([0, 1, 2].map(backoffDelay)).toEqual([500, 1000, 2000]);
    expect(backoffDelay(30)).toBe(15_000);
  });

  it('carries a catalog page packed, and reads back exactly the resources the host sent', () => {
    const resources = Array.from({ length: 50 }, (_, i) => ({
      serverId: 's1',
      uri: `docs://a/${i}`,
      name: `n${i}`,
      ...(i % 2 === 0 && { title: `T ${i}` }),
      ...(i % 3 === 0 && { annotations: { priority: 0.5, audience: ['user' as const] }, _meta: { nested: { deep: [1, 'x'] } } }),
    }));
    const event: HostEvent = { seq: 9, type: 'catalog-page', serverId: 's1', generation: 2, resources, templates: [], warnings: [], pages: 3 };
    const frame = encodeServerMessage({ event });
    // A key whose value is undefined is absent: it gets no column.
    const withUndefined = encodeServerMessage({ event: { ...event, resources: resources.map((resource) => ({ ...resource, description: undefined })) } });
    expect(withUndefined).toBe(frame);
    expect(frame.length).toBeLessThan(JSON.stringify({ event }).length * 0.8);
    expect(parseServerFrame(frame)).toEqual({ event });
  });

  it('carries a snapshot with its catalogs packed, and reads back exactly what the host had', () => {
    const resources = Array.from({ length: 30 }, (_, i) => ({ serverId: 's1', uri: `docs://a/${i}`, name: `n${i}`, ...(i % 2 === 0 && { annotations: { priority: 0.5 } }) }));
    const snapshot = {
      seq: 12,
      servers: [],
      catalogs: [
        { serverId: 's1', generation: 1, status: 'complete' as const, resources, templates: [], pages: 1, warnings: [] },
        { serverId: 's2', generation: 1, status: 'listing' as const, resources: [], templates: [], pages: 0, warnings: [] },
      ],
    };
    const line = encodeServerMessage({ snapshot });
    expect(line).toContain('packedResources');
    expect(line.length).toBeLessThan(JSON.stringify({ snapshot }).length * 0.8);
    expect(parseServerFrame(line)).toEqual({ snapshot });
    expect(parseServerFrame(line.replace('"keys":[', '"keys":["__proto__",'))).toBeNull();
  });

  it('sends a page unpacked when a value is null, and refuses a packed page that is malformed', () => {
    const resources = [{ serverId: 's1', uri: 'a://1', name: 'a', _meta: null as unknown as Record<string, unknown> }];
    const event: HostEvent = { seq: 1, type: 'catalog-page', serverId: 's1', generation: 1, resources, templates: [], warnings: [], pages: 1 };
    expect(parseServerFrame(encodeServerMessage({ event }))).toEqual({ event });
    const malformed = { event: { seq: 2, type: 'catalog-page', serverId: 's1', generation: 1, templates: [], warnings: [], pages: 1, packedResources: { keys: ['__proto__'], rows: [[{}]] } } };
    expect(parseServerFrame(JSON.stringify(malformed))).toBeNull();
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
      expect(lines, `chunks of ${size}`).toEqual(['{"a":"é"}', '{"b":"日本"}', '', `{"c":"${'x'.repeat(200_000)}"}`]);
    }
  });
});
