/**
 * What a capture costs, alone in a process: the synthetic catalog over stdio at each size,
 * curated as `mcp-context assemble` does (budget 8,000, auto-include), then captured (which
 * reads the rest of the catalog, up to 1,000 resources), parsed back, replayed by a host of its
 * own to the same bytes, and diffed with itself. Run with --expose-gc; prints one JSON array.
 */
import { createHost } from '../electron/host/host';
import { settledSnapshot } from '../electron/cli/settle';
import { parseCapture } from '../shared/capture/capture-format';
import { diffCaptures } from '../shared/capture/capture-diff';

const SIZES = (process.env.CAPTURE_SIZES ?? '10000,100000').split(',').map(Number);
const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const out = [];
for (const count of SIZES) {
  const host = createHost({
    servers: [
      {
        name: 'synthetic',
        transport: {
          kind: 'stdio',
          command: process.execPath,
          args: [
            '--import',
            'tsx',
            'test/fixtures/synthetic-server.ts',
            '--count',
            String(count),
            '--page-size',
            '500',
          ],
        },
      },
    ],
  });
  await host.ready;
  await settledSnapshot(host);
  const curated = await host.context.settled();
  let started = performance.now();
  const taken = await host.takeCapture();
  const captureMs = performance.now() - started;
  await host.close();
  const heapBefore = heapMb();
  started = performance.now();
  const parsed = parseCapture(taken.json);
  const parseMs = performance.now() - started;
  if ('problem' in parsed) throw new Error(parsed.problem.message);
  started = performance.now();
  const replay = createHost({ replay: parsed.capture });
  await replay.ready;
  await settledSnapshot(replay);
  const replayed = await replay.context.settled();
  const replayMs = performance.now() - started;
  const replayHeapMb = heapMb() - heapBefore;
  await replay.close();
  started = performance.now();
  const diff = diffCaptures(parsed.capture, parsed.capture);
  const diffMs = performance.now() - started;
  out.push({
    count,
    captureMs,
    fileMb: taken.bytes / 2 ** 20,
    contents: taken.contents,
    included: curated?.items.length ?? 0,
    parseMs,
    replayMs,
    replayHeapMb,
    identical: replayed?.text === curated?.text,
    diffMs,
    same: diff.same,
  });
}
process.stdout.write(JSON.stringify(out));
