import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';
import { staffState } from './support/staff-state';

/**
 * The operator console against the built server: a match is created over HTTP,
 * then a whole deal is dealt and played only through the console's keyboard, as an operator would.
 */
const OPERATOR = 'e2e-operator-t1-token-0001';
const REFEREE = 'e2e-referee-token-000000001';
// Match ids allow A-Z a-z 0-9 _ . : (CreateMatchRequestSchema).
const MATCH = 'e2e_console_final';
const PLACES_ZH = ['头游', '二游', '三游', '末游'];
const SEATS = ['S', 'E', 'N', 'W'] as const;

interface StateBody {
  readonly revision: number;
  readonly state: {
    readonly lastHand: { readonly places: readonly string[] } | null;
    readonly hand: { readonly turn: string | null; readonly level: string } | null;
  };
}

describe('operator console: a whole deal keyed in a browser', () => {
  const { url: serverUrl, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
  });
  const openPage = (): Promise<Page> => browser().newPage({ viewport: { width: 1920, height: 1080 } });
  const api = async (path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> =>
    fetch(`${serverUrl()}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const serverState = (): Promise<StateBody> => staffState(serverUrl(), OPERATOR, MATCH);

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    const created = await api('/api/matches', {
      method: 'POST',
      body: {
        matchId: MATCH,
        table: 't1',
        teams: { NS: { id: 'ns', name: '南北队' }, EW: { id: 'ew', name: '东西队' } },
        players: [
          { id: 'wang', name: '王', seat: 'S' },
          { id: 'li', name: '李', seat: 'E' },
          { id: 'zhang', name: '张', seat: 'N' },
          { id: 'zhao', name: '赵', seat: 'W' },
        ],
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
  });

  it('deals and plays a deal to its end with digits, P and Enter, and shows rule messages and places', async () => {
    const page = await openPage();
    const consoleMain = page.getByTestId('console');
    const attr = async (name: string): Promise<string> => (await consoleMain.getAttribute(name)) ?? '';
    const revision = async (): Promise<number> => Number(await attr('data-revision'));
    const waitPast = async (before: number, what: string): Promise<void> => {
      await expect
        .poll(revision, { timeout: 10_000, message: `${what}: revision stays ${String(before)}` })
        .toBeGreaterThan(before);
    };

    await page.goto(`${serverUrl()}/overlays/console/?match=${MATCH}#token=${OPERATOR}`);
    await expect.poll(revision, { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
    // The token is read from the fragment and taken off the address bar.
    expect(page.url()).not.toContain(OPERATOR);
    expect(await page.getByTestId('headline').textContent()).toBe('等待发牌');
    // Seat headers name the players; the id stays as the tooltip for the referee's paperwork.
    const north = page.locator('[data-testid=seat-N] .player');
    expect(await north.textContent()).toBe('张');
    expect(await north.getAttribute('title')).toBe('zhang');

    // Deal with a recorded seed, from the console.
    const beforeDeal = await revision();
    await page.getByTestId('deal-seed').fill('e2e-recorded-seed-1');
    await page.getByTestId('deal-seed').press('Enter');
    await waitPast(beforeDeal, 'deal');
    await expect.poll(() => attr('data-phase'), { timeout: 10_000 }).toBe('play');
    expect(await page.getByTestId('hand-level').textContent()).toBe('2');
    expect(await page.getByTestId('hand-number').textContent()).toBe('第 1 副');
    for (const seat of SEATS)
      expect(await page.locator(`[data-testid=seat-${seat}] [data-card]`).count()).toBe(27);

    // A deliberately illegal typed play: two natural cards of different ranks (GD-COMBO-11).
    const leader = await attr('data-turn');
    const slots = await page.locator(`[data-testid=seat-${leader}] [data-card]`).all();
    const held = await Promise.all(slots.map(async (slot) => (await slot.getAttribute('data-card')) ?? ''));
    const naturals = held.map((c) => c.slice(0, 2)).filter((f) => /^[SHCD][3-9TJQKA]$/.test(f));
    const first = naturals[0];
    const second = naturals.find((f) => f[1] !== first?.[1]);
    if (!first || !second) throw new Error(`no two ranks in ${held.join(' ')}`);
    const illegalAt = await revision();
    await page.getByTestId('typed-cards').fill(`${first.toLowerCase()} ${second}`);
    await page.getByTestId('typed-cards').press('Enter');
    await expect
      .poll(() => page.getByTestId('error-rule').textContent(), { timeout: 10_000 })
      .toBe('GD-COMBO-11');
    expect(await page.getByTestId('error-text').textContent()).toBe('所出的牌不构成合理牌型');
    expect(await revision()).toBe(illegalAt);
    await page.screenshot({ path: join(artifactsDir, 'operator-console.rejected.png') });
    await page.getByTestId('typed-cards').press('Escape');

    // Play the deal out: a legal play picked by digit and sent with Enter, or P to pass.
    let steps = 0;
    let passes = 0;
    let shot = false;
    while ((await attr('data-phase')) === 'play') {
      steps += 1;
      if (steps > 800) throw new Error('the deal did not end within 800 actions');
      const before = await revision();
      const turn = await attr('data-turn');
      // Exactly the seat to act is highlighted.
      for (const seat of SEATS) {
        expect(await page.getByTestId(`seat-${seat}`).getAttribute('data-active')).toBe(
          String(seat === turn),
        );
      }
      const options = await page.getByTestId('option').count();
      const mayPass = (await page.getByTestId('trick-reading').count()) > 0;
      if (options === 0 || (mayPass && steps % 3 === 0)) {
        expect(mayPass).toBe(true);
        await page.keyboard.press('p');
        passes += 1;
      } else {
        const digit = 1 + (steps % Math.min(options, 9));
        await page.keyboard.press(String(digit));
        expect(await page.locator('[data-testid=option].picked').count()).toBe(1);
        // The picked play's cards are raised in the hand of the seat to act.
        expect(await page.locator(`[data-testid=seat-${turn}] [data-selected=true]`).count()).toBeGreaterThan(
          0,
        );
        if (!shot && steps >= 12 && mayPass) {
          await page.screenshot({ path: join(artifactsDir, 'operator-console.png') });
          shot = true;
        }
        await page.keyboard.press('Enter');
      }
      await waitPast(before, `step ${String(steps)} (${turn})`);
    }
    expect(passes).toBeGreaterThan(0);

    // The deal is over: the page shows the places the server recorded.
    await expect.poll(() => page.getByTestId('places').count(), { timeout: 10_000 }).toBe(1);
    const final = await serverState();
    const places = final.state.lastHand?.places ?? [];
    // Four places, or two after a double-down (GD-END-2).
    expect([2, 4]).toContain(places.length);
    for (const [i, seat] of places.entries()) {
      expect(await page.getByTestId(`place-${seat}`).textContent()).toBe(PLACES_ZH[i]);
    }
    expect(await page.getByTestId('places').textContent()).toContain('头游');
    expect(await page.getByTestId('headline').textContent()).toBe('等待发牌');
    expect(await revision()).toBe(final.revision);
    await page.screenshot({ path: join(artifactsDir, 'operator-console.hand-over.png') });

    // The next deal opens with the tribute (GD-TRIB-1/4): paid and returned with digits and Enter.
    const beforeSecond = await revision();
    await page.getByTestId('deal-seed').fill('e2e-recorded-seed-2');
    await page.getByTestId('deal-seed').press('Enter');
    await waitPast(beforeSecond, 'second deal');
    expect(await page.getByTestId('hand-number').textContent()).toBe('第 2 副');
    const paying = (await serverState()).state.lastHand?.places.length === 2 ? 2 : 1;
    let tributeSteps = 0;
    while ((await attr('data-phase')) === 'tribute') {
      tributeSteps += 1;
      if (tributeSteps > 4) throw new Error('tribute did not finish in four steps');
      const headline = (await page.getByTestId('headline').textContent()) ?? '';
      expect(headline).toMatch(tributeSteps <= paying ? /^进贡：/ : /^还贡：/);
      expect(await page.locator('[data-testid^=seat-][data-active=true]').count()).toBeGreaterThan(0);
      const before = await revision();
      await page.keyboard.press('1');
      await page.keyboard.press('Enter');
      await waitPast(before, `tribute step ${String(tributeSteps)}`);
    }
    // Anti-tribute (GD-TRIB-6) would skip straight to play; otherwise every tribute came back.
    expect([0, 2 * paying]).toContain(tributeSteps);
    await expect.poll(() => attr('data-phase'), { timeout: 10_000 }).toBe('play');
    await page.close();
  });

  it('asks for the wildcard reading when the server finds a play ambiguous (GD-WILD-5) and resends it declared', async () => {
    // An entered deal (not a console feature) so that S holds K K 6 6 + ♥2 and leads (cut at index 0).
    const wildMatch = 'e2e_console_wild';
    const created = await api('/api/matches', {
      method: 'POST',
      body: {
        matchId: wildMatch,
        table: 't1',
        teams: { NS: { id: 'ns', name: '南北队' }, EW: { id: 'ew', name: '东西队' } },
        players: SEATS.map((seat) => ({ id: `p_${seat}`, name: seat, seat })),
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const faces = [
      ...['S', 'H', 'C', 'D'].flatMap((suit) => '23456789TJQKA'.split('').map((rank) => `${suit}${rank}`)),
      'BJ',
      'RJ',
    ];
    const wanted = ['SKa', 'CKa', 'S6a', 'C6a', 'H2a'];
    const rest = faces.flatMap((face) => [`${face}a`, `${face}b`]).filter((card) => !wanted.includes(card));
    // The first deal starts at S, one card at a time counter-clockwise: S holds indices 0, 4, 8 …
    const order = Array.from(
      { length: 108 },
      (_, i) => (i % 4 === 0 ? wanted.shift() : undefined) ?? rest.shift(),
    );
    const { revision: atCreate } = (await (await api(`/api/matches/${wildMatch}/state`)).json()) as StateBody;
    const dealt = await api(`/api/matches/${wildMatch}/commands`, {
      method: 'POST',
      body: {
        revision: atCreate,
        idempotencyKey: 'e2e-wild-deal-1',
        command: { type: 'DealCards', order, cutIndex: 0 },
      },
    });
    expect(dealt.status, await dealt.clone().text()).toBe(200);

    const page = await openPage();
    const consoleMain = page.getByTestId('console');
    const revision = async (): Promise<number> =>
      Number((await consoleMain.getAttribute('data-revision')) ?? '');
    await page.goto(`${serverUrl()}/overlays/console/?match=${wildMatch}#token=${OPERATOR}`);
    await expect.poll(() => consoleMain.getAttribute('data-turn'), { timeout: 10_000 }).toBe('S');
    const before = await revision();
    await page.getByTestId('typed-cards').fill('sk ck s6 c6 h2');
    await page.getByTestId('typed-cards').press('Enter');
    await expect
      .poll(() => page.getByTestId('error-rule').textContent(), { timeout: 10_000 })
      .toBe('GD-WILD-5');
    const labels = await page.getByTestId('reading-label').allTextContents();
    expect([...labels].sort()).toEqual(['三带对 6', '三带对 K']);
    await page.screenshot({ path: join(artifactsDir, 'operator-console.wildcard.png') });
    // The field is empty again, so the letter declares the reading straight away.
    await page.getByTestId('typed-cards').press('b');
    await expect.poll(revision, { timeout: 10_000 }).toBeGreaterThan(before);
    expect(await page.getByTestId('trick-reading').textContent()).toBe(labels[1]);
    expect(await page.getByTestId('readings').count()).toBe(0);
    await page.close();
  });

  it('tells the operator when someone else acted first (409) and shows the newer state', async () => {
    // Continues the previous test's match: S led a full house, E is to act.
    const wildMatch = 'e2e_console_wild';
    const page = await openPage();
    await page.goto(`${serverUrl()}/overlays/console/?match=${wildMatch}#token=${OPERATOR}`);
    const consoleMain = page.getByTestId('console');
    await expect.poll(() => consoleMain.getAttribute('data-turn'), { timeout: 10_000 }).toBe('E');
    const seen = Number(await consoleMain.getAttribute('data-revision'));
    // From now on the console's state reads get the state it already has, as if the referee's
    // command below had not reached it yet; its own command still goes over the websocket.
    const stale: unknown = await (await api(`/api/matches/${wildMatch}/view`)).json();
    const statePath = `**/api/matches/${wildMatch}/view`;
    let staleReads = 0;
    await page.route(statePath, (route) => {
      staleReads += 1;
      return route.fulfill({ json: stale });
    });

    // The referee keys E's pass over HTTP; the console has not seen it.
    const passed = await fetch(`${serverUrl()}/api/matches/${wildMatch}/commands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${REFEREE}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        revision: seen,
        idempotencyKey: 'e2e-referee-pass-1',
        command: { type: 'Pass', seat: 'E' },
      }),
    });
    expect(passed.status, await passed.clone().text()).toBe(200);
    const { revision: current } = (await passed.json()) as { revision: number };
    // Polls after the referee's pass, which must not move the console on: the console starts a
    // read only when the one before it is applied, so a third read proves two were applied.
    const readsBefore = staleReads;
    await expect.poll(() => staleReads, { timeout: 10_000 }).toBeGreaterThanOrEqual(readsBefore + 3);
    expect(await consoleMain.getAttribute('data-turn')).toBe('E');
    expect(await consoleMain.getAttribute('data-revision')).toBe(String(seen));

    await page.keyboard.press('p');
    await page.unroute(statePath);
    await expect
      .poll(() => page.getByTestId('error-text').textContent(), { timeout: 10_000 })
      .toBe(`状态已被他人更新（版本 ${String(current)}），已刷新，请核对后重新操作`);
    await expect
      .poll(() => consoleMain.getAttribute('data-revision'), { timeout: 10_000 })
      .toBe(String(current));
    expect(await consoleMain.getAttribute('data-turn')).toBe('N');
    expect(await page.getByTestId('seat-E').textContent()).toContain('过');
    await page.screenshot({ path: join(artifactsDir, 'operator-console.stale.png') });
    await page.close();
  });

  it('asks for a token when none is given, refuses a wrong one, and speaks English with lang=en', async () => {
    const page = await openPage();
    await page.goto(`${serverUrl()}/overlays/console/?match=${MATCH}&lang=en`);
    const tokenInput = page.getByTestId('token-form').locator('input');
    await tokenInput.fill('not-a-real-token-000000');
    await tokenInput.press('Enter');
    await expect
      .poll(() => page.getByTestId('token-error').textContent(), { timeout: 10_000 })
      .toBe('Missing or unknown token: sign in again');
    await tokenInput.fill(OPERATOR);
    await tokenInput.press('Enter');
    const now = await serverState();
    const seatNames: Record<string, string> = { S: 'South', E: 'East', N: 'North', W: 'West' };
    const turn = now.state.hand?.turn;
    if (!turn) throw new Error('the second deal should be in play');
    await expect
      .poll(() => page.getByTestId('headline').textContent(), { timeout: 10_000 })
      .toBe(`To act: ${seatNames[turn] ?? ''}`);
    expect(await page.getByTestId('hand-number').textContent()).toBe('Deal 2');
    expect(await page.getByTestId('phase').textContent()).toBe('Play');
    await page.screenshot({ path: join(artifactsDir, 'operator-console.en.png') });
    await page.close();
  });
});
