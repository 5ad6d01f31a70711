import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiCall } from './api-call';
import type { SimulatedMatch } from './simulated-match';

/**
 * What the arbitration replay specs share: the replay API read with the arbiter's token, the page
 * opened at a position, the position it shows, and its screenshots for a person to check.
 */
export interface ReplayApi {
  readonly eventAt: (position: number) => Promise<{ type: string; data: Record<string, unknown> }>;
  readonly lastPosition: () => Promise<number>;
}

export function replayApi(url: () => string, arbiterToken: string, matchId: string): ReplayApi {
  const replay = async (query: string): Promise<unknown> =>
    apiCall(url(), arbiterToken, 'GET', `/api/matches/${matchId}/replay${query}`);
  return {
    eventAt: async (position) =>
      (
        (await replay(`?position=${String(position)}`)) as {
          event: { type: string; data: Record<string, unknown> };
        }
      ).event,
    lastPosition: async () => ((await replay('')) as { position: number }).position,
  };
}

/** The position the replay page shows (its root's data-position). */
export const positionOf = async (page: Page): Promise<number> =>
  Number(await page.getByTestId('replay').getAttribute('data-position'));

/** A 1600x1000 replay page at `position`, once it shows it. */
export async function openReplay(
  browser: Browser,
  url: string,
  options: { matchId: string; arbiterToken: string; lang: 'zh-CN' | 'en'; position: number },
): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  const query = options.lang === 'en' ? '&lang=en' : '';
  await page.goto(
    `${url}/overlays/replay/?match=${options.matchId}${query}&position=${String(options.position)}#token=${options.arbiterToken}`,
  );
  await expect.poll(() => positionOf(page), { timeout: 15_000 }).toBe(options.position);
  return page;
}

/** With REPLAY_SCREENSHOTS=<dir>, saves the whole page as `<name>.png` there; otherwise nothing. */
export async function saveReplayShot(page: Page, name: string): Promise<void> {
  const dir = process.env.REPLAY_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * A few plays into the first deal, the referee warns East for hurrying an opponent (GD-PEN-2):
 * the penalty the appeals of these specs contest. Returns where play stood and the penalty's position.
 */
export async function warnEastInFirstDeal(
  match: SimulatedMatch,
): Promise<{ inPlay: number; penalty: number }> {
  const inPlay = await match.playUntil(
    (state, revision) => state.hand?.phase === 'play' && state.hand.trick !== null && revision > 20,
  );
  const penalty = await match.referee({
    type: 'IssuePenalty',
    seat: 'E',
    sanction: 'warning',
    rule: 'GD-PEN-2',
    note: '催促对手出牌',
  });
  return { inPlay: inPlay.revision, penalty };
}
