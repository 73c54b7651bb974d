/**
 * The synthetic server's resources, recomputed here so specs know what to expect without
 * importing the fixture (which starts a server when loaded). Mirrors
 * test/fixtures/synthetic-server.ts: keep the two in step.
 */
const areas = ['billing', 'search', 'auth', 'storage', 'notifications', 'analytics', 'payments', 'reports'];
const kinds = ['guides', 'reference', 'runbooks', 'decisions', 'incidents'];
const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike', 'november', 'oscar', 'papa'];

export interface SyntheticResource {
  uri: string;
  name: string;
  title: string;
  area: string;
  kind: string;
  group: string;
}

export function syntheticResource(i: number): SyntheticResource {
  const area = areas[i % areas.length] as string;
  const kind = kinds[Math.floor(i / areas.length) % kinds.length] as string;
  const group = `group-${String(Math.floor(i / 40) % 50).padStart(2, '0')}`;
  const word = words[i % words.length] as string;
  return {
    uri: `synth://corp/${area}/${kind}/${group}/${word}-${i}.md`,
    name: `${word}-${i}.md`,
    title: `${word[0]?.toUpperCase()}${word.slice(1)} ${area} ${kind.replace(/s$/, '')} ${i}`,
    area,
    kind,
    group,
  };
}

export function syntheticCatalog(count: number): SyntheticResource[] {
  return Array.from({ length: count }, (_, i) => syntheticResource(i));
}

/** The command line that serves `count` synthetic resources in browser mode. */
export function syntheticServeArgs(count: number): string[] {
  return ['--', process.execPath, '--import', 'tsx', 'test/fixtures/synthetic-server.ts', '--count', String(count)];
}
