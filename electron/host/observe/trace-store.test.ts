import { describe, expect, it } from 'vitest';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { secretsOf } from './redact';
import { createTraceStore } from './trace-store';

const request = (id: number, method = 'resources/list') => ({
  jsonrpc: '2.0',
  id,
  method,
  params: {},
});
const response = (id: number, result: unknown = {}) => ({ jsonrpc: '2.0', id, result });

describe('the trace store', () => {
  it('pairs a request with its response, and gives both the duration', () => {
    let time = 1000;
    const store = createTraceStore(undefined, () => time);
    store.describe('s1', 'one', []);
    store.record('s1', 'send', request(7));
    time = 1042;
    store.record('s1', 'receive', {
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: 'bad cursor' },
    });
    const [sent, answer] = store.all();
    expect(sent).toMatchObject({
      direction: 'send',
      method: 'resources/list',
      id: 7,
      duration: 42,
      answeredBy: 2,
    });
    expect(answer).toMatchObject({
      direction: 'receive',
      method: 'resources/list',
      id: 7,
      duration: 42,
      error: true,
    });
    // A request the server sends us is paired the other way.
    store.record('s1', 'receive', request(1, 'ping'));
    store.record('s1', 'send', response(1));
    expect(store.all().at(-1)).toMatchObject({ direction: 'send', method: 'ping' });
  });

  it('keeps at most the stated count and bytes per server, dropping the oldest', () => {
    const store = createTraceStore({ messages: 100, bytes: 10_000, messageBytes: 2000 });
    store.describe('s1', 'one', []);
    store.describe('s2', 'two', []);
    for (let i = 0; i < 1000; i += 1)
      store.record('s1', 'receive', {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: `a://${i}` },
      });
    const kept = store.all();
    expect(kept).toHaveLength(100);
    expect(kept[0]?.json).toContain('a://900');
    expect(kept.at(-1)?.json).toContain('a://999');
    for (let i = 0; i < 50; i += 1)
      store.record('s2', 'receive', response(i, { text: 'x'.repeat(1500) }));
    expect(store.size().bytes).toBeLessThanOrEqual(10_000 + 100 * 100);
    const second = store.all().filter((record) => record.serverId === 's2');
    expect(second.length).toBeLessThan(10);
    expect(second.at(-1)?.id).toBe(49);
    // In order across servers.
    const seqs = store.all().map((record) => record.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('cuts a huge message and says how large it was', () => {
    const store = createTraceStore({ messages: 10, bytes: 1_000_000, messageBytes: 1000 });
    store.describe('s1', 'one', []);
    const record = store.record(
      's1',
      'receive',
      response(1, { contents: [{ uri: 'a://big', text: 'y'.repeat(50_000) }] }),
    );
    expect(record?.cut).toBe(true);
    expect(record?.json).toHaveLength(1000);
    expect(record?.size).toBeGreaterThan(50_000);
  });

  it('never keeps a secret of the server config, and what it keeps stays JSON', () => {
    const store = createTraceStore();
    const config = {
      name: 'docs',
      transport: {
        kind: 'http' as const,
        url: 'http://127.0.0.1/mcp',
        headers: { Authorization: 'Bearer sk-live-123456', 'X-Trace': 'true' },
      },
    };
    const stdio = {
      name: 'local',
      transport: {
        kind: 'stdio' as const,
        command: 'node',
        args: [],
        env: { API_TOKEN: 'tok"with\\quote', DEBUG: 'true', PORT: '3000', HOME: '/home/someone' },
      },
    };
    expect(secretsOf(config)).toEqual(['Bearer sk-live-123456', 'sk-live-123456']);
    expect(secretsOf(stdio)).toEqual(['tok"with\\quote']);
    store.describe('s1', 'docs', secretsOf(config));
    store.describe('s2', 'local', secretsOf(stdio));
    const heard: string[] = [];
    store.onRecord((_record, json) => heard.push(json));
    store.record(
      's1',
      'receive',
      response(1, {
        text: 'the key is sk-live-123456, or Bearer sk-live-123456',
        subscribe: true,
        [`k-sk-live-123456`]: 1,
      }),
    );
    store.record(
      's2',
      'receive',
      response(2, {
        text: 'echo tok"with\\quote',
        subscribe: true,
        port: 3000,
        home: '/home/someone',
      }),
    );
    const [first, second] = store.all();
    expect(JSON.parse(first?.json as string)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { text: 'the key is [redacted], or [redacted]', subscribe: true, 'k-[redacted]': 1 },
    });
    // Ordinary env values (true, a port, a path) are not secrets: the message is left as it was.
    expect(JSON.parse(second?.json as string)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { text: 'echo [redacted]', subscribe: true, port: 3000, home: '/home/someone' },
    });
    expect(heard.join('\n')).not.toMatch(/sk-live|tok"with/);
    // However deep it is nested.
    let deep: unknown = 'sk-live-123456';
    for (let depth = 0; depth < 200; depth += 1) deep = { [`level${depth}`]: [deep] };
    store.record('s1', 'receive', response(3, deep));
    expect(store.all().at(-1)?.json).not.toContain('sk-live');
    expect(() => JSON.parse(store.all().at(-1)?.json as string)).not.toThrow();
    expect(store.nameOf('s1')).toBe('docs');
  });

  it('finds a message by seq, and forgets a removed server', () => {
    const store = createTraceStore({ messages: 50, bytes: 1_000_000, messageBytes: 1000 });
    store.describe('s1', 'one', []);
    store.describe('s2', 'two', []);
    // A server never described keeps nothing.
    expect(store.record('s9', 'send', request(1))).toBeUndefined();
    for (let i = 0; i < 120; i += 1) store.record(i % 2 ? 's1' : 's2', 'send', request(i));
    expect(store.find(119)?.id).toBe(118);
    expect(store.find(3)).toBeUndefined();
    expect(store.since(115).map((record) => record.seq)).toEqual([116, 117, 118, 119, 120]);
    expect(store.oldestKept('s1')).toBe(22);
    store.forget('s1');
    expect(store.all().every((record) => record.serverId === 's2')).toBe(true);
    expect(store.record('s1', 'send', request(1))).toBeUndefined();
  });
});

describe('a cut message in the trace', () => {
  it('keeps only what it shows, not the whole message it was cut from', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const store = createTraceStore({ messages: 100, bytes: 32 * 1024 * 1024, messageBytes: 1024 });
    store.describe('s1', 'one', []);
    gc();
    const before = process.memoryUsage().heapUsed;
    // Five listings of 8 MB each, every one cut to 1 KB.
    for (let id = 1; id <= 5; id += 1)
      store.record('s1', 'receive', response(id, { resources: 'x'.repeat(8 * 1024 * 1024 + id) }));
    gc();
    const kept = process.memoryUsage().heapUsed - before;
    expect(store.all().every((record) => record.cut && record.json.length === 1024)).toBe(true);
    expect(kept).toBeLessThan(8 * 1024 * 1024);
  });
});
