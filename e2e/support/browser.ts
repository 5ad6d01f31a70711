import { chromium, type Browser } from 'playwright-core';

/**
 * How long a navigation or an action may take before Playwright gives up. Its 30 s default is
 * spent by a page load alone when the 2-core machine runs the suite beside other work (load 30+);
 * the e2e tests' own 120 s timeout still bounds every test.
 */
export const PAGE_TIMEOUT_MS = 75_000;

/**
 * Debian's Chromium, headless. The background-networking flags matter: this machine has no
 * network, and without them Chromium keeps opening connections that are refused. Playwright gives
 * every launch a fresh temporary profile.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
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
  // Every context (browser.newPage makes one too) waits as long as a loaded machine needs.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(PAGE_TIMEOUT_MS);
    return context;
  };
  return browser;
}
