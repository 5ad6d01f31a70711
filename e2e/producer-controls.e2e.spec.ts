import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { openDelayEditor } from './support/producer-delay';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch, type SimulatedMatch } from './support/simulated-match';

const PRODUCER = 'e2e-producer-token-00000001';
const OPERATOR = 'e2e-operator-t1-token-00001';
const REFEREE = 'e2e-referee-token-0000000001';
const MATCH = 'e2e_producer_controls';

interface RundownAnswer {
  readonly revision: number;
  readonly items: readonly { readonly id: string; readonly label: string; readonly scene: string }[];
}

/**
 * The producer dashboard's own controls in headless Chromium against the built server (no OBS
 * configured): the table on program, the broadcast delay, the rundown's order, and controls that
 * do nothing looking it.
 */
describe('producer dashboard controls', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `producer=${PRODUCER},operator:t1=${OPERATOR},referee=${REFEREE}`,
    BROADCAST_DELAY_MS: '1000',
  });
  const open = async (path: string): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url()}${path}`);
    return page;
  };
  const api = (method: string, path: string, body?: unknown): Promise<unknown> =>
    apiCall(url(), PRODUCER, method, path, body);
  const idle = async (page: Page): Promise<void> => {
    await expect
      .poll(() => page.getByTestId('producer-dashboard').getAttribute('data-busy'), { timeout: 10_000 })
      .toBe('');
  };
  const looks = (control: Locator): Promise<{ opacity: number; cursor: string }> =>
    control.evaluate((node) => {
      const style = getComputedStyle(node);
      return { opacity: Number(style.opacity), cursor: style.cursor };
    });

  let match: SimulatedMatch;
  let played = 0;
  beforeAll(async () => {
    match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'producer-controls',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    played = (await match.playUntil((_state, revision) => revision >= 3)).revision;
  });

  it('puts a table on program from the dashboard, and an onair=1 page follows it', async () => {
    const onAir = await open('/overlays/table/?onair=1&feed=broadcast');
    const dashboard = await open(`/overlays/producer/?match=${MATCH}&lang=en#token=${PRODUCER}`);
    const select = dashboard.getByTestId('program-table-select');
    // The tables come from the match list: t1 is offered once it is read.
    await expect.poll(() => select.locator('option[value="t1"]').count(), { timeout: 20_000 }).toBe(1);
    expect(await select.inputValue()).toBe('');

    await select.selectOption('t1');
    await expect
      .poll(() => api('GET', '/api/producer/program-table'), { timeout: 10_000 })
      .toEqual({ table: 't1', matchId: MATCH });
    await expect
      .poll(() => onAir.getByTestId('stage').getAttribute('data-match'), { timeout: 20_000 })
      .toBe(MATCH);
    await expect
      .poll(() => dashboard.getByTestId('program-table-match').textContent(), { timeout: 10_000 })
      .toBe(`onair=1 pages show ${MATCH}`);

    // Someone else takes it off program: the dashboard shows that, not what it last sent.
    await api('PUT', '/api/producer/program-table', { table: null });
    await expect.poll(() => select.inputValue(), { timeout: 10_000 }).toBe('');
    await expect
      .poll(() => onAir.getByTestId('stage').getAttribute('data-match'), { timeout: 20_000 })
      .toBe('');
  });

  it('sets the broadcast delay there, shows "behind by" after a raise, and refuses a stale change', async () => {
    const dashboard = await open(`/overlays/producer/?match=${MATCH}#token=${PRODUCER}`);
    const seconds = await openDelayEditor(dashboard, '1');
    await seconds.fill('40');
    await dashboard.getByTestId('delay-apply').click();
    await expect
      .poll(
        async () =>
          ((await api('GET', `/api/matches/${MATCH}/broadcast-delay`)) as { delayMs: number }).delayMs,
        {
          timeout: 10_000,
        },
      )
      .toBe(40_000);
    // The table plays on; raised on air, the broadcast holds still until the added time is
    // rebuilt, and the dashboard says by how much.
    await match.playUntil((_state, revision) => revision >= played + 2);
    await expect
      .poll(() => dashboard.getByTestId('delay-clock').getAttribute('data-kind'), { timeout: 20_000 })
      .toBe('behind');
    expect(await dashboard.getByTestId('delay-state').textContent()).toMatch(/^落后 \d+ 秒$/);
    expect(await dashboard.getByTestId('delay-seconds').count()).toBe(0);

    // A referee changes it while the producer is typing: the producer's change is refused (409).
    await idle(dashboard);
    await dashboard.getByTestId('delay-change').click();
    await expect.poll(() => seconds.inputValue(), { timeout: 10_000 }).toBe('40');
    const inForce = (await api('GET', `/api/matches/${MATCH}/broadcast-delay`)) as { revision: number };
    await apiCall(url(), REFEREE, 'PUT', `/api/matches/${MATCH}/broadcast-delay`, {
      delayMs: 45_000,
      revision: inForce.revision,
    });
    await seconds.fill('20');
    await dashboard.getByTestId('delay-apply').click();
    await expect
      .poll(() => dashboard.getByTestId('action-error').textContent(), { timeout: 10_000 })
      .toContain('（409）');
    expect(((await api('GET', `/api/matches/${MATCH}/broadcast-delay`)) as { delayMs: number }).delayMs).toBe(
      45_000,
    );
  });

  it('reorders the rundown and saves the new order; scenes are picked, never typed', async () => {
    const before = (await api('GET', '/api/producer/rundown')) as RundownAnswer;
    await api('PUT', '/api/producer/rundown', {
      revision: before.revision,
      items: [
        { label: 'Opening', scene: 'Table', notes: '' },
        { label: 'Standings', scene: 'Standings', notes: '' },
        { label: 'Break', scene: 'Break', notes: '' },
      ],
    });
    const dashboard = await open(`/overlays/producer/?lang=en#token=${PRODUCER}`);
    await dashboard.getByTestId('rundown-edit').click();
    // No OBS here, so no scene list: each item keeps its saved scene, marked as not in OBS.
    expect(await dashboard.getByTestId('rundown-no-scenes').isVisible()).toBe(true);
    const scene = dashboard.getByTestId('rundown-scene-0');
    expect(await scene.evaluate((node) => node.tagName)).toBe('SELECT');
    expect(await scene.locator('option').allTextContents()).toEqual(['Table (not in OBS)']);
    expect(await dashboard.getByTestId('rundown-up-0').isDisabled()).toBe(true);
    expect(await dashboard.getByTestId('rundown-down-2').isDisabled()).toBe(true);

    await dashboard.getByTestId('rundown-down-0').click();
    await dashboard.getByTestId('rundown-up-2').click();
    expect(await dashboard.getByTestId('rundown-label-0').inputValue()).toBe('Standings');
    expect(await dashboard.getByTestId('rundown-label-1').inputValue()).toBe('Break');
    await dashboard.getByTestId('rundown-save').click();
    await expect
      .poll(
        async () => ((await api('GET', '/api/producer/rundown')) as RundownAnswer).items.map((i) => i.label),
        {
          timeout: 10_000,
        },
      )
      .toEqual(['Standings', 'Break', 'Opening']);
  });

  it('makes a disabled control look disabled: faded, with a not-allowed pointer', async () => {
    const dashboard = await open(`/overlays/producer/#token=${PRODUCER}`);
    // Nothing cued: TAKE does nothing (it is on red, so before it looked the same either way).
    const take = dashboard.getByTestId('rundown-take');
    await take.waitFor({ timeout: 10_000 });
    expect(await take.isDisabled()).toBe(true);
    // No match chosen: the delay cannot be changed.
    const change = dashboard.getByTestId('delay-change');
    expect(await change.isDisabled()).toBe(true);
    for (const control of [take, change]) {
      const style = await looks(control);
      expect(style.opacity).toBeLessThanOrEqual(0.5);
      expect(style.cursor).toBe('not-allowed');
    }
    const edit = await looks(dashboard.getByTestId('rundown-edit'));
    expect(edit).toEqual({ opacity: 1, cursor: 'default' });
  });

  it('says once, in the director panel, that its OBS rules are idle with no OBS configured', async () => {
    const dashboard = await open(`/overlays/producer/?lang=en#token=${PRODUCER}`);
    await expect
      .poll(() => dashboard.getByTestId('director-no-obs').textContent(), { timeout: 15_000 })
      .toBe('No OBS configured: the scene and transition rules are idle; only moments are cued');
    expect(await dashboard.getByTestId('director-no-obs').count()).toBe(1);
  });
});
