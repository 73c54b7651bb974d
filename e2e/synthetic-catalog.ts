/** The synthetic server's catalog, for specs that check what it lists. */
import { test } from '@playwright/test';
import { syntheticResource } from '../test/fixtures/synthetic-catalog';
import { startServe, type Served } from './serve';

export { syntheticResource };

export function syntheticCatalog(count: number): ReturnType<typeof syntheticResource>[] {
  return Array.from({ length: count }, (_, i) => syntheticResource(i));
}

/** The command line that serves `count` synthetic resources in browser mode. */
export function syntheticServeArgs(count: number): string[] {
  return [
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/synthetic-server.ts',
    '--count',
    String(count),
  ];
}

/**
 * Serves `count` synthetic resources for the spec file that calls it; returns the running server.
 */
export function serveSyntheticCatalog(count: number): () => Served {
  let served: Served | undefined;
  test.beforeAll(async () => {
    served = await startServe(syntheticServeArgs(count));
  });
  test.afterAll(async () => {
    await served?.stop();
  });
  return () => {
    if (!served)
      throw new Error('the synthetic catalog is served only inside the tests of this file');
    return served;
  };
}
