import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, headless. The background-networking flags matter: this machine has no
 * network, and without them Chromium keeps opening connections that are refused. Playwright gives
 * every launch a fresh temporary profile.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
