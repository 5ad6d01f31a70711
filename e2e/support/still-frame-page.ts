import type { Page } from 'playwright-core';

/** The feed frame a still page is given (its view, status and the rest as the protocol has them). */
export interface StillFrame {
  readonly matchId: string;
}

/**
 * Opens an overlay page with its websocket answered by the test alone: the subscribe gets the one
 * broadcast `frame` (seq 1) and nothing else, so what is measured is exactly that view. Resolves
 * once the stage shows it and the fonts are loaded (a measured text must be in its real face).
 */
export async function openStillFramePage(
  page: Page,
  baseUrl: string,
  path: string,
  lang: string,
  frame: StillFrame,
): Promise<void> {
  await page.unrouteAll();
  await page.routeWebSocket(/\/ws$/, (socket) => {
    socket.onMessage((message) => {
      const parsed = JSON.parse(message.toString()) as { type: string };
      if (parsed.type !== 'subscribe') return;
      socket.send(
        JSON.stringify({
          type: 'subscribed',
          matchId: frame.matchId,
          audience: 'broadcast',
          latestSeq: 1,
          resumed: false,
        }),
      );
      socket.send(JSON.stringify(frame));
    });
  });
  await page.goto(`${baseUrl}/overlays/${path}/?match=${frame.matchId}&feed=broadcast&lang=${lang}&still=1`);
  await page.waitForFunction(
    () => document.querySelector('[data-testid="stage"]')?.getAttribute('data-seq') === '1',
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
