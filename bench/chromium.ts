/** The one Chromium every bench and bench tool launches: Debian's, headless (CHROMIUM_PATH). */
import { chromium, type Browser } from '@playwright/test';

export function launch(): Promise<Browser> {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...(asRoot ? ['--no-sandbox'] : []),
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}
