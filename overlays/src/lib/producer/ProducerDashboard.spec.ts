import { OVERLAY_MOMENTS } from '@tablecast/protocol/producer';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../i18n';
import { producerMessages } from './producer-messages';
import DelayClock from './DelayClock.svelte';
import { obsListing, stateBuilding } from './fixtures/answers';
import { createProducerApi } from './producer-api';
import { createProducerStore, type ProducerStore } from './producer-store.svelte';
import ProducerDashboard from './ProducerDashboard.svelte';
import type { ProducerState } from './producer-types';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// serverNow of the recording is 05:00:00; the laptop's clock here is 2 s behind it.
const LAPTOP_NOW = Date.parse('2026-11-24T04:59:58.000Z');

/** A real store that has polled a server answering `state` (or, without it, only GET /api/obs). */
async function storeWith(state: ProducerState | null): Promise<ProducerStore> {
  const api = createProducerApi({
    origin: '',
    token: 't',
    fetchFn: (path) =>
      Promise.resolve(
        state !== null
          ? json(200, path === '/api/matches' ? [] : state)
          : path === '/api/obs'
            ? json(200, obsListing)
            : json(404, { statusCode: 404, message: `Cannot GET ${path}` }),
      ),
  });
  const store = createProducerStore({
    api,
    matchId: 'F1',
    now: () => LAPTOP_NOW,
    schedule: () => () => undefined,
  });
  await store.refresh();
  return store;
}

async function draw(lang: Lang, state: ProducerState | null = stateBuilding): Promise<string> {
  const store = await storeWith(state);
  return render(ProducerDashboard, {
    props: {
      store,
      text: producerMessages[lang],
      onMatch: () => undefined,
      onSignOut: () => undefined,
      clock: () => LAPTOP_NOW,
      lang,
    },
  }).body;
}

const testId = (html: string, id: string): string => {
  const match = new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html);
  if (!match) throw new Error(`no ${id} in the page`);
  return match[1] ?? '';
};

