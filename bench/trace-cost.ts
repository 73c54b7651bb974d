/**
 * What keeping the protocol trace costs the host (electron/host/observe/trace-store.ts), alone in a
 * process: 1,000,000 messages of the update load's mix (a `resources/updated` in, a
 * `resources/read` out, its answer in), timed on the process's CPU clock, and the heap
 * after them, after a forced GC. Run with --expose-gc; prints one JSON object.
 */
import { createTraceStore, TRACE_LIMITS } from '../electron/host/observe/trace-store';

const MESSAGES = Number(process.env.TRACE_MESSAGES ?? 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const store = createTraceStore();
store.describe('s1', 'load', ['secret-token-value']);
const cpu = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < MESSAGES; i += 3) {
  const uri = `load://r/${String((i % 20) + 1).padStart(2, '0')}`;
  store.record('s1', 'receive', {
    jsonrpc: '2.0',
    method: 'notifications/resources/updated',
    params: { uri },
  });
  store.record('s1', 'send', { jsonrpc: '2.0', id: i, method: 'resources/read', params: { uri } });
  store.record('s1', 'receive', {
    jsonrpc: '2.0',
    id: i,
    result: {
      contents: [{ uri, mimeType: 'text/plain', text: `version ${i} sent ${Date.now()}` }],
    },
  });
}
const used = process.cpuUsage(cpu);
const wallMs = performance.now() - started;
gc?.();
const kept = store.size();
process.stdout.write(
  JSON.stringify({
    messages: MESSAGES,
    cpuUsPerMessage: (used.user + used.system) / MESSAGES,
    wallMs,
    kept,
    limits: { messages: TRACE_LIMITS.messages, bytes: TRACE_LIMITS.bytes },
    heapMb: (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20,
    gc: gc !== undefined,
  }),
);
