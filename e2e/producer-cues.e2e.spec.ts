/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { broadcastReleased } from './support/broadcast-release';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * The producer's remote control of real on-air pages against the built server and
 * headless Chromium: the pages announce themselves with the bundle's build id, a cue replays a
 * moment the page already has (or clears it), a lower-third cue picks the seat, a refresh reloads
 * the page, and every control frame a page receives carries no game data.
 */
const OPERATOR = 'e2e-cues-operator-token-0001';
const REFEREE = 'e2e-cues-referee-token-00001';
const PRODUCER = 'e2e-cues-producer-token-0001';
const MATCH = 'e2e_producer_cues';

interface PageStatus {
  readonly pageId: string;
  readonly page: string;
  readonly build: string;
  readonly matchId: string | null;
  readonly lang: string | null;
  readonly lastSeq: number | null;
  readonly stale: boolean;
}

describe('producer cues and refresh on on-air pages in headless Chromium', () => {
  const { url: serverUrl, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE},producer=${PRODUCER}`,
    BROADCAST_DELAY_MS: '1000',
  });
  const url = (path: string): string => `${serverUrl()}${path}`;
  const producer = async (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(url(path), {
      method,
      headers: { authorization: `Bearer ${PRODUCER}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const pages = async (): Promise<PageStatus[]> =>
    (await (await producer('GET', '/api/producer/pages')).json()) as PageStatus[];
  const cue = async (cueBody: unknown): Promise<number> =>
    (
      (await (await producer('POST', '/api/producer/cues', { matchId: MATCH, cue: cueBody })).json()) as {
        delivered: number;
      }
    ).delivered;
  /** A page with every control frame it receives kept. */
  const open = async (path: string): Promise<{ page: Page; controls: string[] }> => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    const controls: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        const text = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8');
        if (text.includes('"control"')) controls.push(text);
      });
    });
    await page.goto(url(path));
    return { page, controls };
  };

  beforeAll(async () => {
    const match = await createSimulatedMatch({
      url: serverUrl(),
      matchId: MATCH,
      seed: 'producer-cues-e2e',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
      format: { kind: 'fixedDeals', deals: 3 },
    });
    // One deal over, the next one under way: the pages have a hand end to replay.
    const { revision } = await match.playUntil((s) => s.handsPlayed >= 1 && s.hand?.phase === 'play');
    // Released to the broadcast feed (after its one-second delay) before any page opens.
    await broadcastReleased(serverUrl(), MATCH, revision);
  });

  it('the moments page announces itself and replays the cued hand end, then clears it; a kind it lacks does nothing', async () => {
    const { page, controls } = await open(`/overlays/moments/?match=${MATCH}&feed=broadcast&lang=en`);
    await expect
      .poll(async () => (await pages()).find((p) => p.page === 'moments'), { timeout: 15_000 })
      .toBeDefined();
    const listed = (await pages()).find((p) => p.page === 'moments');
    expect(listed).toMatchObject({ matchId: MATCH, lang: 'en', stale: false });
    // The built bundle's source hash, not the unbundled `dev`.
    expect(listed?.build).toMatch(/^[0-9a-f]{12}$/);
    // The 3 s heartbeat reports the last frame shown.
    await expect
      .poll(async () => (await pages()).find((p) => p.page === 'moments')?.lastSeq ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(0);

    // The hand end happened before the page was on air: it is not shown by itself.
    expect(await page.getByTestId('moment').count()).toBe(0);
    expect(await cue({ moment: 'handEnd' })).toBe(1);
    await expect.poll(() => page.getByTestId('moment').getAttribute('data-kind')).toBe('handEnd');

    expect(await cue({ moment: 'clear' })).toBe(1);
    await expect.poll(() => page.getByTestId('moment').count()).toBe(0);

    // A kind the page has not seen does nothing. Every moment card the page puts up from here on
    // is recorded; a hand-end cue sent after it, once on screen, proves the page got that far.
    await page.evaluate(() => {
      const shown: string[] = [];
      (window as unknown as { momentsShown: string[] }).momentsShown = shown;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element) {
              const cards = [
                ...(node.matches('[data-testid="moment"]') ? [node] : []),
                ...node.querySelectorAll('[data-testid="moment"]'),
              ];
              for (const card of cards) shown.push(card.getAttribute('data-kind') ?? '?');
            }
      }).observe(document.body, { childList: true, subtree: true });
    });
    expect(await cue({ moment: 'fourJokers' })).toBe(1);
    expect(await cue({ moment: 'handEnd' })).toBe(1);
    await expect.poll(() => page.getByTestId('moment').getAttribute('data-kind')).toBe('handEnd');
    expect(await page.evaluate(() => (window as unknown as { momentsShown: string[] }).momentsShown)).toEqual(
      ['handEnd'],
    );

    // Control frames name a kind of moment and nothing else: no cards, no seats, no players.
    expect(controls.map((c) => JSON.parse(c) as unknown)).toEqual([
      { type: 'control', action: 'cue', cue: { moment: 'handEnd' } },
      { type: 'control', action: 'cue', cue: { moment: 'clear' } },
      { type: 'control', action: 'cue', cue: { moment: 'fourJokers' } },
      { type: 'control', action: 'cue', cue: { moment: 'handEnd' } },
    ]);
    await page.close();
  });

  it('the lower third follows seat cues and clears', async () => {
    const { page } = await open(`/overlays/lowerthird/?match=${MATCH}&feed=broadcast&seat=S`);
    await expect
      .poll(() => page.getByTestId('lower-third-name').textContent(), { timeout: 15_000 })
      .toBe('张伟');
    await expect.poll(async () => (await pages()).some((p) => p.page === 'lowerthird')).toBe(true);
    await cue({ lowerThird: 'E' });
    await expect.poll(() => page.getByTestId('lower-third-name').textContent()).toBe('李娜');
    await cue({ lowerThird: 'clear' });
    await expect.poll(() => page.getByTestId('lower-third').count()).toBe(0);
    await page.close();
  });

  it('a refresh reloads the page, which announces itself again', async () => {
    const { page } = await open(`/overlays/scorebug/?match=${MATCH}&feed=broadcast`);
    await expect
      .poll(async () => (await pages()).find((p) => p.page === 'scorebug'), { timeout: 15_000 })
      .toBeDefined();
    const before = (await pages()).find((p) => p.page === 'scorebug');
    await page.evaluate(() => {
      (window as unknown as { beforeRefresh: boolean }).beforeRefresh = true;
    });
    const reloaded = page.waitForEvent('load');
    const response = await producer('POST', `/api/producer/pages/${before?.pageId ?? ''}/refresh`);
    expect(await response.json()).toEqual({ refreshed: 1 });
    await reloaded;
    expect(
      await page.evaluate(() => (window as unknown as { beforeRefresh?: boolean }).beforeRefresh),
    ).toBeUndefined();
    await expect
      .poll(async () => (await pages()).filter((p) => p.page === 'scorebug').map((p) => p.pageId))
      .toEqual([expect.not.stringMatching(before?.pageId ?? '') as unknown]);
    await page.close();
  });
});