describe('ProducerDashboard.svelte', () => {
  it('shows each OBS: state, program and preview, scene buttons, stats and the studio switch', async () => {
    const html = await draw('zh-CN');
    expect(testId(html, 'obs-state-main')).toBe('已连接');
    expect(testId(html, 'obs-state-backup')).toBe('重连中');
    expect(testId(html, 'obs-program-main')).toBe('Delay building');
    expect(testId(html, 'obs-preview-main')).toBe('Table');
    expect(testId(html, 'obs-fps-main')).toBe('30.0');
    expect(html).toContain('3 / 90210');
    expect(html).toContain('12 / 90200');
    for (const scene of ['Table', 'Overhead', 'Standings', 'Break', 'Delay building'])
      expect(html).toContain(`data-testid="scene-main-${scene}"`);
    expect(html).toMatch(/<input type="checkbox" checked=""[^>]*data-testid="obs-studio-main"/);
    // The backup has no scenes yet: no buttons, a note instead.
    expect(html).not.toContain('data-testid="scene-backup-');
    expect(html).toContain('尚未读取到场景');
  });

  it("shows whether the backup follows the main's program, and why not, in the dashboard's language", async () => {
    const withMirror = (mirror: unknown): ProducerState => ({
      ...stateBuilding,
      obs: stateBuilding.obs.map((obs) =>
        obs.name === 'backup' ? { ...obs, mirror } : { ...obs, mirror: null },
      ) as ProducerState['obs'],
    });
    const failed = withMirror({
      scene: 'Table',
      state: 'failed',
      error: 'OBS "backup" is reconnecting, not connected',
    });
    const zh = await draw('zh-CN', failed);
    expect(testId(zh, 'obs-mirror-backup').trim()).toBe('备机未能同步：Table');
    expect(zh).toMatch(
      /data-mirror="failed"[^>]*title="OBS &quot;backup&quot; is reconnecting, not connected"/,
    );
    // The main mirrors nothing.
    expect(zh).not.toContain('data-testid="obs-mirror-main"');
    const en = await draw('en', withMirror({ scene: 'Overhead', state: 'ok', error: null }));
    expect(testId(en, 'obs-mirror-backup').trim()).toBe('Backup follows: Overhead');
    expect(
      testId(
        await draw('en', withMirror({ scene: 'Overhead', state: 'pending', error: null })),
        'obs-mirror-backup',
      ).trim(),
    ).toBe('Backup switching to Overhead');
  });

  it('marks the live and cued rundown items, numbered for the 1–9 keys; the live one cannot be cued', async () => {
    const html = await draw('zh-CN');
    expect(html).toMatch(/data-testid="rundown-item-open" data-live="true" data-cued="false"/);
    expect(html).toMatch(/data-testid="rundown-item-table" data-live="false" data-cued="true"/);
    expect(html).toMatch(/<button type="button" disabled=""[^>]*data-testid="rundown-cue-open"/);
    expect(html).not.toMatch(/disabled=""[^>]*data-testid="rundown-cue-table"/);
    expect(html).toContain('直播中');
    expect(html).toContain('已预备');
  });

  it('counts the building delay down on the server clock and lists pages with their stale badge', async () => {
    const html = await draw('zh-CN');
    // Live at 05:01:30 server time; the server's clock reads 05:00:00.
    expect(testId(html, 'delay-countdown')).toBe('1:30');
    expect(testId(html, 'delay-state')).toBe('延时缓冲中');
    expect(html).toMatch(/data-testid="page-pg-2" data-page="scorebug" data-stale="true"/);
    expect(html).toContain('30 秒前');
    expect(html).toContain('1 秒前');
    expect(html).toContain('滞后');
  });

  it('DDZ-GEN-2: names each match whose turn clock default was refused, the rule, how often, when last, and whether its table waits', async () => {
    const refusal = {
      game: 'doudizhu',
      command: 'Bid',
      count: 2,
      // 12 s before the recording's server clock (05:00:00).
      lastRefusedAt: '2026-11-24T04:59:48.000Z',
    };
    const turnClock = {
      refused: [
        {
          ...refusal,
          matchId: 'ddz-t3',
          revision: 9,
          rule: 'TC-CORR-4',
          reason: 'ruleViolation',
          waiting: true,
        },
        {
          ...refusal,
          matchId: 'ddz-t1',
          revision: 4,
          rule: null,
          reason: 'invalidEvent',
          count: 1,
          waiting: false,
        },
      ],
    };
    const panel = (html: string): string =>
      /<section[^>]*data-testid="turn-clock-panel"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    const words = (html: string): string =>
      panel(html)
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    const zh = await draw('zh-CN', { ...stateBuilding, turnClock });
    expect(panel(zh)).toMatch(/data-stuck="1"/);
    expect(panel(zh)).toMatch(/data-match="ddz-t3" data-waiting="true"/);
    expect(panel(zh)).toMatch(/data-match="ddz-t1" data-waiting="false"/);
    expect(words(zh)).toBe(
      '回合计时 ddz-t3 超时默认动作 Bid 被拒绝（TC-CORR-4） 共 2 次 · 最近一次在 12 秒前 牌桌停在已超时的回合，等待下一个事件 ' +
        'ddz-t1 超时默认动作 Bid 被拒绝（invalidEvent） 共 1 次 · 最近一次在 12 秒前 牌桌已继续',
    );
    const en = await draw('en', { ...stateBuilding, turnClock });
    expect(words(en)).toContain(
      'ddz-t3 Timed-out default Bid refused (TC-CORR-4) 2× · last 12 s ago Table stuck on a turn whose clock ran out, until its next event',
    );
    // None refused; a process keeping no clocks; a server from before the panel.
    expect(words(await draw('en'))).toBe('Turn clocks No refused turn-clock defaults');
    expect(words(await draw('en', { ...stateBuilding, turnClock: null }))).toBe(
      'Turn clocks This server process keeps no turn clocks',
    );
    const older: ProducerState = { ...stateBuilding };
    delete (older as { turnClock?: unknown }).turnClock;
    expect(words(await draw('en', older))).toBe('Turn clocks This server does not offer this yet');
  });

  it('shows the director rules for editing, its switch and its log', async () => {
    const html = await draw('zh-CN');
    expect(html).toMatch(/data-testid="director-rule-0" data-rule-id="bomb-cut"/);
    // A pick from OBS's own scene list, with the rule's scene chosen.
    expect(html).toMatch(/data-testid="director-scene-0"[^>]*>(<!--[^>]*-->)*<option value="Table" selected/);
    expect(html).toMatch(/value="30"[^>]*data-testid="director-cooldown-0"/);
    expect(html).toMatch(/<input type="checkbox" checked=""[^>]*data-testid="director-enabled"/);
    expect(html).toContain('画面至少停留 8 秒');
    expect(html).toContain('已执行');
    expect(html).toContain('冷却中');
  });

  it("words the director's log from the server's codes in the dashboard's language, seats by the game's names", async () => {
    const lines = (html: string): string[] =>
      [...html.matchAll(/data-testid="director-log-line"[^>]*>([^<]*)</g)].map((m) => m[1] ?? '');
    expect(lines(await draw('zh-CN'))).toEqual([
      '直切到「Table」（OBS「main」），6.0 秒后回到「Overhead」；东打出 SKb HKa CKa DKa（炸弹）；「Table」已上节目',
      '规则 10.0 秒前已执行（冷却 30.0 秒）；西打出 S5 H5 C5 D5（炸弹）',
    ]);
    expect(lines(await draw('en'))[1]).toBe(
      'the rule acted 10.0 s ago (cool-down 30.0 s); West played S5 H5 C5 D5 (bomb)',
    );
    // A server from before the coded log: its own line, as it sent it.
    const director = stateBuilding.director;
    if (director === null) throw new Error('the recording has a director');
    const older = { ...director, log: director.log.map((entry) => ({ ...entry, parts: undefined })) };
    expect(lines(await draw('zh-CN', { ...stateBuilding, director: older }))[1]).toBe(
      'rule acted 10.0 s ago (cooldownMs 30000); W played S5 H5 C5 D5 (bomb)',
    );
  });

  it('offers a button for every overlay cue', async () => {
    const html = await draw('zh-CN');
    for (const moment of OVERLAY_MOMENTS) expect(html).toContain(`data-testid="cue-moment-${moment}"`);
    for (const seat of ['S', 'E', 'N', 'W', 'clear'])
      expect(html).toContain(`data-testid="cue-lower-${seat}"`);
    expect(testId(html, 'cue-lower-E')).toBe('东');
  });

  it("offers the lower-third seats of the selected match's game: a Dou Dizhu match's 0/1/2, no compass seat", async () => {
    const html = await draw('zh-CN', { ...stateBuilding, matchGame: 'doudizhu' });
    expect(testId(html, 'cue-lower-0')).toBe('1号位');
    expect(testId(html, 'cue-lower-2')).toBe('3号位');
    expect(html).toContain('data-testid="cue-lower-clear"');
    expect(html).not.toContain('data-testid="cue-lower-S"');
    expect(testId(await draw('en', { ...stateBuilding, matchGame: 'doudizhu' }), 'cue-lower-1')).toBe(
      'Seat 2',
    );
  });

  it('speaks English with lang=en', async () => {
    const html = await draw('en');
    expect(testId(html, 'obs-state-main')).toBe('Connected');
    expect(testId(html, 'delay-state')).toBe('Delay building');
    expect(testId(html, 'cue-lower-E')).toBe('East');
    expect(html).toContain('30 s ago');
    expect(html).toContain('Producer dashboard');
    // No Chinese but the producer's own rundown labels (data, not the dashboard's words).
    const labels = new RegExp((stateBuilding.rundown?.items ?? []).map((item) => item.label).join('|'), 'g');
    expect(html.replace(labels, '')).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("words a refused action's banner from the refusal's codes: zh-CN by default, English with lang=en, the field path kept", async () => {
    const refusal = {
      statusCode: 400,
      error: 'BadRequest',
      message: 'rules.0.cooldownMs: must be a whole number of ms from 0 to 3600000',
      issues: [
        {
          path: 'rules.0.cooldownMs',
          message: 'must be a whole number of ms from 0 to 3600000',
          code: 'too_big',
        },
      ],
    };
    const refusedStore = async (): Promise<ProducerStore> => {
      const api = createProducerApi({
        origin: '',
        token: 't',
        fetchFn: (path, init) =>
          Promise.resolve(
            init?.method === 'PUT'
              ? json(400, refusal)
              : json(200, path === '/api/matches' ? [] : stateBuilding),
          ),
      });
      const store = createProducerStore({
        api,
        matchId: 'F1',
        now: () => LAPTOP_NOW,
        schedule: () => () => undefined,
      });
      await store.refresh();
      expect(await store.saveDirectorRules([])).toBe(false);
      return store;
    };
    const banner = async (lang: Lang): Promise<string> =>
      testId(
        render(ProducerDashboard, {
          props: {
            store: await refusedStore(),
            text: producerMessages[lang],
            onMatch: () => undefined,
            onSignOut: () => undefined,
            clock: () => LAPTOP_NOW,
            lang,
          },
        }).body,
        'action-error',
      );
    expect(await banner('zh-CN')).toBe(
      `${producerMessages['zh-CN'].actions.saveDirectorRules}失败（400）：字段 rules.0.cooldownMs 超出允许范围`,
    );
    expect(await banner('en')).toBe(
      `${producerMessages.en.actions.saveDirectorRules} failed (400): field rules.0.cooldownMs is above the allowed range`,
    );
  });

  it('on a server with only GET /api/obs, drives OBS and says the other panels are not available', async () => {
    const html = await draw('zh-CN', null);
    expect(testId(html, 'obs-program-main')).toBe('Break');
    expect(html).toContain('data-testid="scene-main-Table"');
    // The rundown, the pages, the director and the turn clocks' panel.
    expect(html.match(/服务器尚未提供此功能/g)).toHaveLength(4);
  });
});

describe('DelayClock.svelte', () => {
  const delay = stateBuilding.delay;
  const at = (iso: string): number => Date.parse(iso);
  it('says live once the feed is live, and waits for the first event with no end known', () => {
    if (delay === null) throw new Error('fixture has no delay');
    const live = render(DelayClock, {
      props: {
        delay: { ...delay, feedState: 'live' },
        serverNowMs: at('2026-11-24T05:00:00Z'),
        text: producerMessages.en.delay,
      },
    }).body;
    expect(live).toContain('data-kind="live"');
    expect(live).toContain('Live (delayed)');
    expect(live).toContain('Delay 2:00');
    const waiting = render(DelayClock, {
      props: {
        delay: { ...delay, buildingEndsAt: null },
        serverNowMs: 0,
        text: producerMessages['zh-CN'].delay,
      },
    }).body;
    expect(waiting).toContain('等待首个事件');
    expect(waiting).not.toContain('delay-countdown');
  });
});
