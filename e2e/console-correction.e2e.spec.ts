import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';
import { staffState, type StaffState } from './support/staff-state';

/**
 * Keying corrections in the operator console (docs/corrections.md): the operator presses U to
 * retract its last entry, the referee's console shows the request and Y confirms it; the match is
 * back where it was and the original entry stays in the log.
 */
const OPERATOR = 'e2e-corr-operator-token-01';
const REFEREE = 'e2e-corr-referee-token-001';
const MATCH = 'e2e_correction';

describe('operator console: undo an entry, confirmed by the referee', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
  });
  const api = async (path: string, body?: unknown): Promise<Response> =>
    fetch(`${url()}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${REFEREE}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const state = (minRevision = -1): Promise<StaffState> => staffState(url(), REFEREE, MATCH, minRevision);
  const openConsole = async (token: string): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url()}/overlays/console/?match=${MATCH}#token=${token}`);
    await expect
      .poll(() => page.getByTestId('console').getAttribute('data-revision'), { timeout: 15_000 })
      .not.toBeNull();
    return page;
  };

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    const created = await api('/api/matches', {
      matchId: MATCH,
      table: 't1',
      teams: { NS: { id: 'ns', name: '南北队' }, EW: { id: 'ew', name: '东西队' } },
      players: (['S', 'E', 'N', 'W'] as const).map((seat) => ({ id: `p-${seat}`, name: seat, seat })),
    });
    expect(created.status).toBe(201);
    const dealt = await api(`/api/matches/${MATCH}/commands`, {
      revision: 0,
      idempotencyKey: 'e2e-correction-deal',
      command: { type: 'DealCards', seed: 'correction' },
    });
    expect(dealt.status).toBe(200);
  });

  it('U requests the correction, the referee presses Y, and the table is back before the entry', async () => {
    const before = await state(1);
    const operator = await openConsole(OPERATOR);
    const revisionOf = async (page: Page): Promise<number> =>
      Number(await page.getByTestId('console').getAttribute('data-revision'));
    await expect.poll(() => revisionOf(operator), { timeout: 15_000 }).toBe(before.revision);

    // The seat to act leads the first legal play listed.
    await operator.keyboard.press('1');
    await operator.keyboard.press('Enter');
    await expect.poll(() => revisionOf(operator), { timeout: 15_000 }).toBeGreaterThan(before.revision);
    const played = await state(before.revision + 1);
    expect(played.state.hand?.turn).not.toBe(before.state.hand?.turn);

    await operator.keyboard.press('u');
    await expect(
      operator.getByTestId('pending-correction').textContent({ timeout: 15_000 }),
    ).resolves.toContain(String(before.revision));
    // The table waits: the server names the pending correction on any other command (TC-CORR-4).
    const blocked = (await (
      await api(`/api/matches/${MATCH}/commands`, {
        revision: (await state()).revision,
        idempotencyKey: 'e2e-correction-blocked',
        command: { type: 'Pass', seat: played.state.hand?.turn ?? 'S' },
      })
    ).json()) as { rule: string };
    expect(blocked.rule).toBe('TC-CORR-4');

    const referee = await openConsole(REFEREE);
    await expect(
      referee.getByTestId('pending-correction').textContent({ timeout: 15_000 }),
    ).resolves.toContain(String(before.revision));
    await referee.screenshot({ path: join(artifactsDir, 'operator-console.correction-pending.png') });
    await referee.keyboard.press('y');
    await expect.poll(async () => (await state()).pendingCorrection, { timeout: 15_000 }).toBeNull();

    const after = await state();
    expect(after.state).toEqual(before.state);
    await expect.poll(() => operator.getByTestId('pending-correction').count(), { timeout: 15_000 }).toBe(0);

    const timeline = (await (await api(`/api/matches/${MATCH}/timeline`)).json()) as { type: string }[];
    expect(timeline.map((e) => e.type)).toEqual(
      expect.arrayContaining(['CardsPlayed', 'CorrectionRequested', 'CorrectionConfirmed']),
    );
  });
});
