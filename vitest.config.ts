import { defineConfig } from 'vitest/config';

// Every limit here is a guard against a hang, never a measure of speed (that is `npm run bench`):
// a test waits on events and conditions, and these only end one that would wait forever. They are
// set for a loaded two-core machine, where a test can take several times as long as on a quiet one.
const poll = { timeout: 30_000, interval: 50 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll },
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          expect: { poll },
          // Each file spawns real servers; two cores, so keep the pool small.
          maxWorkers: 2,
          // Unit tests first, then these, which start real servers.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
