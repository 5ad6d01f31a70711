/// <reference lib="dom" />
// Page functions run in Chromium: they need the DOM types.
import { SQLITE_FILE_NAME } from '@tablecast/event-store';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { openDelayEditor } from './support/producer-delay';
import { openReplay, warnEastInFirstDeal } from './support/replay-page';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * The arbitration replay's ruling and the producer dashboard's broadcast delay, refused for a
 * while (503 with Retry-After: the event log busy, nothing written), are sent again by themselves
 * after that wait, as the console's requests are: the page says the server is busy and will send
 * again, and once the log is free the ruling is recorded once and the delay is in force, with no
 * refusal shown. On the real server: another connection holds the log file's write lock (another
 * process's long transaction on the shared log) past the server's wait.
 */
const OPERATOR = 'e2e-busylog-operator-token1';
const REFEREE = 'e2e-busylog-referee-token-01';
const ARBITER = 'e2e-busylog-arbiter-token-01';
const PRODUCER = 'e2e-busylog-producer-token-1';
const MATCH = 'e2e_replay_producer_busy';

interface AppealRead {
  readonly ruling: {
    readonly rulingId: string;
    readonly votes: readonly { readonly memberId: string; readonly vote: string }[];
    readonly outcome: string;
  } | null;
}

describe('replay ruling and producer delay on a busy event log', () => {
  const { url, server, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER},producer=${PRODUCER}`,
    BROADCAST_DELAY_MS: '1000',
  });
  let blocker: Database.Database | undefined;
  let penalty = 0;
  afterEach(() => {
    if (blocker?.inTransaction === true) blocker.exec('ROLLBACK');
    blocker?.close();
    blocker = undefined;
  });

  /** Holds the log's write lock past the server's wait: the next write is answered 503. */
  const holdTheLog = (): Database.Database => {
    blocker = new Database(join(server().dataDir, SQLITE_FILE_NAME));
    blocker.exec('BEGIN IMMEDIATE');
    return blocker;
  };
  const refusedFor = (page: Page, path: string) =>
    page.waitForResponse((response) => response.url().endsWith(path) && response.status() === 503, {
      timeout: 60_000,
    });

  beforeAll(async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'replay-producer-busy',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    penalty = (await warnEastInFirstDeal(match)).penalty;
    await apiCall(url(), REFEREE, 'POST', `/api/matches/${MATCH}/appeals`, {
      appealId: 'A1',
      handNumber: 1,
      disputedRevisions: [penalty],
      statement: '对手并未拖延，警告不当',
      appellant: { team: 'EW', captain: '刘洋' },
      fee: { amount: 0 },
    });
  });

  it('a ruling refused because the log is busy is recorded by itself once the log is free, once, and no refusal is shown', async () => {
    const page = await openReplay(browser(), url(), {
      matchId: MATCH,
      arbiterToken: ARBITER,
      lang: 'zh-CN',
      position: penalty,
    });
    const panel = page.getByTestId('appeal-A1');
    await panel.getByTestId('record-ruling').click();
    const form = panel.getByTestId('ruling-form');
    for (const [row, id] of ['chen', 'wang', 'zhou'].entries()) {
      await form.getByTestId(`member-id-${String(row)}`).fill(id);
      await form.getByTestId(`member-vote-${String(row)}-dismiss`).check();
    }
    await form.getByTestId('reasoning').fill('录像显示警告无误，驳回申诉');

    const log = holdTheLog();
    const refused = refusedFor(page, '/api/appeals/A1/ruling');
    await form.getByTestId('submit-ruling').click();
    const refusal = await refused;
    expect(await refusal.headerValue('retry-after')).toBe('1');
    // Waiting out the Retry-After: the form says it will send again, and shows no refusal.
    const resending = form.getByTestId('ruling-resending');
    await expect.poll(() => resending.count(), { timeout: 10_000 }).toBe(1);
    expect(await resending.textContent()).toBe('服务器繁忙，1 秒后自动重新提交…');
    expect(await form.getByTestId('ruling-refusal').count()).toBe(0);
    expect((await apiCall(url(), ARBITER, 'GET', '/api/appeals/A1')) as AppealRead).toMatchObject({
      ruling: null,
    });
    log.exec('ROLLBACK');

    // Sent again with the same rulingId: recorded once, the form closes, the panel shows it.
    await expect.poll(() => form.count(), { timeout: 60_000 }).toBe(0);
    const ruled = (await apiCall(url(), ARBITER, 'GET', '/api/appeals/A1')) as AppealRead;
    expect(ruled.ruling).toMatchObject({
      outcome: 'appeal-dismissed',
      votes: [
        { memberId: 'chen', vote: 'dismiss' },
        { memberId: 'wang', vote: 'dismiss' },
        { memberId: 'zhou', vote: 'dismiss' },
      ],
    });
    await expect
      .poll(() => panel.getByTestId(`ruling-${ruled.ruling?.rulingId ?? ''}`).count(), { timeout: 10_000 })
      .toBe(1);
    const stream = (await apiCall(url(), ARBITER, 'GET', `/api/matches/${MATCH}/appeals`)) as readonly {
      readonly appealId: string;
    }[];
    expect(stream.map((appeal) => appeal.appealId)).toEqual(['A1']);
    await page.close();
  }, 120_000);

  it('a broadcast delay refused because the log is busy is set by itself once the log is free, in English', async () => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url()}/overlays/producer/?match=${MATCH}&lang=en#token=${PRODUCER}`);
    const dashboard = page.getByTestId('producer-dashboard');
    const seconds = await openDelayEditor(dashboard, '1');
    await seconds.fill('30');

    const log = holdTheLog();
    const refused = refusedFor(page, `/api/matches/${MATCH}/broadcast-delay`);
    await dashboard.getByTestId('delay-apply').click();
    expect(await (await refused).headerValue('retry-after')).toBe('1');
    const resending = dashboard.getByTestId('resending');
    await expect.poll(() => resending.count(), { timeout: 10_000 }).toBe(1);
    expect(await resending.textContent()).toBe('The server is busy; sending again by itself in 1 second…');
    expect(await dashboard.getByTestId('action-error').count()).toBe(0);
    log.exec('ROLLBACK');

    await expect
      .poll(
        async () =>
          (
            (await apiCall(url(), PRODUCER, 'GET', `/api/matches/${MATCH}/broadcast-delay`)) as {
              delayMs: number;
            }
          ).delayMs,
        { timeout: 60_000 },
      )
      .toBe(30_000);
    await expect.poll(() => dashboard.getAttribute('data-busy'), { timeout: 10_000 }).toBe('');
    expect(await dashboard.getByTestId('resending').count()).toBe(0);
    expect(await dashboard.getByTestId('action-error').count()).toBe(0);
    await page.close();
  }, 120_000);
});
