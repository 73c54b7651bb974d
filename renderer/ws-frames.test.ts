import { describe, expect, it } from 'vitest';
import { backoffDelay } from './host-link';
import { isRefusalCloseCode, parseServerFrame, socketUrl } from './ws-frames';

describe('browser-mode frames', () => {
  it('parses replies and events and drops anything else', () => {
    expect(parseServerFrame('{"id":3,"response":{"ok":true,"value":1}}')).toEqual({ id: 3, response: { ok: true, value: 1 } });
    expect(parseServerFrame('{"event":{"seq":4,"type":"server-removed","serverId":"s"}}')).toEqual({ event: { seq: 4, type: 'server-removed', serverId: 's' } });
    expect(parseServerFrame('{"event":{"type":"x"}}')).toBeNull();
    expect(parseServerFrame('not json')).toBeNull();
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
});
