import { describe, expect, it } from 'vitest';
import { HostError } from '../../../shared/host-error';
import { DEFAULT_CONTEXT_SETTINGS } from '../../../shared/context/context-view';
import { createTokenCounter } from '../../../shared/context/tokens';
import type { CatalogSnapshot, ContentItem } from '../../../shared/mcp-types';
import {
  CONTENT_TTL_MS,
  createContextRunner,
  FAILED_READ_TTL_MS,
  MAX_CONTENT_AGE_MS,
  type CurationServer,
} from './context-run';

const counter = createTokenCounter();
const catalog = (uris: string[]): CatalogSnapshot => ({
  serverId: 's1',
  generation: 1,
  status: 'complete',
  resources: uris.map((uri) => ({ serverId: 's1', uri, name: uri })),
  templates: [],
  pages: 1,
  warnings: [],
});

function runnerWithClock() {
  let now = 1_000_000;
  const reads: string[] = [];
  let body = 'first';
  const runner = createContextRunner({
    now: () => now,
    read: async (_serverId, uri): Promise<ContentItem[]> => {
      reads.push(uri);
      if (body === 'broken') throw new Error('Resource not found');
      if (body === 'down')
        throw new HostError(
          'disconnected',
          `resources/read ${uri}: one is not connected (the server was killed by SIGKILL)`,
        );
      return [{ uri, mimeType: 'text/plain', text: `${body} ${uri}`, size: 10 }];
    },
    cancel: () => {},
    count: (text) => counter.count(text),
  });
  const servers: CurationServer[] = [
    { id: 's1', name: 'one', connected: true, catalog: catalog(['a://1', 'a://2']) },
  ];
  // Each run's context is shown (committed), as the host does unless a newer run replaced it.
  const unshown = () =>
    runner.run({
      servers,
      marks: new Map(),
      settings: DEFAULT_CONTEXT_SETTINGS,
      signal: new AbortController().signal,
      now,
      onProgress: () => {},
    });
  const run = async () => {
    const result = await unshown();
    runner.commit(result);
    return result;
  };
  return {
    runner,
    reads,
    run,
    unshown,
    tick: (ms: number) => (now += ms),
    setBody: (text: string) => (body = text),
  };
}

describe('the host’s curation runs', () => {
  it('an update just before its server went away keeps the text last shown, not an unreadable pick', async () => {
    const { runner, reads, run, setBody } = runnerWithClock();
    const first = await run();
    expect(first.items).toHaveLength(2);
    // The server said a://1 changed, then died before we read it again.
    runner.forgetResource(JSON.stringify(['s1', 'a://1']));
    setBody('down');
    const during = await run();
    expect(reads).toEqual(['a://1', 'a://2', 'a://1']);
    expect(during.text).toBe(first.text);
    // Back up: read again, the new text in.
    setBody('second');
    expect((await run()).text).toContain('second a://1');
    // A pick never shown before, on a server that is down, is unreadable: no text to keep.
    runner.forgetResource(JSON.stringify(['s1', 'a://2']));
    runner.forgetResource(JSON.stringify(['s1', 'a://1']));
    setBody('broken');
    expect((await run()).items).toHaveLength(0);
  });

  it('reads nothing again while what it read is fresh, and reads again once it is old', async () => {
    const { reads, run, tick, setBody } = runnerWithClock();
    await run();
    expect(reads).toEqual(['a://1', 'a://2']);
    await run();
    expect(reads).toHaveLength(2);
    // A server that cannot tell us a resource changed: after a while its text is read again.
    setBody('second');
    tick(CONTENT_TTL_MS + 1);
    const again = await run();
    expect(reads).toHaveLength(4);
    expect(again.text).toContain('second a://1');
    expect(again.changed).toEqual(
      new Set([JSON.stringify(['s1', 'a://1']), JSON.stringify(['s1', 'a://2'])]),
    );
  });

  it('tells what changed against the context last shown, not against a run a newer one replaced', async () => {
    const { run, unshown, tick, setBody } = runnerWithClock();
    await run();
    setBody('second');
    tick(CONTENT_TTL_MS + 1);
    // Read again, but replaced before it was shown (a key typed meanwhile).
    expect((await unshown()).changed.size).toBe(2);
    // The run shown next still says both changed.
    expect((await run()).changed.size).toBe(2);
    expect((await run()).changed.size).toBe(0);
  });

  it('keeps what a context in use holds (a toggle does not read it all again), but not past its age', async () => {
    const { reads, run, tick } = runnerWithClock();
    await run();
    // Used every 20 s: never 30 s unused, so nothing is read again...
    for (let elapsed = 0; elapsed + 20_000 < MAX_CONTENT_AGE_MS; elapsed += 20_000) {
      tick(20_000);
      await run();
    }
    expect(reads).toHaveLength(2);
    // ...until it is five minutes old.
    tick(20_000);
    await run();
    expect(reads).toHaveLength(4);
  });

  it('asks again for a resource that failed to read only after a while, or when it is marked again: a broken pick costs no round trip per toggle of another', async () => {
    const { runner, reads, run, tick, setBody } = runnerWithClock();
    setBody('broken');
    const first = await run();
    expect(first.result.decision(JSON.stringify(['s1', 'a://1']))?.reason).toBe(
      'could not be read: Resource not found',
    );
    const tried = reads.length;
    tick(FAILED_READ_TTL_MS - 1);
    const again = await run();
    expect(reads).toHaveLength(tried);
    expect(again.result.decision(JSON.stringify(['s1', 'a://1']))?.reason).toBe(
      'could not be read: Resource not found',
    );
    // Marked again, it is asked for again at once (the user's retry); the other waits its time.
    setBody('back');
    runner.retry([JSON.stringify(['s1', 'a://1'])]);
    const retried = await run();
    expect(reads.slice(tried)).toEqual(['a://1']);
    expect(retried.text).toContain('back a://1');
    tick(2);
    await run();
    expect(reads.slice(tried)).toEqual(['a://1', 'a://2']);
  });

  it('reads a resource the server said changed, and only that one', async () => {
    const { runner, reads, run } = runnerWithClock();
    await run();
    runner.forgetResource(JSON.stringify(['s1', 'a://2']));
    await run();
    expect(reads).toEqual(['a://1', 'a://2', 'a://2']);
  });
});
