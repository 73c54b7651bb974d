// A user with servers already set up in their clients imports them: Import from… lists the
// config files found on the machine (under a temporary HOME here), the servers are ticked,
// the input one asks for is typed, and they connect; a file picked in the page works too.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { startServe, type Served } from './serve';

const repo = resolve('.');
const legacy = {
  command: process.execPath,
  args: [
    '--import',
    pathToFileURL(join(repo, 'node_modules/tsx/dist/loader.mjs')).href,
    join(repo, 'test/fixtures/legacy-server.ts'),
  ],
};
const home = mkdtempSync(join(tmpdir(), 'mcp-import-home-'));
function put(path: string, text: string) {
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, text);
}
put(
  join(home, '.cursor', 'mcp.json'),
  JSON.stringify({
    mcpServers: { 'cursor-legacy': legacy, broken: { command: 'x', colour: 'red' } },
  }),
);
put(
  join(home, '.config', 'Code', 'User', 'mcp.json'),
  `{
  // VS Code's own file: JSONC, an input for the server's environment
  "inputs": [{ "type": "promptString", "id": "region", "description": "Region" }, { "type": "promptString", "id": "token", "description": "API token", "password": true }],
  "servers": { "with-input": { "type": "stdio", "command": ${JSON.stringify(legacy.command)}, "args": ${JSON.stringify([...legacy.args, '--echo-env', 'REGION'])}, "env": { "REGION": "\${input:region}", "TOKEN": "\${input:token}" } }, },
}`,
);

let served: Served;
test.beforeAll(async () => {
  served = await startServe([], [], {
    HOME: home,
    XDG_CONFIG_HOME: '',
    CLAUDE_CONFIG_DIR: '',
    CLINE_DIR: '',
    CLINE_DATA_DIR: '',
    CLINE_MCP_SETTINGS_PATH: '',
  });
});
test.afterAll(async () => {
  await served.stop();
});

test('servers of the config files found are imported, their input typed, and connect', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(served.url);
  await page.screenshot({
    path: 'test-results/import-button.png',
    clip: { x: 0, y: 300, width: 320, height: 120 },
  });
  await page.getByRole('button', { name: 'Import from…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import servers from a config file' });
  await expect(dialog.getByRole('group', { name: /Cursor \(user\)/ })).toContainText(
    join(home, '.cursor', 'mcp.json'),
  );
  await expect(dialog.getByRole('checkbox', { name: /broken/ })).toBeDisabled();
  await expect(dialog).toContainText('"colour" is not a field we know');
  await expect(dialog.getByRole('status')).toContainText('2 files found on this machine');

  await dialog.getByRole('checkbox', { name: /cursor-legacy/ }).check();
  await dialog.getByRole('checkbox', { name: /with-input/ }).check();
  await dialog.getByLabel(/^Region/).fill('eu-west-3');
  const token = dialog.getByLabel(/^API token/);
  await expect(token).toHaveAttribute('type', 'password');
  await token.fill('typed-in-the-page-0123456789');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `test-results/import-dialog-${theme}.png` });
  }
  await dialog.getByRole('button', { name: 'Add 2 servers' }).click();
  await expect(dialog).toBeHidden();

  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: 'cursor-legacy' })).toContainText('Connected');
  await expect(servers.getByRole('listitem', { name: 'with-input' })).toContainText('Connected');
  // The value typed reached the server's environment.
  const tree = page.getByRole('tree', { name: 'Resources' });
  await page.getByRole('searchbox', { name: 'Search resources' }).fill('legacy://env/REGION');
  await tree.getByRole('treeitem', { name: /echo/ }).first().click();
  await expect(page.getByRole('region', { name: 'Resource' })).toContainText('REGION=eu-west-3');
});

test('a file picked in the page is read as its client would, and its server added', async ({
  page,
}) => {
  await page.goto(served.url);
  await page.getByRole('button', { name: 'Import from…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import servers from a config file' });
  await dialog.getByLabel('Choose a file…').setInputFiles({
    name: 'claude_desktop_config.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ mcpServers: { picked: legacy } })),
  });
  await expect(dialog.getByRole('group', { name: /Claude Desktop \(picked\)/ })).toBeVisible();
  await dialog.getByRole('checkbox', { name: /picked/ }).check();
  await dialog.getByRole('button', { name: 'Add 1 server' }).click();
  await expect(
    page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: 'picked' }),
  ).toContainText('Connected');
  // A file that is not a config says why, in one line.
  await page.getByRole('button', { name: 'Import from…' }).click();
  await dialog.getByLabel('Choose a file…').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"other": 1}'),
  });
  await expect(dialog.getByRole('status')).toContainText('notes.json cannot be used:');
  await expect(dialog.getByRole('status')).toContainText('no "mcpServers"');
});
