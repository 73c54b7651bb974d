import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file spawns real servers; two cores, so keep the pool small.
          maxWorkers: 2,
          // Unit tests first, then these, which start real servers.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
