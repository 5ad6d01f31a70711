import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealObs, type RealObs } from '@tablecast/obs/testing';
import { stateBuilding } from '../overlays/src/lib/producer/fixtures/answers';
import { broadcastReleased } from './support/broadcast-release';
import { artifactsDir } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * The producer dashboard in headless Chromium against the built server driving
 * a real headless OBS 29: sign in with the producer token, see OBS connected, put a scene into
 * preview and take it (read back from OBS through GET /api/obs), switch the auto-director off and
 * save an edited rule, then cue a moment to an on-air page open in another tab and refresh that
 * page remotely.
 */
const PRODUCER = 'e2e-producer-token-00000001';
const OPERATOR = 'e2e-operator-t1-token-00001';
const REFEREE = 'e2e-referee-token-0000000001';
const MATCH = 'e2e_producer_final';

interface ObsListing {
  readonly name: string;
  readonly state: string;
  readonly scenes: {
    readonly programScene: string;
    readonly previewScene: string | null;
    readonly scenes: readonly string[];
  } | null;
}

interface RundownAnswer {
  readonly revision: number;
  readonly items: readonly { readonly id: string; readonly label: string; readonly scene: string }[];
  readonly cuedId: string | null;
  readonly liveId: string | null;
}

interface DirectorAnswer {
  readonly enabled: boolean;
  readonly rules: readonly { readonly id: string; readonly cooldownMs: number }[];
}

