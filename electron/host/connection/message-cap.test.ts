import { describe, expect, it, vi } from 'vitest';
import { cappedFetch, MessageTooLarge, RECEIVING_FROM } from './message-cap';

/** A server's answer, sent in these chunks. */
function answer(chunks: string[], type: string, status = 200): typeof fetch {
  return async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    const response = new Response(body, {
      status,
      statusText: 'As Sent',
      headers: { 'content-type': type, 'mcp-session-id': 's-1' },
    });
    return Object.defineProperty(response, 'url', { value: 'http://127.0.0.1/mcp' });
  };
}

const get = (base: typeof fetch, limit: number, told = vi.fn()) =>
  cappedFetch(limit, told, base)('http://127.0.0.1/mcp');

describe('cappedFetch', () => {
  it('passes an answer under the cap through, with its status, headers and URL', async () => {
    const response = await get(answer(['{"a":', '1}'], 'application/json', 202), 100);
    expect(response.status).toBe(202);
    expect(response.statusText).toBe('As Sent');
    expect(response.headers.get('mcp-session-id')).toBe('s-1');
    expect(response.url).toBe('http://127.0.0.1/mcp');
    expect(await response.json()).toEqual({ a: 1 });
  });

  it('fails a JSON answer over the cap, in the words of a stdio message', async () => {
    const told = vi.fn();
    const response = await get(
      answer(['{"a":"', 'x'.repeat(60), 'x'.repeat(60), '"}'], 'application/json'),
      100,
      told,
    );
    const failed = await response.text().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(MessageTooLarge);
    expect(told).toHaveBeenCalledTimes(1);
    expect(told.mock.calls[0]?.[0]).toBe(failed);
    expect(new MessageTooLarge(256 * 1024 * 1024).message).toBe(
      'the server sent a message over 256 MB; closing the connection',
    );
  });

  it('caps an event stream one event at a time, whatever the line ends', async () => {
    const event = (end: string) => `event: message${end}data: ${'y'.repeat(60)}${end}${end}`;
    // Ten times the cap in all, every event under it; a line end split across chunks.
    const chunks = ['\n', '\r\n', '\r'].flatMap((end) =>
      Array.from({ length: 12 }, () => event(end)),
    );
    chunks.push('data: a\r', '\n', '\r', '\ndata: b\n', '\n');
    const told = vi.fn();
    const response = await get(answer(chunks, 'text/event-stream; charset=utf-8'), 100, told);
    expect((await response.text()).length).toBeGreaterThan(1000);
    expect(told).not.toHaveBeenCalled();
  });

  it('fails one event over the cap, even made of short lines', async () => {
    // CRLF is one line end, not a line and a blank one.
    const lines = Array.from({ length: 20 }, (_, n) => `data: ${n}\r\n`);
    const told = vi.fn();
    const response = await get(
      answer(['data: ok\r\n\r\n', ...lines, '\r\n'], 'text/event-stream'),
      100,
      told,
    );
    await expect(response.text()).rejects.toBeInstanceOf(MessageTooLarge);
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('counts a JSON answer whole even when it has blank lines', async () => {
    const body = ['{"a":\n\n', ...Array.from({ length: 10 }, () => `${' '.repeat(20)}\n\n`), '1}'];
    const response = await get(answer(body, 'application/json'), 100);
    await expect(response.json()).rejects.toBeInstanceOf(MessageTooLarge);
  });

  it('tells how much of a large answer has come, chunk by chunk, and nothing of a small one', async () => {
    const half = 'x'.repeat(RECEIVING_FROM / 2);
    const received = vi.fn();
    const large = await cappedFetch(
      4 * RECEIVING_FROM,
      vi.fn(),
      answer(['{"a":"', half, half, half, '"}'], 'application/json'),
      received,
    )('http://127.0.0.1/mcp');
    expect((await large.json()) as unknown).toEqual({ a: half.repeat(3) });
    // Then, the body whole, that it has all come.
    expect(received.mock.calls).toEqual([
      [RECEIVING_FROM + 6],
      [RECEIVING_FROM * 1.5 + 6],
      [RECEIVING_FROM * 1.5 + 8],
      [RECEIVING_FROM * 1.5 + 8, true],
    ]);
    const small = vi.fn();
    await (
      await cappedFetch(100, vi.fn(), answer(['{"a":1}'], 'application/json'), small)('http://x')
    ).json();
    expect(small).not.toHaveBeenCalled();
  });
});
