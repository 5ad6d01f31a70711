import { decideGuandan } from '@tablecast/games/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

const OPERATOR = 'e2e-operator-t1-token-00001';
const REFEREE = 'e2e-referee-token-0000000001';
const PRODUCER = 'e2e-producer-token-000000001';
const MATCH = 'e2e_commentator';
const SEATS = ['S', 'E', 'N', 'W'] as const;
type Seat = (typeof SEATS)[number];
/** The bomb class (GD-COMBO-8…10): what the stats count as a bomb. */
const BOMBS = new Set(['bomb', 'straightFlush', 'fourJokers']);

interface Answer {
  readonly state: string;
  readonly view: { readonly revision: number };
  readonly extras: {
    readonly turn: {
      readonly seat: Seat;
      readonly total: number;
      readonly plays: readonly { readonly cards: string[]; readonly as: { readonly type: string } }[];
    };
  };
}

/**
 * The commentator page in headless Chromium at 1920x1080 against the built server: every hand,
 * the legal plays of the seat to act (the server's list), running stats and the last tricks, cut
 * at the commentary feed's delayed view; zh-CN by default, English with lang=en. A public client
 * (no staff token, or a table operator's) opens neither the page's data nor the commentary feed.
 */
describe('commentator page', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE},producer=${PRODUCER}`,
    BROADCAST_DELAY_MS: '1000',
  });
  const open = async (path: string): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url()}${path}`);
    return page;
  };
  it('shows every hand, the legal plays, the stats and the last tricks of the delayed view', async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'e2e-commentator',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    // Into the second deal (a tribute has been paid), with a play to beat and a few tricks won.
    const { state, revision } = await match.playUntil(
      (s) =>
        s.hand !== null &&
        s.hand.number >= 2 &&
        s.hand.phase === 'play' &&
        s.hand.trick?.last != null &&
        s.hand.hands.S.length < 20,
    );
    const hand = state.hand;
    if (hand?.turn == null) throw new Error('the match stopped outside a turn');

    const zh = await open(`/overlays/commentator/?match=${MATCH}#token=${PRODUCER}`);
    const en = await open(`/overlays/commentator/?match=${MATCH}&lang=en#token=${REFEREE}`);
    for (const page of [zh, en])
      await expect
        .poll(async () => Number(await page.getByTestId('commentator-page').getAttribute('data-revision')), {
          timeout: 30_000,
        })
        .toBe(revision);

    // Every hand, with as many cards as the seat holds.
    for (const seat of SEATS) {
      const cards = hand.hands[seat].length;
      expect(Number(await zh.getByTestId(`commentator-hand-${seat}`).getAttribute('data-cards'))).toBe(cards);
    }
    // The legal plays of the seat to act: the server's list, each one a play the module's decider takes.
    const answer = (await (
      await fetch(`${url()}/api/commentary/${MATCH}`, { headers: { authorization: `Bearer ${PRODUCER}` } })
    ).json()) as Answer;
    expect(answer.view.revision).toBe(revision);
    const { turn } = answer.extras;
    expect(turn.seat).toBe(hand.turn);
    expect(turn.total).toBeGreaterThan(0);
    for (const play of turn.plays) {
      const command = { type: 'PlayCards', seat: turn.seat, cards: play.cards, as: play.as };
      const decision = decideGuandan(command as Parameters<typeof decideGuandan>[0], state);
      expect(decision.ok, JSON.stringify(play)).toBe(true);
    }
    expect(await zh.getByTestId('commentator-to-act').count()).toBe(1);
    expect(
      await zh.getByTestId(`commentator-seat-${hand.turn}`).getByTestId('commentator-to-act').count(),
    ).toBe(1);
    expect(await zh.getByTestId('commentator-legal-title').textContent()).toContain(
      `${String(turn.total)} 种`,
    );
    expect(await zh.getByTestId('commentator-play').count()).toBe(turn.plays.length);
    expect(turn.plays.length).toBe(Math.min(turn.total, 40));
    expect(await en.getByTestId('commentator-legal-title').textContent()).toContain(
      `${String(turn.total)} play`,
    );

    // Running stats, against the match's own log up to that revision.
    const timeline = (await (
      await fetch(`${url()}/api/matches/${MATCH}/timeline`, {
        headers: { authorization: `Bearer ${REFEREE}` },
      })
    ).json()) as {
      type: string;
      revision: number;
      data: { seat?: Seat; from?: Seat; as?: { type: string } };
    }[];
    const log = timeline.filter((e) => e.revision <= revision);
    const count = (
      type: string,
      seat: Seat,
      pick: (e: (typeof log)[number]) => boolean = () => true,
    ): number =>
      log.filter((e) => e.type === type && (e.data.seat ?? e.data.from) === seat && pick(e)).length;
    const stat = async (seat: Seat, name: string): Promise<number> =>
      Number(
        await zh.getByTestId(`commentator-stats-${seat}`).locator(`[data-stat="${name}"]`).textContent(),
      );
    for (const seat of SEATS) {
      expect(await stat(seat, 'bombs')).toBe(
        count('CardsPlayed', seat, (e) => BOMBS.has(e.data.as?.type ?? '')),
      );
      expect(await stat(seat, 'tributesPaid')).toBe(count('TributeGiven', seat));
    }
    expect(SEATS.reduce((n, seat) => n + count('TributeGiven', seat), 0)).toBeGreaterThan(0);
    expect(await zh.getByTestId('commentator-stats-S').textContent()).toContain('炸弹');
    expect(await zh.getByTestId('commentator-stats-S').textContent()).toContain('打A');
    expect(await en.getByTestId('commentator-stats-S').textContent()).toContain('Tribute received');

    // The last three tricks, newest first, and the deal's level.
    expect(await zh.getByTestId('commentator-trick').count()).toBe(3);
    expect(await zh.getByTestId('commentator-level').textContent()).toContain(
      `打${hand.level === 'T' ? '10' : hand.level}`,
    );
    expect(await en.getByTestId('commentator-level').textContent()).toContain('Playing');
    expect(await zh.locator('h1').textContent()).toBe('解说席');
    expect(await en.locator('h1').textContent()).toBe('Commentary');
  });

  it('opened with table=t1 follows the table to its next match without a reload, as the on-air pages do', async () => {
    const page = await open(`/overlays/commentator/?table=t1#token=${PRODUCER}`);
    const board = page.getByTestId('commentator-page');
    // The match the first test left at t1.
    await expect.poll(() => board.getAttribute('data-match'), { timeout: 20_000 }).toBe(MATCH);
    await expect
      .poll(async () => Number(await board.getAttribute('data-revision')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    const next = await createSimulatedMatch({
      url: url(),
      matchId: `${MATCH}_next`,
      seed: 'e2e-commentator-next',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    const { revision } = await next.playUntil((_state, at) => at >= 5);
    await expect.poll(() => board.getAttribute('data-match'), { timeout: 20_000 }).toBe(`${MATCH}_next`);
    await expect
      .poll(async () => Number(await board.getAttribute('data-revision')), { timeout: 30_000 })
      .toBe(revision);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await page.close();
  });

  it('is closed to a public client: no token, a table operator’s token, or the commentary feed unauthenticated', async () => {
    expect((await fetch(`${url()}/api/commentary/${MATCH}`)).status).toBe(401);
    expect(
      (await fetch(`${url()}/api/commentary/${MATCH}`, { headers: { authorization: `Bearer ${OPERATOR}` } }))
        .status,
    ).toBe(403);

    const anonymous = await open(`/overlays/commentator/?match=${MATCH}`);
    await anonymous.getByTestId('token-form').waitFor();
    expect(await anonymous.locator('[data-testid^="commentator-seat-"]').count()).toBe(0);

    const operator = await open(`/overlays/commentator/?match=${MATCH}#token=${OPERATOR}`);
    await operator.getByTestId('token-error').waitFor();
    expect(await operator.getByTestId('token-error').textContent()).toContain('403');
    expect(await operator.locator('[data-testid^="commentator-seat-"]').count()).toBe(0);

    // A venue or broadcast page's connection asking for the commentary feed is refused by name.
    const ws = new WebSocket(`${url().replace('http', 'ws')}/ws`);
    const refusal = await new Promise<{ type: string; code?: string }>((resolve, reject) => {
      ws.on('error', reject);
      ws.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as { type: string; code?: string };
        if (message.type === 'error' || message.type === 'subscribed' || message.type === 'feed')
          resolve(message);
      });
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'subscribe', matchId: MATCH, audience: 'commentary' }));
      });
    });
    ws.close();
    expect(refusal).toMatchObject({ type: 'error', code: 'forbidden' });
  });
});
