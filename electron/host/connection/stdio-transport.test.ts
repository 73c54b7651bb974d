import { afterEach, describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { ProcessStdioTransport } from './stdio-transport';

let transport: ProcessStdioTransport | undefined;
afterEach(async () => {
  await transport?.close();
  transport = undefined;
});

/** A process that writes one line of JSON-RPC made by `script`, then waits. */
function writer(script: string): ProcessStdioTransport {
  return new ProcessStdioTransport({
    command: process.execPath,
    args: ['-e', `process.stdout.write(${script} + '\\n'); process.stdin.resume();`],
  });
}

describe('ProcessStdioTransport', () => {
  it('reads a long line whose characters straddle its chunks', async () => {
    // 300,000 bytes of a three-byte character: 64 KiB chunks cut some of them in two.
    transport = writer(
      `JSON.stringify({ jsonrpc: '2.0', method: 'note', params: { text: '€'.repeat(100000) } })`,
    );
    const received = new Promise<JSONRPCMessage>((resolve) => {
      if (transport) transport.onmessage = resolve;
    });
    await transport.start();
    const message = (await received) as { params?: { text?: string } };
    expect(message.params?.text).toBe('€'.repeat(100_000));
  });
});
