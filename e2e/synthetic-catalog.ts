/** The synthetic server's catalog, for specs that check what it lists. */
import { syntheticResource } from '../test/fixtures/synthetic-catalog';

export { syntheticResource };

export function syntheticCatalog(count: number): ReturnType<typeof syntheticResource>[] {
  return Array.from({ length: count }, (_, i) => syntheticResource(i));
}

/** The command line that serves `count` synthetic resources in browser mode. */
export function syntheticServeArgs(count: number): string[] {
  return ['--', process.execPath, '--import', 'tsx', 'test/fixtures/synthetic-server.ts', '--count', String(count)];
}
