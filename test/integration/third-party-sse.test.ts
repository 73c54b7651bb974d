// The real server-everything's legacy HTTP+SSE transport (`sse`, 1.x SDK), kept on loopback by
// test/fixtures/loopback-only.mjs: a Streamable HTTP POST to /sse gets an HTML "Cannot POST"
// page, a 404 that names no status in its words; the host must read the status and fall back.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../electron/host/host';
import { freePort, settled, startHost, WAIT_MS } from './harness';

let server: ChildProcess | undefined;
let port = 0;
const hosts: Host[] = [];

beforeAll(async () => {
  port = await freePort();
  server = spawn(
    process.execPath,
    [
      '--import',
      './test/fixtures/loopback-only.mjs',
      'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
      'sse',
    ],
    { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('server-everything sse did not start')),
      WAIT_MS,
    );
    server?.stderr?.on('data', (chunk: Buffer) => {
      if (/running on port/.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
});
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()));
  server?.kill();
});

describe('server-everything over HTTP+SSE', () => {
  it('a URL of its /sse endpoint falls back from Streamable HTTP to SSE, and lists its resources', async () => {
    const { host } = startHost([
      { name: 'sse', transport: { kind: 'http', url: `http://127.0.0.1:${port}/sse` } },
    ]);
    hosts.push(host);
    const snapshot = await settled(host);
    expect(snapshot.servers[0]).toMatchObject({ status: 'connected', era: 'legacy' });
    expect(snapshot.catalogs[0]?.resources.length).toBeGreaterThan(0);
  });

  it('a wrong path says both statuses and where to look, in one line, never the HTML page', async () => {
    const { host } = startHost([
      { name: 'wrong', transport: { kind: 'http', url: `http://127.0.0.1:${port}/wrong` } },
    ]);
    hosts.push(host);
    const [server] = (await settled(host)).servers;
    expect(server?.disconnect?.reason).toBe(
      "could not connect: HTTP 404 to the Streamable HTTP POST, and HTTP 404 to the SSE GET: is /wrong the server's MCP endpoint? (often /mcp, or /sse for SSE)",
    );
  });
});
