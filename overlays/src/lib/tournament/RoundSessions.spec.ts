import type { DuplicateStandingsView, TournamentFeedView, TournamentRoundView } from '@tablecast/protocol';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import DuplicateStandings from './DuplicateStandings.svelte';
import TournamentEvent from './TournamentEvent.svelte';
import TournamentPairings from './TournamentPairings.svelte';
import TournamentTicker from './TournamentTicker.svelte';
import { duplicateEvent } from './tournament-fixture';

/**
 * A Dou Dizhu event of 2 sessions a round (TRN-MOVE-6) as the tournament feed sends it: stream
 * round 3 is round 2's first session, seated at one table.
 */
const streamRound = (round: number, session: TournamentRoundView['session']): TournamentRoundView => ({
  round,
  stage: 1,
  format: 'duplicateSwiss',
  published: true,
  pairings: [],
  bye: null,
  byes: [],
  tables: [
    {
      match:
        session === undefined
          ? `r${String(round)}.t1`
          : `r${String(session.round)}.s${String(session.session)}.t1`,
      table: 1,
      group: 1,
      seats: ['P1', 'P2', 'P3'],
      matchId: `ddz.r${String(round)}.t1`,
      boards: null,
      live: null,
    },
  ],
  ...(session === undefined ? {} : { session }),
});

const standings: DuplicateStandingsView = {
  scoring: 'duplicate',
  rule: 'TRN-TB-4',
  rows: [],
  tiebreakOrder: [],
};
const sessions: TournamentFeedView = {
  ...duplicateEvent(['牌手一', '牌手二', '牌手三']),
  rounds: [
    streamRound(1, { round: 1, session: 1, sessions: 2 }),
    streamRound(2, { round: 1, session: 2, sessions: 2 }),
    streamRound(3, { round: 2, session: 1, sessions: 2 }),
  ],
  duplicate: standings,
};
/** Round 2's first session played, its second not paired yet: the feed names it next. */
const between: TournamentFeedView = { ...sessions, nextSession: { round: 2, session: 2, sessions: 2 } };
/** The same event with rounds of one session: no session anywhere, the pages as before. */
const oneSession: TournamentFeedView = { ...sessions, rounds: [streamRound(1, undefined)] };

const text = (html: string): string =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** The text of the first `<tag>` element. */
const first = (html: string, tag: string): string =>
  text(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(html)?.[1] ?? '');

