import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { guandanOnAir } from './on-air-words';
import LowerThird from './LowerThird.svelte';
import Scorebug from './Scorebug.svelte';
import StandingsTable from './StandingsTable.svelte';
import { recordedView } from '../../lib/on-air/testing';

const zh = guandanOnAir['zh-CN'];

describe('scorebug, standings and lower third, from recorded frames', () => {
  it('scorebug: both teams with their levels, the level played and the deal', () => {
    const view = recordedView('penalty', 'venue');
    const html = render(Scorebug, {
      props: { view, text: zh, nowMs: Date.parse(view.asOf), delayMs: 0 },
    }).body;
    expect(html).toMatch(/江苏队[\s\S]*data-testid="level-NS"[^>]*>5</);
    expect(html).toMatch(/安徽队[\s\S]*data-testid="level-EW"[^>]*>2</);
    expect(html).toMatch(/data-testid="playing"[^>]*>打5</);
    expect(html).toContain('第2副');
    // 江苏队 (NS) won deal 1, so its level is played: the bug marks that team.
    expect(html).toMatch(/class="team[^"]*playing"[^>]*data-testid="team-NS"/);
    // Played to past A (GD-FMT-1): the levels are the progress, no deals or time left.
    expect(view.format?.kind).toBe('toPastAce');
    expect(html).not.toContain('format-progress');
  });

  describe('format progress (GD-FMT-2…4), from matches recorded under other formats', () => {
    const bug = (
      scene: 'fixedDeals' | 'lastDeal' | 'timed',
      feed: 'venue' | 'broadcast',
      lang: 'zh-CN' | 'en' = 'zh-CN',
      elapsedMs = 0,
    ): string => {
      const view = recordedView(scene, feed);
      const delayMs = feed === 'broadcast' ? 1000 : 0;
      const nowMs = Date.parse(view.asOf) + delayMs + elapsedMs;
      const html = render(Scorebug, { props: { view, text: guandanOnAir[lang], nowMs, delayMs } }).body;
      return /data-testid="format-progress"[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
    };

    it('计副制: the deals not yet begun, then the last deal (GD-FMT-2)', () => {
      expect(recordedView('fixedDeals', 'venue').format).toMatchObject({ kind: 'fixedDeals', deals: 2 });
      expect(bug('fixedDeals', 'venue')).toBe('· 剩余1副');
      expect(bug('fixedDeals', 'broadcast', 'en')).toBe('· 1 deal left');
      expect(bug('lastDeal', 'venue')).toBe('· 最后一副');
      expect(bug('lastDeal', 'broadcast', 'en')).toBe('· Last deal');
    });

    it('计时计副制: deals left and the game clock, run against the feed delay, then time up (GD-FMT-4)', () => {
      const view = recordedView('timed', 'broadcast');
      const startsAt = view.format?.startsAt ?? null;
      const minutes = view.format?.minutes ?? null;
      if (startsAt === null || minutes === null) throw new Error('no game clock recorded');
      // The clock as the server started it: 90 minutes from MatchCreated, shown at the view's moment.
      const left = Math.ceil((Date.parse(startsAt) + minutes * 60_000 - Date.parse(view.asOf)) / 1000);
      const clock = `${String(Math.floor(left / 60))}:${String(left % 60).padStart(2, '0')}`;
      expect(left).toBeGreaterThan(89 * 60);
      expect(bug('timed', 'broadcast')).toBe(`· 剩余11副 · 剩余时间 ${clock}`);
      expect(bug('timed', 'venue', 'en')).toBe(`· 11 deals left · ${clock} left`);
      expect(bug('timed', 'broadcast', 'zh-CN', 90 * 60_000)).toBe('· 剩余11副 · 时间到');
    });
  });

  it('standings: levels, deals won, double-downs and levels gained from the deal history', () => {
    const view = recordedView('latest', 'venue');
    const html = render(StandingsTable, { props: { view, text: zh } }).body;
    const row = (team: string): string[] =>
      [
        ...(new RegExp(`data-testid="standing-${team}"[\\s\\S]*?</tr>`).exec(html)?.[0] ?? '').matchAll(
          /<td[^>]*>([\s\S]*?)<\/td>/g,
        ),
        // A cell's text: the team's name sits in its own element (the on-air name rule cuts it).
      ].map((m) => (m[1] ?? '').replace(/<[^>]*>/g, ''));
    expect(row('NS')).toEqual(['江苏队', '5', '1', '1', '3']);
    expect(row('EW')).toEqual(['安徽队', '2', '0', '0', '0']);
    expect(html.indexOf('standing-NS')).toBeLessThan(html.indexOf('standing-EW'));
  });

  it('lower third: the player, team, seat, level and cards left', () => {
    const view = recordedView('trick', 'venue');
    const html = render(LowerThird, { props: { view, seat: 'E', text: zh } }).body;
    expect(html).toMatch(/data-testid="lower-third-name"[^>]*>李娜</);
    expect(html).toContain('安徽队');
    expect(html).toContain('东');
    expect(html).toContain(`${String(view.seats.E.cardsLeft)}张`);
  });

  it('lower third: names the team level as the rank it plays (打7, Playing 7), GD-LVL-1', () => {
    const view = recordedView('trick', 'venue');
    const rank = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'][view.levels.EW];
    const level = (lang: 'zh-CN' | 'en'): string =>
      /data-testid="lower-third-level"[^>]*>([^<]*)</.exec(
        render(LowerThird, { props: { view, seat: 'E', text: guandanOnAir[lang] } }).body,
      )?.[1] ?? '';
    expect(level('zh-CN')).toBe(`打${rank ?? ''}`);
    expect(level('en')).toBe(`Playing ${rank ?? ''}`);
  });

  it('scorebug and lower third cut the longest names the setup allows by the on-air name rule', () => {
    const recorded = recordedView('trick', 'venue');
    const long = '欧阳司马上官诸葛'.repeat(8);
    const view = {
      ...recorded,
      teams: { NS: long, EW: 'Jiangsu Provincial Guandan Team' },
      seats: { ...recorded.seats, E: { ...recorded.seats.E, playerName: `Li Na ${'W'.repeat(58)}` } },
    };
    const bug = render(Scorebug, {
      props: { view, text: zh, nowMs: Date.parse(view.asOf), delayMs: 0 },
    }).body;
    expect(bug).toMatch(/data-testid="team-NS-label"[^>]*>欧阳司马上官诸…</);
    expect(bug).toMatch(/data-testid="team-EW-label"[^>]*>Jiangsu Provinc…</);
    const third = render(LowerThird, { props: { view, seat: 'E', text: zh } }).body;
    expect(third).toMatch(/data-testid="lower-third-name"[^>]*>Li Na WWWWWWWWWWWWW…</);
    expect(third).toMatch(/data-testid="lower-third-team"[^>]*>Jiangsu Provinc…</);
  });
});
