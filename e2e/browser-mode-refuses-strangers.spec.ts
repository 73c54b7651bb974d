// Browser mode must be useless to anyone but the person who started it: no token, a
// foreign Origin (another website, CSRF) or a foreign Host (DNS rebinding) are all refused,
// on the page, on the socket that carries calls and on the stream that carries events.
import { request as httpRequest, createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe();
});
test.afterAll(async () => {
  await served.stop();
});

/** A raw GET, so the test controls the Host header as a rebinding attacker would. */
function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: served.port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Opens the socket with the given token and Origin; resolves with the HTTP status of a refusal, or
 * 101.
 */
function openSocket(token: string, origin: string | undefined): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${served.port}/ws?token=${token}`,
      origin ? { origin } : {},
    );
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
}

test('the page without its token shows a refusal, not the app', async ({ page }) => {
  const response = await page.goto(`${served.origin}/`);
  expect(response?.status()).toBe(401);
  await expect(page.getByText('this address needs the token')).toBeVisible();
  expect((await get('/?token=wrong', { Host: `127.0.0.1:${served.port}` })).status).toBe(401);
});

test('a foreign Host is refused even with the right token (DNS rebinding)', async () => {
  const refused = await get(`/?token=${served.token}`, { Host: `attacker.example:${served.port}` });
  expect(refused.status).toBe(421);
  expect(refused.body).toContain('refused: Host');
  const allowed = await get(`/?token=${served.token}`, { Host: `localhost:${served.port}` });
  expect(allowed.status).toBe(200);
});

test('the socket refuses a wrong token and a foreign Origin, and accepts its own page', async () => {
  expect(await openSocket('wrong', served.origin)).toBe(401);
  expect(await openSocket(served.token, 'https://attacker.example')).toBe(403);
  expect(await openSocket(served.token, undefined)).toBe(403);
  expect(await openSocket(served.token, served.origin)).toBe(101);
});

test('another website in the same browser cannot reach the socket, even knowing the token', async ({
  page,
}) => {
  // A page on another loopback port stands in for any website the user has open.
  const evil: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>elsewhere</title>');
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  const address = evil.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    const outcome = await page.evaluate(
      ([target]) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(target as string);
          ws.onopen = () => resolve('open');
          ws.onerror = () => resolve('refused');
        }),
      [`ws://127.0.0.1:${served.port}/ws?token=${served.token}`],
    );
    expect(outcome).toBe('refused');
    // Nor open the event stream. The browser blocks the answer from the page anyway; what
    // matters is that the host sends nothing. A recorder on a third port stands in for the host
    // and keeps the headers the browser sends with such a request; the host refuses them.
    let recorded: Record<string, string | string[] | undefined> = {};
    const recorder: Server = createServer((req, res) => {
      recorded = req.headers;
      res.end();
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    const recorderAddress = recorder.address();
    const recorderPort =
      typeof recorderAddress === 'object' && recorderAddress ? recorderAddress.port : 0;
    try {
      await page.evaluate(
        (events) =>
          fetch(events, { mode: 'no-cors' }).then(
            () => undefined,
            () => undefined,
          ),
        `http://127.0.0.1:${recorderPort}/events?token=${served.token}`,
      );
    } finally {
      recorder.close();
    }
    expect(recorded['sec-fetch-site']).toBe('same-site');
    const sent = Object.fromEntries(
      Object.entries(recorded).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    const replayed = await get(`/events?token=${served.token}`, {
      ...sent,
      host: `127.0.0.1:${served.port}`,
    });
    expect(replayed.status).toBe(403);
  } finally {
    evil.close();
  }
});

test('the event stream wants the token in its URL, its own Host and Origin, and a same-origin fetch', async () => {
  const own = { Host: `127.0.0.1:${served.port}` };
  expect((await get('/events', own)).status).toBe(401);
  expect((await get('/events?token=wrong', own)).status).toBe(401);
  // The page's cookie opens its assets, never the events.
  expect(
    (await get('/events', { ...own, Cookie: `mcp_context_token=${served.token}` })).status,
  ).toBe(401);
  expect(
    (await get(`/events?token=${served.token}`, { Host: `attacker.example:${served.port}` }))
      .status,
  ).toBe(421);
  expect(
    (await get(`/events?token=${served.token}`, { ...own, Origin: 'https://attacker.example' }))
      .status,
  ).toBe(403);
  expect(
    (await get(`/events?token=${served.token}`, { ...own, 'Sec-Fetch-Site': 'cross-site' })).status,
  ).toBe(403);
});

test("the page's own event stream carries the host's events, a JSON message per line", async ({
  page,
}) => {
  await page.goto(served.url);
  const lines = await page.evaluate(
    async ({ events, socket }) => {
      const response = await fetch(events);
      const reader = response.body?.getReader();
      if (!reader) return { type: response.headers.get('content-type'), events: [] };
      // A refresh of the demo catalog, asked over the socket, makes the host send events (the new
      // listing whole).
      const ws = new WebSocket(socket);
      const reply = (id: number) =>
        new Promise<{ value?: { servers: { id: string }[] } }>((resolve) =>
          ws.addEventListener('message', (m) => {
            const frame = JSON.parse(String(m.data)) as {
              id?: number;
              response?: { value?: { servers: { id: string }[] } };
            };
            if (frame.id === id) resolve(frame.response ?? {});
          }),
        );
      await new Promise((resolve) => (ws.onopen = resolve));
      ws.send(JSON.stringify({ id: 1, method: 'getSnapshot', args: [] }));
      const snapshot = await reply(1);
      ws.send(
        JSON.stringify({ id: 2, method: 'refreshCatalog', args: [snapshot.value?.servers[0]?.id] }),
      );
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('"catalog-relisted"')) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      await reader.cancel();
      ws.close();
      return {
        type: response.headers.get('content-type'),
        events: text.split('\n').filter(Boolean),
      };
    },
    {
      events: `/events?token=${served.token}`,
      socket: `ws://127.0.0.1:${served.port}/ws?token=${served.token}`,
    },
  );
  expect(lines.type).toContain('application/x-ndjson');
  expect(lines.events.some((line) => line.includes('"catalog-relisted"'))).toBe(true);
  // First the host's state as the stream began, then events.
  expect(JSON.parse(lines.events[0] ?? '')).toHaveProperty('snapshot.seq');
  for (const line of lines.events.slice(1, -1))
    expect(JSON.parse(line)).toHaveProperty('event.seq');
});
