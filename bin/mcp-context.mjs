#!/usr/bin/env node
// The CLI entry: the built bundle does the work (npm pack builds it, and npm start and npm test in
// a checkout).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = fileURLToPath(new URL('../out/cli.mjs', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('mcp-context: not built yet; run "npm run build" in the project folder\n');
  process.exit(1);
}
await import(pathToFileURL(cli).href);