describe('the sessions of a round on the tournament pages (TRN-MOVE-6)', () => {
  it('TRN-MOVE-6: the pairings title names the round and the session, zh-CN by default and in English', () => {
    const zh = render(TournamentPairings, { props: { view: sessions, lang: 'zh-CN' } }).body;
    expect(first(zh, 'h2')).toBe('斗地主公开赛 · 第2轮 第1局对阵');
    const en = render(TournamentPairings, { props: { view: sessions, lang: 'en' } }).body;
    expect(first(en, 'h2')).toBe('斗地主公开赛 · Round 2, session 1 pairings');
    const plain = render(TournamentPairings, { props: { view: oneSession, lang: 'zh-CN' } }).body;
    expect(first(plain, 'h2')).toBe('斗地主公开赛 · 第1轮对阵');
  });

  it('TRN-MOVE-6: the standings heading says after which session; a one-session event’s heading is as before', () => {
    const zh = render(DuplicateStandings, { props: { view: sessions, standings, lang: 'zh-CN' } }).body;
    expect(first(zh, 'h2')).toBe('斗地主公开赛 · 名次表 · 第2轮 第1局');
    const en = render(DuplicateStandings, { props: { view: sessions, standings, lang: 'en' } }).body;
    expect(first(en, 'h2')).toBe('斗地主公开赛 · Standings · Round 2, session 1');
    const plain = render(DuplicateStandings, { props: { view: oneSession, standings, lang: 'zh-CN' } }).body;
    expect(first(plain, 'h2')).toBe('斗地主公开赛 · 名次表');
  });

  it('TRN-MOVE-6: between two sessions the standings and pairings name the next under their heading, zh-CN by default and in English', () => {
    const next = (html: string): string =>
      text(/<p[^>]*data-testid="next-session"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '');
    for (const page of [DuplicateStandings, TournamentPairings] as const) {
      const props = { standings, lang: 'zh-CN' as const };
      const zh = render(page, { props: { ...props, view: between } }).body;
      expect(next(zh)).toBe('下一局：第2轮 第2局');
      const en = render(page, { props: { ...props, view: between, lang: 'en' } }).body;
      expect(next(en)).toBe('Next: round 2, session 2');
      // While a session is played (no next in the view) the heading stands alone.
      expect(render(page, { props: { ...props, view: sessions } }).body).not.toContain('next-session');
    }
    // The heading itself still names the session the standings stand after.
    expect(
      first(render(DuplicateStandings, { props: { view: between, standings, lang: 'zh-CN' } }).body, 'h2'),
    ).toBe('斗地主公开赛 · 名次表 · 第2轮 第1局');
  });

  it('TRN-MOVE-6: the ticker names the session the other tables play; without sessions it names no round', () => {
    const zh = render(TournamentTicker, { props: { view: sessions, lang: 'zh-CN' } }).body;
    expect(text(zh)).toMatch(/^其他赛桌 第2轮 第1局 1号桌/);
    const en = render(TournamentTicker, { props: { view: sessions, lang: 'en' } }).body;
    expect(text(en)).toMatch(/^Other tables Round 2, session 1 Table 1/);
    const plain = render(TournamentTicker, { props: { view: oneSession, lang: 'zh-CN' } }).body;
    expect(plain).not.toContain('ticker-round');
    expect(text(plain)).toMatch(/^其他赛桌 1号桌/);
  });

  it('TRN-MOVE-6: between two sessions the ticker and the event page name the next, zh-CN by default and in English', () => {
    const next = (html: string): string =>
      text(/<(?:span|p)[^>]*data-testid="next-session"[^>]*>([\s\S]*?)<\/(?:span|p)>/.exec(html)?.[1] ?? '');
    for (const page of [TournamentTicker, TournamentEvent] as const) {
      expect(next(render(page, { props: { view: between, lang: 'zh-CN' } }).body)).toBe(
        '下一局：第2轮 第2局',
      );
      expect(next(render(page, { props: { view: between, lang: 'en' } }).body)).toBe(
        'Next: round 2, session 2',
      );
      // While a session is played (no next in the view) there is no such line.
      expect(render(page, { props: { view: sessions, lang: 'zh-CN' } }).body).not.toContain('next-session');
    }
    // The ticker still names the session its tables play before the next one.
    expect(text(render(TournamentTicker, { props: { view: between, lang: 'zh-CN' } }).body)).toMatch(
      /^其他赛桌 第2轮 第1局 下一局：第2轮 第2局 1号桌/,
    );
  });

  it('TRN-MOVE-6: the event page names each stream round by its round and session, newest first', () => {
    const h3s = (html: string): string[] =>
      [...html.matchAll(/<h3[^>]*>([\s\S]*?)<\/h3>/g)].map((m) => text(m[1] ?? ''));
    const zh = render(TournamentEvent, { props: { view: sessions, lang: 'zh-CN' } }).body;
    expect(h3s(zh)).toEqual(['第2轮 第1局', '第1轮 第2局', '第1轮 第1局']);
    const en = render(TournamentEvent, { props: { view: sessions, lang: 'en' } }).body;
    expect(h3s(en)).toEqual(['Round 2, session 1', 'Round 1, session 2', 'Round 1, session 1']);
    const plain = render(TournamentEvent, { props: { view: oneSession, lang: 'en' } }).body;
    expect(h3s(plain)).toEqual(['Round 1']);
  });
});
