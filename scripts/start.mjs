// `npm start`, after the build: opens the desktop app when this machine can show it, else
// serves browser mode. Arguments after `--` go to whichever one runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
if (args[0] === '--') args.shift();

/** The Electron binary, or why there is none we can use. */
async function findElectron() {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'no display: DISPLAY and WAYLAND_DISPLAY are unset' };
  }
  let packageDir;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed' };
  }
  // Checked before importing 'electron': its index.js starts a download when the binary is missing.
  const pathFile = join(packageDir, 'path.txt');
  const installed = () =>
    existsSync(pathFile) && existsSync(join(packageDir, 'dist', readFileSync(pathFile, 'utf8')));
  if (!process.env.ELECTRON_OVERRIDE_DIST_PATH && !installed()) {
    if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD)
      return { reason: 'no Electron binary installed, and ELECTRON_SKIP_BINARY_DOWNLOAD is set' };
    // npm runs no install scripts by default, so the binary is fetched on the first start instead.
    process.stderr.write(
      'Fetching the Electron binary for the desktop app (first start only)...\n',
    );
    const fetched = spawnSync(process.execPath, [join(packageDir, 'install.js')], {
      stdio: ['ignore', 'inherit', 'pipe'],
      timeout: 300_000,
      encoding: 'utf8',
    });
    if (fetched.status !== 0 || !installed()) {
      const why =
        (fetched.stderr ?? '').split('\n').find((line) => line.trim()) ?? `exit ${fetched.status}`;
      return { reason: `the Electron binary could not be downloaded: ${why.trim()}` };
    }
  }
  try {
    const { default: binary } = await import('electron');
    return existsSync(binary) ? { binary } : { reason: `no Electron binary at ${binary}` };
  } catch (error) {
    return { reason: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
}

/** Runs `command` in the foreground: same terminal, our signals passed on, its exit code ours. */
function runForeground(command, commandArgs, env = process.env) {
  const child = spawn(command, commandArgs, { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    process.stderr.write(`start: cannot run ${command}: ${error.message}\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const electron = await findElectron();
if ('binary' in electron) {
  // A parent shell's ELECTRON_RUN_AS_NODE would turn the app into a plain Node process.
  const { ELECTRON_RUN_AS_NODE: _asNode, ...env } = process.env;
  runForeground(electron.binary, [join(root, 'out/electron/main.mjs'), ...args], env);
} else {
  process.stderr.write(
    `Electron cannot open a window here (${electron.reason}); serving browser mode instead.\n`,
  );
  runForeground(process.execPath, [join(root, 'bin/mcp-context.mjs'), 'serve', ...args]);
}
