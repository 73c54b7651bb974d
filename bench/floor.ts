/**
 * The floor: a bare SDK client paging the same catalog over stdio, with nothing shown.
 * Our app can only be as fast as this; the bench reports its ratio to it.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { z } from 'zod';

const anyResult = z.looseObject({});

/** Milliseconds from spawning the server to holding every page of `resources/list`. */
export async function pageWithBareClient(
  command: string,
  args: string[],
): Promise<{ ms: number; resources: number }> {
  const started = performance.now();
  // A subclass probes the protocol era on the real process instead of spawning twice.
  class InPlace extends StdioClientTransport {}
  const client = new Client(
    { name: 'bench-floor', version: '1' },
    { versionNegotiation: { mode: 'auto' } },
  );
  await client.connect(
    new InPlace({ command, args, stderr: 'ignore', maxBufferSize: 256 * 1024 * 1024 }),
  );
  let cursor: string | undefined;
  let resources = 0;
  do {
    const page = (await client.request(
      { method: 'resources/list', params: cursor === undefined ? {} : { cursor } },
      anyResult,
    )) as {
      resources: unknown[];
      nextCursor?: string;
    };
    resources += page.resources.length;
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  const ms = performance.now() - started;
  await client.close();
  return { ms, resources };
}
