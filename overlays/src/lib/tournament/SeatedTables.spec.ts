import type { TournamentFeedView, TournamentSeatedTableView } from '@tablecast/protocol';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import TournamentEvent from './TournamentEvent.svelte';
import TournamentPairings from './TournamentPairings.svelte';
import TournamentTicker from './TournamentTicker.svelte';
import { seatedPlayers } from './seated-players';
import { duplicateEvent } from './tournament-fixture';

const NAMES = ['牌手一', '牌手二', '牌手三', '牌手四', '牌手五', '牌手六'];

/**
 * A Dou Dizhu duplicate round as the tournament feed sends it (TRN-MOVE-4/5, TRN-MP-1): table 1
 * live through both boards of its set, each seat's total in seat order; table 2 dealt its first
 * board, its venue feed not yet heard.
 */
const table1: TournamentSeatedTableView = {
  match: 'r1.t1',
  table: 1,
  group: 1,
  seats: ['P1', 'P2', 'P3'],
  matchId: 'ddz.r1.t1',
  boards: { set: 'ddz.r1.g1', total: 2, dealt: [1, 2], next: null },
  live: {
    matchId: 'ddz.r1.t1',
    status: 'live',
    played: 1,
    score: [
      { side: '牌手一', value: '120' },
      { side: '牌手二', value: '-60' },
      { side: '牌手三', value: '-60' },
    ],
    asOf: '2026-11-29T05:00:00.000Z',
  },
};
const table2: TournamentSeatedTableView = {
  match: 'r1.t2',
  table: 2,
  group: 1,
  seats: ['P4', 'P5', 'P6'],
  matchId: 'ddz.r1.t2',
  boards: { set: 'ddz.r1.g1', total: 2, dealt: [1], next: 2 },
  live: null,
};

const view: TournamentFeedView = {
  ...duplicateEvent(NAMES),
  rounds: [
    {
      round: 1,
      stage: 1,
      format: 'duplicateSwiss',
      published: true,
      pairings: [],
      bye: null,
      byes: [],
      tables: [table1, table2],
    },
  ],
};

const text = (html: string): string =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** The text of each element carrying `data-match`, in order. */
const matchItems = (html: string, tag: string): string[] =>
  [...html.matchAll(new RegExp(`<${tag}[^>]*data-match="[^"]*"[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
    text(m[1] ?? ''),
  );

describe('a duplicate round’s seated tables on the tournament pages (TRN-MOVE-4/5, TRN-MP-1)', () => {
  it('seatedPlayers: each player by seat with its own total; a score list of another length gives none', () => {
    expect(seatedPlayers(view, table1)).toEqual([
      { entrant: 'P1', name: '牌手一', score: '120' },
      { entrant: 'P2', name: '牌手二', score: '-60' },
      { entrant: 'P3', name: '牌手三', score: '-60' },
    ]);
    const short = {
      ...table1,
      live: table1.live && { ...table1.live, score: table1.live.score.slice(0, 2) },
    };
    expect(seatedPlayers(view, short).map((p) => p.score)).toEqual([null, null, null]);
    expect(seatedPlayers(view, table2).map((p) => p.score)).toEqual([null, null, null]);
  });

  it('the pairings page lists each table’s players in seat order, zh-CN by default and in English', () => {
    const zh = render(TournamentPairings, { props: { view, lang: 'zh-CN' } }).body;
    expect(text(zh)).toContain('斗地主公开赛 · 第1轮对阵');
    expect(matchItems(zh, 'li')).toEqual(['1号桌 牌手一 牌手二 牌手三', '2号桌 牌手四 牌手五 牌手六']);
    const en = render(TournamentPairings, { props: { view, lang: 'en' } }).body;
    expect(matchItems(en, 'li')).toEqual(['Table 1 牌手一 牌手二 牌手三', 'Table 2 牌手四 牌手五 牌手六']);
  });

  it('the ticker shows each other table’s players with their totals, the table on air left out', () => {
    const zh = render(TournamentTicker, { props: { view, lang: 'zh-CN' } }).body;
    const items = [...zh.matchAll(/<span class="item[^"]*" data-match="([^"]+)"/g)].map((m) => m[1]);
    expect(items).toEqual(['r1.t1', 'r1.t2']);
    expect(text(zh)).toContain('1号桌 牌手一 120 牌手二 -60 牌手三 -60 已打1副');
    expect(text(zh)).toContain('2号桌 牌手四 牌手五 牌手六');
    const onAir = render(TournamentTicker, { props: { view, lang: 'en', except: 'ddz.r1.t1' } }).body;
    expect([...onAir.matchAll(/data-match="([^"]+)"/g)].map((m) => m[1])).toEqual(['r1.t2']);
    expect(text(onAir)).toContain('Other tables Table 2 牌手四 牌手五 牌手六');
  });

  it('the event page gives every table its players and totals, its boards of the set and a /watch link', () => {
    const zh = render(TournamentEvent, { props: { view, lang: 'zh-CN' } }).body;
    expect(matchItems(zh, 'li')).toEqual([
      '1号桌 牌手一 120 · 牌手二 -60 · 牌手三 -60 已发2/2副 进行中 观看',
      '2号桌 牌手四 · 牌手五 · 牌手六 已发1/2副 观看',
    ]);
    expect(zh).toContain('href="/watch/ddz.r1.t1"');
    const en = render(TournamentEvent, { props: { view, lang: 'en' } }).body;
    expect(matchItems(en, 'li')).toEqual([
      'Table 1 牌手一 120 · 牌手二 -60 · 牌手三 -60 2/2 boards dealt live Watch',
      'Table 2 牌手四 · 牌手五 · 牌手六 1/2 boards dealt Watch',
    ]);
    expect(en).toContain('href="/watch/ddz.r1.t2?lang=en"');
  });
});
