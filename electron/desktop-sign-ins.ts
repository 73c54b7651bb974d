/**
 * The desktop app's sign-ins: sealed with the system keychain through Electron's safeStorage
 * (Keychain on macOS, DPAPI on Windows, the Secret Service or KWallet on Linux), in a file of
 * their own; and the system browser, opened only on an http(s) address.
 */
import type { SafeStorage } from 'electron';
import { join } from 'node:path';
import { createOAuthStore, type OAuthStore, type Seal } from './host/auth/oauth-store';

export type SafeStorageLike = Pick<
  SafeStorage,
  'isEncryptionAvailable' | 'encryptString' | 'decryptString'
> & { getSelectedStorageBackend?: SafeStorage['getSelectedStorageBackend'] };

/**
 * The keychain's seal, or none where there is no real keychain: on Linux without a keyring
 * safeStorage falls back to a fixed password ('basic_text'), no safer than a 0600 file, and a
 * file that claims more than it gives would mislead; the 0600 file is said instead.
 */
export function keychainSeal(safe: SafeStorageLike, platform: NodeJS.Platform): Seal | undefined {
  if (!safe.isEncryptionAvailable()) return undefined;
  if (platform === 'linux' && safe.getSelectedStorageBackend?.() === 'basic_text') return undefined;
  return {
    seal: (text) => safe.encryptString(text).toString('base64'),
    open: (sealed) => safe.decryptString(Buffer.from(sealed, 'base64')),
  };
}

/**
 * The desktop's store: `desktop-sign-ins.json` in the app's folder, sealed where the system has a
 * keychain. safeStorage says whether it can encrypt only once the app is ready (on Windows and
 * Linux it says no before), so the seal is chosen then, and nothing is read or written before.
 */
export function desktopSignIns(
  safe: SafeStorageLike,
  platform: NodeJS.Platform,
  folder: string,
  ready: Promise<unknown> = Promise.resolve(),
): OAuthStore {
  const file = join(folder, 'desktop-sign-ins.json');
  let chosen: OAuthStore | undefined;
  let failed: string | undefined;
  const store = ready.then(() => (chosen = createOAuthStore(file, keychainSeal(safe, platform))));
  store.catch(
    (error: unknown) => (failed = error instanceof Error ? error.message : String(error)),
  );
  return {
    file,
    get keptIn() {
      return (
        chosen?.keptIn ??
        (failed ? `nowhere: the system keychain could not be asked (${failed})` : undefined)
      );
    },
    get: async (url) => (await store).get(url),
    update: async (url, change) => (await store).update(url, change),
  };
}

/**
 * Opens a sign-in's address in the system browser: http(s) only, never another scheme an
 * authorization server might name.
 */
export function systemBrowser(openExternal: (url: string) => Promise<void>): (url: URL) => void {
  return (url) => {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return;
    void openExternal(url.href).catch(() => {});
  };
}
