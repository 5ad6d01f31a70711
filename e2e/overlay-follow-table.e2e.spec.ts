import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { broadcastReleased } from './support/broadcast-release';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch, type SimulatedMatch } from './support/simulated-match';

const PRODUCER = 'e2e-producer-token-00000001';
const OPERATOR = 'e2e-operator-t1-token-00001';
const REFEREE = 'e2e-referee-token-0000000001';
const OPERATOR_T2 = 'e2e-operator-t2-token-00001';
/** GD-COMBO-8…10: the bombs the auto-director proposes a cut for. */
const BOMBS: readonly string[] = ['bomb', 'straightFlush', 'fourJokers'];

/**
 * On-air pages set up once per table (`table=t1`) or once per show (`onair=1`), in headless
 * Chromium against the built server: each shows the match now at its table and moves to the next
 * match there without a reload.
 */
describe('overlays bound to a table, not a match', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `producer=${PRODUCER},operator:t1=${OPERATOR},operator:t2=${OPERATOR_T2},referee=${REFEREE}`,
    // The shortest security delay: a proposal waits for the broadcast to show its moment.
    BROADCAST_DELAY_MS: '1000',
  });
  const open = async (path: string): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url()}${path}`);
    return page;
  };
  const shown = async (page: Page): Promise<{ match: string | null; revision: number }> => {
    const stage = page.getByTestId('stage');
    return {
      match: await stage.getAttribute('data-match'),
      revision: Number(await stage.getAttribute('data-revision')),
    };
  };
  const matches = new Map<string, SimulatedMatch>();
  const play = async (matchId: string, table = 't1'): Promise<number> => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId,
      table,
      seed: `follow-${matchId}`,
      operatorToken: table === 't2' ? OPERATOR_T2 : OPERATOR,
      refereeToken: REFEREE,
    });
    matches.set(matchId, match);
    return (await match.playUntil((_state, revision) => revision >= 3)).revision;
  };
  /** Plays the match on from where it stopped until a seat has just played a bomb; its revision. */
  const playUntilBomb = async (matchId: string): Promise<number> => {
    const match = matches.get(matchId);
    if (match === undefined) throw new Error(`${matchId} was not created here`);
    let from: number | null = null;
    const { state, revision } = await match.playUntil((now, at) => {
      from ??= at;
      const trick = now.hand?.trick;
      return (
        at > from && trick?.last != null && trick.passed.length === 0 && BOMBS.includes(trick.last.as.type)
      );
    });
    if (state.status === 'ended') throw new Error(`${matchId} ended without a bomb: pick another seed`);
    return revision;
  };

  it('table=t1 shows the match at t1, then the next one created there, without a reload', async () => {
    const scorebug = await open('/overlays/scorebug/?table=t1&feed=venue&lang=en');
    // Opened before the table has a match: nothing to show yet, and nothing subscribed.
    await expect.poll(() => shown(scorebug), { timeout: 20_000 }).toEqual({ match: '', revision: -1 });
    await scorebug.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    const first = await play('e2e_follow_1');
    await expect
      .poll(() => shown(scorebug), { timeout: 20_000 })
      .toEqual({ match: 'e2e_follow_1', revision: first });

    const second = await play('e2e_follow_2');
    await expect
      .poll(() => shown(scorebug), { timeout: 20_000 })
      .toEqual({ match: 'e2e_follow_2', revision: second });
    expect(await scorebug.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(await scorebug.getByTestId('scorebug').count()).toBe(1);
  });

  it('onair=1 shows nothing until the producer puts a table on program, then that table’s match', async () => {
    const table = await open('/overlays/table/?onair=1&feed=venue');
    await expect.poll(() => shown(table), { timeout: 20_000 }).toEqual({ match: '', revision: -1 });

    expect(await apiCall(url(), PRODUCER, 'PUT', '/api/producer/program-table', { table: 't1' })).toEqual({
      table: 't1',
      matchId: 'e2e_follow_2',
    });
    await expect.poll(async () => (await shown(table)).match, { timeout: 20_000 }).toBe('e2e_follow_2');
    await expect.poll(async () => (await shown(table)).revision, { timeout: 20_000 }).toBeGreaterThan(0);

    // Off program: the page lets the match go.
    await apiCall(url(), PRODUCER, 'PUT', '/api/producer/program-table', { table: null });
    await expect.poll(async () => (await shown(table)).match, { timeout: 20_000 }).toBe('');
  });

  it('the producer’s table grid: preview table 2, take it, and the onair=1 page moves to table 2', async () => {
    await play('e2e_follow_t2', 't2');
    const onAir = await open('/overlays/table/?onair=1&feed=venue');
    const dashboard = await open(`/overlays/producer/#token=${PRODUCER}`);
    const grid = dashboard.getByTestId('program-tables');
    const table = (id: string) => grid.locator(`[data-testid="program-table"][data-table="${id}"]`);
    await expect
      .poll(
        () =>
          grid
            .getByTestId('program-table')
            .evaluateAll((all) => all.map((a) => a.getAttribute('data-match'))),
        {
          timeout: 20_000,
        },
      )
      .toEqual(['e2e_follow_2', 'e2e_follow_t2']);
    // zh-CN by default: the table's name and its venue data and delay state.
    await expect.poll(() => table('t2').locator('strong').textContent(), { timeout: 10_000 }).toBe('第 2 桌');
    expect(await table('t2').getByTestId('table-score').count()).toBe(1);
    expect(await table('t2').getByTestId('table-delay').getAttribute('data-state')).toMatch(
      /^(building|live|behind)$/,
    );

    await table('t1').getByTestId('take-table').click();
    await expect.poll(() => grid.getAttribute('data-on-air'), { timeout: 10_000 }).toBe('t1');
    await expect.poll(async () => (await shown(onAir)).match, { timeout: 20_000 }).toBe('e2e_follow_2');

    await table('t2').getByTestId('preview-table').click();
    await expect.poll(() => grid.getAttribute('data-preview'), { timeout: 10_000 }).toBe('t2');
    // Preview changes nothing on air.
    expect((await shown(onAir)).match).toBe('e2e_follow_2');
    await grid.getByTestId('take-preview').click();
    await expect.poll(() => grid.getAttribute('data-on-air'), { timeout: 10_000 }).toBe('t2');
    await expect.poll(async () => (await shown(onAir)).match, { timeout: 20_000 }).toBe('e2e_follow_t2');
    expect(await table('t2').getAttribute('class')).toContain('on-air');
    expect(await apiCall(url(), PRODUCER, 'GET', '/api/producer/program-table')).toEqual({
      table: 't2',
      matchId: 'e2e_follow_t2',
    });
  });

  it('the auto-director proposes a bomb at a table off air once broadcast: Take moves the on-air page, Dismiss drops it for good', async () => {
    const onAir = await open('/overlays/table/?onair=1&feed=venue');
    const dashboard = await open(`/overlays/producer/#token=${PRODUCER}`);
    const grid = dashboard.getByTestId('program-tables');
    const proposals = dashboard.getByTestId('proposal');
    const listed = () =>
      proposals.evaluateAll((all) =>
        all.map((p) => ({
          id: p.getAttribute('data-id'),
          table: p.getAttribute('data-table'),
          match: p.getAttribute('data-match'),
          moment: p.getAttribute('data-moment'),
        })),
      );
    await expect.poll(() => grid.getAttribute('data-on-air'), { timeout: 20_000 }).toBe('t2');
    await expect.poll(async () => (await shown(onAir)).match, { timeout: 20_000 }).toBe('e2e_follow_t2');
    expect(await listed()).toEqual([]);

    // Table 1, off air, plays a bomb: proposed once the broadcast has released it, never cut to.
    await playUntilBomb('e2e_follow_2');
    await expect
      .poll(async () => (await listed()).map((p) => [p.table, p.match, BOMBS.includes(p.moment ?? '')]), {
        timeout: 20_000,
      })
      .toEqual([['t1', 'e2e_follow_2', true]]);
    expect(await grid.getAttribute('data-on-air')).toBe('t2');
    expect((await shown(onAir)).match).toBe('e2e_follow_t2');

    await proposals.getByTestId('take-proposal').click();
    await expect.poll(() => grid.getAttribute('data-on-air'), { timeout: 10_000 }).toBe('t1');
    await expect.poll(async () => (await shown(onAir)).match, { timeout: 20_000 }).toBe('e2e_follow_2');
    await expect.poll(listed, { timeout: 10_000 }).toEqual([]);

    // Table 2, now off air, plays a bomb; the producer dismisses it.
    const bomb = await playUntilBomb('e2e_follow_t2');
    await expect
      .poll(async () => (await listed()).map((p) => [p.table, p.match]), { timeout: 20_000 })
      .toEqual([['t2', 'e2e_follow_t2']]);
    const dismissed = (await listed())[0]?.id;
    await proposals.getByTestId('dismiss-proposal').click();
    await expect.poll(listed, { timeout: 10_000 }).toEqual([]);
    expect(await grid.getAttribute('data-on-air')).toBe('t1');

    // The table plays on and the broadcast shows the next event: the dismissed bomb stays gone.
    const after = await matches.get('e2e_follow_t2')?.playUntil((_state, revision) => revision > bomb);
    if (after === undefined) throw new Error('e2e_follow_t2 was not created here');
    await broadcastReleased(url(), 'e2e_follow_t2', after.revision);
    const program = (await apiCall(url(), PRODUCER, 'GET', '/api/producer/program')) as {
      onAir: string;
      proposals: { id: string }[];
    };
    expect(program.onAir).toBe('t1');
    expect(program.proposals.map((p) => p.id)).not.toContain(dismissed);
    expect(program.proposals).toEqual([]);
    expect(await listed()).toEqual([]);
  });
});
