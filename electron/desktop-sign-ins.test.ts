import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createOAuthStore } from './host/auth/oauth-store';
import {
  desktopSignIns,
  keychainSeal,
  systemBrowser,
  type SafeStorageLike,
} from './desktop-sign-ins';

/** A keychain stand-in with safeStorage's shape: its key never leaves it. */
function keychain(key: number, backend = 'gnome_libsecret'): SafeStorageLike {
  const mix = (bytes: Buffer) => Buffer.from(bytes.map((byte) => byte ^ key));
  return {
    isEncryptionAvailable: () => true,
    encryptString: (text) => Buffer.concat([Buffer.from('v10'), mix(Buffer.from(text))]),
    decryptString: (sealed) => {
      if (sealed.subarray(0, 3).toString() !== 'v10')
        throw new Error('not sealed by this keychain');
      const text = mix(sealed.subarray(3)).toString();
      if (!text.startsWith('{')) throw new Error('another keychain sealed it');
      return text;
    },
    getSelectedStorageBackend: () =>
      backend as ReturnType<NonNullable<SafeStorageLike['getSelectedStorageBackend']>>,
  };
}
const folder = () => mkdtemp(join(tmpdir(), 'mcp-desktop-sign-ins-'));
const tokens = {
  access_token: 'secret-access-token-123',
  token_type: 'Bearer',
  refresh_token: 'secret-refresh-456',
};

describe("the desktop's sign-ins", () => {
  it('are sealed with the keychain: no token in the file, and they read back', async () => {
    const dir = await folder();
    const store = desktopSignIns(keychain(0x5a), 'darwin', dir);
    await store.get('https://mcp.example/mcp');
    expect(store.keptIn).toBe(
      `${join(dir, 'desktop-sign-ins.json')}, sealed with the system keychain`,
    );
    await store.update('https://mcp.example/mcp', () => ({ tokens }));
    const text = await readFile(join(dir, 'desktop-sign-ins.json'), 'utf8');
    expect(text).not.toContain('secret-access-token-123');
    expect(text).not.toContain('mcp.example');
    expect(
      (await desktopSignIns(keychain(0x5a), 'darwin', dir).get('https://mcp.example/mcp'))?.tokens
        ?.refresh_token,
    ).toBe('secret-refresh-456');
  });

  it('a file another keychain sealed, or one the CLI finds sealed, is refused and left as it is', async () => {
    const dir = await folder();
    await desktopSignIns(keychain(0x5a), 'win32', dir).update('https://mcp.example/mcp', () => ({
      tokens,
    }));
    const file = join(dir, 'desktop-sign-ins.json');
    const before = await readFile(file, 'utf8');
    const other = desktopSignIns(keychain(0x33), 'win32', dir);
    await expect(other.get('https://mcp.example/mcp')).rejects.toThrow(
      "cannot be opened with this system's keychain (another keychain sealed it); it is left as it is",
    );
    await expect(other.update('https://mcp.example/mcp', () => ({}))).rejects.toThrow(
      'left as it is',
    );
    await expect(createOAuthStore(file).get('https://mcp.example/mcp')).rejects.toThrow(
      "sealed with the desktop app's keychain; it is left as it is",
    );
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('a plain file is read, and sealed when next written', async () => {
    const dir = await folder();
    const file = join(dir, 'desktop-sign-ins.json');
    await writeFile(
      file,
      JSON.stringify({
        kind: 'mcp-context-inspector sign-ins',
        version: 1,
        servers: { 'https://mcp.example/mcp': { tokens } },
      }),
    );
    const store = desktopSignIns(keychain(0x5a), 'linux', dir);
    expect((await store.get('https://mcp.example/mcp'))?.tokens?.access_token).toBe(
      'secret-access-token-123',
    );
    await store.update('https://mcp.example/mcp', (current) => ({ ...current, savedAt: 1 }));
    expect(await readFile(file, 'utf8')).not.toContain('secret-access-token-123');
  });

  it("Linux without a keyring (safeStorage's fixed password) and no encryption at all keep the 0600 file, and say so", () => {
    expect(keychainSeal(keychain(1, 'basic_text'), 'linux')).toBeUndefined();
    expect(
      keychainSeal({ ...keychain(1), isEncryptionAvailable: () => false }, 'darwin'),
    ).toBeUndefined();
    expect(desktopSignIns(keychain(1, 'basic_text'), 'linux', '/tmp/x').keptIn).toBeUndefined();
  });

  it('the keychain is asked only once the app is ready (safeStorage says no before on Windows and Linux)', async () => {
    let ready = false;
    const asked: boolean[] = [];
    const safe = { ...keychain(0x5a), isEncryptionAvailable: () => (asked.push(ready), ready) };
    let markReady = () => {};
    const store = desktopSignIns(
      safe,
      'win32',
      await folder(),
      new Promise<void>((resolve) => (markReady = resolve)),
    );
    const reading = store.get('https://mcp.example/mcp');
    expect(asked).toEqual([]);
    ready = true;
    markReady();
    await reading;
    expect(asked).toEqual([true]);
    expect(store.keptIn).toContain('sealed with the system keychain');
  });

  it('the system browser opens only http(s) addresses', () => {
    const open = vi.fn(async () => {});
    const browser = systemBrowser(open);
    browser(new URL('https://auth.example/authorize?x=1'));
    browser(new URL('file:///etc/passwd'));
    browser(new URL('ms-settings:privacy'));
    expect(open.mock.calls).toEqual([['https://auth.example/authorize?x=1']]);
  });
});