describe('producer dashboard: OBS, director, moments and remote refresh in a browser', () => {
  // OBS first and last: its hooks are registered before the server's (after-hooks run in reverse).
  let obs: RealObs | undefined;
  beforeAll(async () => {
    obs = await startRealObs();
  }, 400_000);
  afterAll(async () => {
    await obs?.stop();
  });
  const { url: serverUrl, browser } = useServerAndBrowser(() => {
    if (!obs) throw new Error('OBS did not start');
    return {
      TABLECAST_TOKENS: `producer=${PRODUCER},operator:t1=${OPERATOR},referee=${REFEREE}`,
      OBS_INSTANCES: `main=${obs.url}`,
      OBS_PASSWORD_MAIN: obs.password,
      BROADCAST_DELAY_MS: '1000',
    };
  });
  const openPage = (): Promise<Page> => browser().newPage({ viewport: { width: 1920, height: 1080 } });
  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${serverUrl()}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${PRODUCER}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${String(response.status)} ${text}`);
    return JSON.parse(text) as T;
  };
  /** The dashboard runs one action at a time and drops keys meanwhile, as a producer sees it. */
  const idle = async (page: Page): Promise<void> => {
    await expect
      .poll(() => page.getByTestId('producer-dashboard').getAttribute('data-busy'), { timeout: 10_000 })
      .toBe('');
  };
  const mainObs = async (): Promise<ObsListing> => {
    const main = (await api<ObsListing[]>('/api/obs')).find((o) => o.name === 'main');
    if (!main) throw new Error('GET /api/obs lists no main');
    return main;
  };

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    // expect.poll belongs to tests; the bridge connects in the background after boot.
    for (let waited = 0; (await mainObs()).state !== 'connected'; waited += 250) {
      if (waited > 30_000) throw new Error('the server did not connect to OBS within 30 s');
      await new Promise((settle) => setTimeout(settle, 250));
    }
    // The final's scenes (Table, Overhead, Standings, Break, Delay building) for every test.
    await api('/api/obs/setup', { method: 'POST', body: { table: 't1' } });
  });

  it('signs in, previews a scene and takes it to program on the real OBS', async () => {
    const page = await openPage();
    await page.goto(`${serverUrl()}/overlays/producer/`);
    // No token yet: the sign-in form, in Chinese.
    expect(await page.getByTestId('token-form').locator('h1').textContent()).toBe('导播登录');
    // Another role's token is refused (403) and the form says why.
    await page.getByTestId('token-input').fill(OPERATOR);
    await page.getByTestId('token-input').press('Enter');
    await expect
      .poll(() => page.getByTestId('token-error').textContent(), { timeout: 10_000 })
      .toBe('此令牌不是导播令牌');
    await page.getByTestId('token-input').fill(PRODUCER);
    await page.getByTestId('token-input').press('Enter');
    await expect
      .poll(() => page.getByTestId('obs-state-main').textContent(), { timeout: 10_000 })
      .toBe('已连接');
    expect(await page.getByTestId('producer-dashboard').getAttribute('data-source')).toBe('aggregate');

    const before = (await mainObs()).scenes?.programScene;
    const target = before === 'Standings' ? 'Break' : 'Standings';
    await page.getByTestId(`scene-main-${target}`).click();
    await expect
      .poll(() => page.getByTestId('obs-preview-main').textContent(), { timeout: 10_000 })
      .toBe(target);
    expect((await mainObs()).scenes?.previewScene).toBe(target);
    expect((await mainObs()).scenes?.programScene).toBe(before);

    // Space takes, even with the scene button just clicked still focused.
    await idle(page);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await mainObs()).scenes?.programScene, { timeout: 10_000 }).toBe(target);
    await expect
      .poll(() => page.getByTestId('obs-program-main').textContent(), { timeout: 10_000 })
      .toBe(target);

    // And the TAKE button does the same for the next scene.
    await page.getByTestId('scene-main-Break').click();
    await expect
      .poll(() => page.getByTestId('obs-preview-main').textContent(), { timeout: 10_000 })
      .toBe('Break');
    await idle(page);
    await page.getByTestId('obs-take-main').click();
    await expect.poll(async () => (await mainObs()).scenes?.programScene, { timeout: 10_000 }).toBe('Break');
    // The program thumbnail is OBS's own screenshot of Break: its navy backdrop (0x1a1a2e) in a corner.
    const corner = (): Promise<number[]> =>
      page.getByTestId('obs-thumbnail-main').evaluate((box) => {
        const img = box.querySelector('img');
        if (img === null || !img.complete || img.naturalWidth === 0) return [];
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const context = canvas.getContext('2d');
        if (context === null) return [];
        context.drawImage(img, 0, 0);
        return [img.naturalWidth, ...context.getImageData(4, 4, 1, 1).data.slice(0, 3)];
      });
    await expect.poll(corner, { timeout: 15_000 }).toEqual([320, 0x1a, 0x1a, 0x2e]);
    await page.screenshot({ path: join(artifactsDir, 'producer-dashboard.png') });
    await page.close();
  });

  it('the recorded aggregate the specs use has the shape the real server answers', async () => {
    const shape = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.length === 0
          ? []
          : [shape(value[0])]
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(
              Object.keys(value)
                .sort()
                .map((key) => [key, shape((value as Record<string, unknown>)[key])]),
            )
          : value === null
            ? 'null'
            : typeof value;
    const keys = (value: unknown): string[] => Object.keys(value as object).sort();
    const real = await api<Record<string, unknown>>(`/api/producer/state?matchId=${MATCH}`);
    const recorded = stateBuilding as unknown as Record<string, unknown>;
    // The same fields everywhere; field types for an OBS instance and a director rule (the
    // rundown and the pages are empty on this server yet, so only their keys are compared).
    expect(keys(real)).toEqual(keys(recorded));
    expect(shape((real.obs as unknown[])[0])).toEqual(shape((recorded.obs as unknown[])[0]));
    expect(keys(real.rundown)).toEqual(keys(recorded.rundown));
    expect(keys(real.delay)).toEqual(keys(recorded.delay));
    const director = real.director as Record<string, unknown>;
    const recordedDirector = recorded.director as Record<string, unknown>;
    expect(keys(director)).toEqual(keys(recordedDirector));
    // Each recorded rule's shape (action included) is the shape of some default rule of the server.
    const realRules = (director.rules as unknown[]).map((rule) => JSON.stringify(shape(rule)));
    for (const rule of recordedDirector.rules as unknown[])
      expect(realRules).toContain(JSON.stringify(shape(rule)));
  });

  it('builds a rundown, cues it with 1–2 and takes with Space; the live item is locked, a stale save refused', async () => {
    const page = await openPage();
    await page.goto(`${serverUrl()}/overlays/producer/?lang=en#token=${PRODUCER}`);
    await page.getByTestId('rundown-edit').click();
    for (const [index, [label, scene]] of [
      ['Opening', 'Table'],
      ['Standings', 'Standings'],
    ].entries()) {
      await page.getByTestId('rundown-add').click();
      await page.getByTestId(`rundown-label-${String(index)}`).fill(label ?? '');
      await page.getByTestId(`rundown-scene-${String(index)}`).selectOption(scene ?? '');
    }
    // Scenes are picked from OBS's own list (GetSceneList), not typed.
    const sceneList = await page.getByTestId('rundown-scene-0').locator('option').allTextContents();
    expect([...sceneList].sort()).toEqual([...((await mainObs()).scenes?.scenes ?? [])].sort());
    expect(sceneList).toEqual(
      expect.arrayContaining(['Table', 'Overhead', 'Standings', 'Break', 'Delay building']),
    );
    await page.getByTestId('rundown-save').click();
    await expect
      .poll(async () => (await api<RundownAnswer>('/api/producer/rundown')).items.map((i) => i.scene), {
        timeout: 10_000,
      })
      .toEqual(['Table', 'Standings']);
    const [opening, standings] = (await api<RundownAnswer>('/api/producer/rundown')).items;
    if (!opening || !standings) throw new Error('rundown not saved');

    // 1 cues the first item: its scene goes to OBS preview; Space takes it to program.
    await idle(page);
    expect(await page.getByTestId(`rundown-item-${standings.id}`).getAttribute('data-cued')).toBe('false');
    await page.locator('body').press('1');
    await expect.poll(async () => (await mainObs()).scenes?.previewScene, { timeout: 10_000 }).toBe('Table');
    await expect
      .poll(() => page.getByTestId(`rundown-item-${opening.id}`).getAttribute('data-cued'), {
        timeout: 10_000,
      })
      .toBe('true');
    await idle(page);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await mainObs()).scenes?.programScene, { timeout: 10_000 }).toBe('Table');
    await expect
      .poll(() => page.getByTestId(`rundown-item-${opening.id}`).getAttribute('data-live'), {
        timeout: 10_000,
      })
      .toBe('true');
    await idle(page);
    await page.locator('body').press('2');
    await expect
      .poll(async () => (await mainObs()).scenes?.previewScene, { timeout: 10_000 })
      .toBe('Standings');
    await expect
      .poll(async () => (await api<RundownAnswer>('/api/producer/rundown')).cuedId)
      .toBe(standings.id);

    // Editing: the live item's label and scene are locked, the others are not.
    await page.getByTestId('rundown-edit').click();
    expect(await page.getByTestId('rundown-label-0').isDisabled()).toBe(true);
    expect(await page.getByTestId('rundown-scene-0').isDisabled()).toBe(true);
    expect(await page.getByTestId('rundown-label-1').isDisabled()).toBe(false);
    // Someone else saves meanwhile: this draft's revision is stale and the server says 409.
    const current = await api<RundownAnswer>('/api/producer/rundown');
    await api('/api/producer/rundown', {
      method: 'PUT',
      body: {
        revision: current.revision,
        items: current.items.map((i) => ({ ...i, notes: 'from the API' })),
      },
    });
    await page.getByTestId('rundown-label-1').fill('Standings after deal 1');
    await page.getByTestId('rundown-save').click();
    await expect
      .poll(() => page.getByTestId('action-error').textContent(), { timeout: 10_000 })
      .toContain('(409)');
    expect((await api<RundownAnswer>('/api/producer/rundown')).items[1]?.label).toBe('Standings');
    await page.screenshot({ path: join(artifactsDir, 'producer-dashboard.rundown.png') });
    await page.close();
  });

  it('switches the auto-director off and saves an edited cool-down', async () => {
    const page = await openPage();
    await page.goto(`${serverUrl()}/overlays/producer/?match=${MATCH}&lang=en#token=${PRODUCER}`);
    expect(page.url()).not.toContain(PRODUCER);
    const enabled = page.getByTestId('director-enabled');
    await expect.poll(() => enabled.isChecked(), { timeout: 10_000 }).toBe(true);
    // The whole rule table is in view on a 1920 px screen, in English (the longer labels):
    // no column of it (cool-down, remove) behind the panel's scroll bar.
    const director = await page
      .getByTestId('director-panel')
      .evaluate((panel) => ({ content: panel.scrollWidth, shown: panel.clientWidth }));
    expect(director.content, 'director rule table wider than its panel').toBeLessThanOrEqual(director.shown);
    await enabled.uncheck();
    await expect.poll(async () => (await api<DirectorAnswer>('/api/director')).enabled).toBe(false);

    const first = (await api<DirectorAnswer>('/api/director')).rules[0];
    if (!first) throw new Error('the director has no rule to edit');
    const seconds = first.cooldownMs / 1000 + 7;
    await page.getByTestId('director-cooldown-0').fill(String(seconds));
    expect(await page.getByTestId('director-unsaved').textContent()).toBe('Unsaved changes');
    await page.getByTestId('director-save').click();
    await expect
      .poll(async () => (await api<DirectorAnswer>('/api/director')).rules[0]?.cooldownMs, {
        timeout: 10_000,
      })
      .toBe(seconds * 1000);
    await expect.poll(() => page.getByTestId('director-unsaved').count()).toBe(0);

    // A bad value is refused by the server, which names the field; nothing is saved.
    await page.getByTestId('director-cooldown-0').fill('');
    await page.getByTestId('director-save').click();
    await expect
      .poll(() => page.getByTestId('action-error').textContent(), { timeout: 10_000 })
      .toContain('rules.0.cooldownMs');
    expect((await api<DirectorAnswer>('/api/director')).rules[0]?.cooldownMs).toBe(seconds * 1000);
    await page.close();
  });

  it('cues a moment to an on-air page in another tab, then refreshes that page remotely', async () => {
    const match = await createSimulatedMatch({
      url: serverUrl(),
      matchId: MATCH,
      seed: 'e2e-producer-seed',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    const { revision } = await match.playUntil((state) => state.lastHand !== null);
    // The hand end is released 1 s (BROADCAST_DELAY_MS) after it was recorded; the page opens
    // after that, so the moment is in its first view and not animated (a moment older than the page).
    await broadcastReleased(serverUrl(), MATCH, revision);

    const onAir = await openPage();
    await onAir.goto(`${serverUrl()}/overlays/moments/?match=${MATCH}&feed=broadcast`);
    const stage = onAir.getByTestId('stage');
    // The page has been shown the hand end (released after the 1 s delay), but opened after it:
    // nothing is on screen until the producer cues it.
    await expect
      .poll(async () => Number(await stage.getAttribute('data-revision')), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(revision);
    expect(await onAir.locator('.slot-handEnd').count()).toBe(0);

    const dashboard = await openPage();
    await dashboard.goto(`${serverUrl()}/overlays/producer/?match=${MATCH}#token=${PRODUCER}`);
    // The broadcast feed released the hand (1 s delay): the delay clock says live.
    await expect
      .poll(() => dashboard.getByTestId('delay-clock').getAttribute('data-kind'), { timeout: 15_000 })
      .toBe('live');
    expect(await dashboard.getByTestId('delay-state').textContent()).toBe('直播（已延时）');
    const row = dashboard.locator('[data-page="moments"]');
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);

    await dashboard.getByTestId('cue-moment-handEnd').click();
    await expect.poll(() => onAir.locator('.slot-handEnd').count(), { timeout: 10_000 }).toBe(1);
    expect(await dashboard.getByTestId('cue-delivered').getAttribute('data-delivered')).toBe('1');
    await onAir.screenshot({ path: join(artifactsDir, 'producer-cued-hand-end.png') });

    // A marker left in the page survives anything but a reload.
    await onAir.evaluate(() => {
      (window as unknown as { producerMarker?: boolean }).producerMarker = true;
    });
    const pageId = (await row.getAttribute('data-testid'))?.replace(/^page-/, '');
    if (!pageId) throw new Error('the moments row has no page id');
    const reloaded = onAir.waitForEvent('load', { timeout: 15_000 });
    await dashboard.getByTestId(`page-refresh-${pageId}`).click();
    await reloaded;
    expect(
      await onAir.evaluate(() => (window as unknown as { producerMarker?: boolean }).producerMarker),
    ).toBe(undefined);
    // Reloaded, it announces itself again and is back on the list.
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await onAir.close();
    await dashboard.close();
  });
});
