/// <reference lib="dom" />
// Page functions run in Chromium: they need the DOM types.
import { SQLITE_FILE_NAME } from '@tablecast/event-store';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * The console's HTTP requests refused for a while (503 with Retry-After: the event log busy,
 * nothing done) are sent again after that wait, as its websocket commands are, and a refusal is
 * shown only once it outlasted those tries. On the real server: another connection holds the log
 * file's write lock (another process's long transaction on the shared log) past the server's wait.
 */
const OPERATOR = 'e2e-console-busy-operator';
const REFEREE = 'e2e-console-busy-referee11';
const MATCH = 'e2e_console_busy';

describe('operator console on a busy event log', () => {
  const { url, server, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
  });
  let blocker: Database.Database | undefined;
  afterEach(() => {
    if (blocker?.inTransaction === true) blocker.exec('ROLLBACK');
    blocker?.close();
  });

  beforeAll(async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'console-busy',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    // Into the first deal's play, so an appeal on hand 1 is in its window.
    const reached = await match.playUntil((state, revision) => revision > 8 && state.hand?.phase === 'play');
    expect(reached.state.hand?.number).toBe(1);
  });

  it('an appeal refused because the log is busy is filed by itself once the log is free again, once, and no refusal is shown', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${url()}/overlays/console/?match=${MATCH}&lang=en#token=${OPERATOR}`);
    await page.getByTestId('console').waitFor({ timeout: 15_000 });
    await page.getByTestId('appeal-open').click();
    await page.getByTestId('appeal-form').waitFor({ timeout: 15_000 });
    await page.getByTestId('appeal-team').selectOption('NS');
    await page.getByTestId('appeal-captain').fill('Zhang Wei');
    await page.getByTestId('appeal-statement').fill('East misreported the cards left in hand.');

    // Held past the server's wait for the lock (its busy timeout): the filing is answered 503.
    blocker = new Database(join(server().dataDir, SQLITE_FILE_NAME));
    blocker.exec('BEGIN IMMEDIATE');
    const refused = page.waitForResponse(
      (response) => response.url().endsWith(`/api/matches/${MATCH}/appeals`) && response.status() === 503,
      { timeout: 60_000 },
    );
    await page.getByTestId('appeal-submit').click();
    const refusal = await refused;
    expect(await refusal.headerValue('retry-after')).toBe('1');
    blocker.exec('ROLLBACK');
    // Waiting out the Retry-After: the form stays open and shows no refusal.
    await page.waitForTimeout(400);
    expect(await page.getByTestId('appeal-error').count()).toBe(0);
    expect(await page.getByTestId('appeal-form').count()).toBe(1);

    // Sent again after the Retry-After, the same filing (the same appealId) goes in.
    const notice = page.getByTestId('appeal-filed');
    await notice.waitFor({ timeout: 30_000 });
    const appealId = (await notice.getAttribute('data-appeal-id')) ?? '';
    const record = (await apiCall(url(), REFEREE, 'GET', `/api/appeals/${appealId}`)) as {
      readonly filed: { readonly matchId: string; readonly appellant: { readonly captain: string } };
    };
    expect(record.filed).toMatchObject({ matchId: MATCH, appellant: { captain: 'Zhang Wei' } });
    const filed = (await apiCall(url(), REFEREE, 'GET', `/api/matches/${MATCH}/appeals`)) as readonly {
      readonly appealId: string;
    }[];
    expect(filed.map((appeal) => appeal.appealId)).toEqual([appealId]);
    await page.close();
  }, 120_000);
});
