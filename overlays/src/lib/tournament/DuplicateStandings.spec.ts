import type { DuplicateStandingsView, TournamentFeedView } from '@tablecast/protocol';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import DuplicateStandings from './DuplicateStandings.svelte';
import TournamentEvent from './TournamentEvent.svelte';
import { duplicateEvent } from './tournament-fixture';

const step = (n: number, key: string, zh: string, en: string) => ({
  step: n,
  rule: 'TRN-TB-4',
  key,
  method: key,
  label: { zh, en },
});
const values = (seconds: string, trimmed: string, defeated: string, places: string) =>
  [
    ['totalSeconds', seconds],
    ['trimmedMeanSeconds', trimmed],
    ['defeatedOpponentsMeanS', defeated],
    ['placeCounts', places],
  ].map(([key, value]) => ({ rule: 'TRN-TB-4', key: key ?? '', value: value ?? '' }));

/**
 * TRN-MP-6 (002 附录二 三) as the feed sends it: P1 alone on S 30000; P2 and P3 on 21000, P2
 * placed by the first step after S (220 s against 234 s, TRN-TB-4 step 1).
 */
const duplicate: DuplicateStandingsView = {
  scoring: 'duplicate',
  rule: 'TRN-TB-4',
  rows: [
    {
      rank: 1,
      entrant: 'P1',
      S: '30000.00',
      boards: 3,
      decidedBy: 0,
      tiebreaks: values('180', '60', '14000', '3'),
    },
    {
      rank: 2,
      entrant: 'P2',
      S: '21000.00',
      boards: 3,
      decidedBy: 1,
      tiebreaks: values('220', '72', '0', '0/3'),
    },
    {
      rank: 3,
      entrant: 'P3',
      S: '21000.00',
      boards: 3,
      decidedBy: 1,
      tiebreaks: values('234', '78.333333333333333333', '0', '0/3'),
    },
  ],
  tiebreakOrder: [
    step(2, 'totalSeconds', '总用时', 'Total time'),
    step(3, 'trimmedMeanSeconds', '去极值平均用时', 'Trimmed average time'),
    step(4, 'defeatedOpponentsMeanS', '所胜对手平均S', 'Defeated opponents’ mean S'),
    step(5, 'placeCounts', '名次数', 'Places'),
  ],
};

const view: TournamentFeedView = { ...duplicateEvent(['牌手一', '牌手二', '牌手三']), duplicate };

const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/<!--.*?-->/g, '')
    .replace(/\s+/g, ' ')
    .trim();
/** Each body row's cells, as text. */
const rows = (html: string): string[][] =>
  [...html.matchAll(/<tr[^>]*data-entrant[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => text(cell[1] ?? '')),
  );
const headers = (html: string): string[] =>
  [...html.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((cell) => text(cell[1] ?? ''));
const legend = (html: string): string =>
  text(/data-testid="tiebreak-order"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '');

describe('DuplicateStandings.svelte: a Dou Dizhu event on the standings overlay (TRN-MP-5, TRN-TB-4)', () => {
  it('in zh-CN by default: rank, player, S, boards, and the step that placed a tied row', () => {
    const html = render(DuplicateStandings, { props: { view, standings: duplicate, lang: 'zh-CN' } }).body;
    expect(headers(html)).toEqual(['名次', '牌手', '最终成绩S', '副数', '去同分']);
    expect(rows(html)).toEqual([
      ['1', '牌手一', '30000.00', '3', ''],
      ['2', '牌手二', '21000.00', '3', '总用时 220s'],
      ['3', '牌手三', '21000.00', '3', '总用时 234s'],
    ]);
    expect(legend(html)).toBe(
      '同分排序: 最终成绩S → 总用时 → 去极值平均用时 → 所胜对手平均S → 名次数 (TRN-TB-4)',
    );
    expect(text(html)).toContain('斗地主公开赛 · 名次表');
  });

  it('in English with lang=en', () => {
    const html = render(DuplicateStandings, { props: { view, standings: duplicate, lang: 'en' } }).body;
    expect(headers(html)).toEqual(['Rank', 'Player', 'Final score S', 'Boards', 'Tie-break']);
    expect(rows(html)[1]).toEqual(['2', '牌手二', '21000.00', '3', 'Total time 220 s']);
    expect(legend(html)).toBe(
      'Tie-break order: Final score S → Total time → Trimmed average time → Defeated opponents’ mean S → Places (TRN-TB-4)',
    );
    expect(text(html)).toContain('斗地主公开赛 · Standings');
  });

  it('shows the deciding step of a later tie, its mean to 2 places', () => {
    const later: DuplicateStandingsView = {
      ...duplicate,
      rows: duplicate.rows.map((row) => (row.entrant === 'P3' ? { ...row, decidedBy: 2 } : row)),
    };
    const html = render(DuplicateStandings, { props: { view, standings: later, lang: 'zh-CN' } }).body;
    expect(rows(html)[2]?.[4]).toBe('去极值平均用时 78.33s');
  });
});

describe('TournamentEvent.svelte: the spectator event page of a duplicate event', () => {
  it('shows the same table, zh-CN and English', () => {
    const zh = render(TournamentEvent, { props: { view, lang: 'zh-CN' } }).body;
    expect(zh).not.toContain('data-testid="event-standings"');
    expect(headers(zh).slice(0, 5)).toEqual(['名次', '牌手', '最终成绩S', '副数', '去同分']);
    expect(rows(zh)[1]).toEqual(['2', '牌手二', '21000.00', '3', '总用时 220s']);
    expect(legend(zh)).toBe(
      '同分排序: 最终成绩S → 总用时 → 去极值平均用时 → 所胜对手平均S → 名次数 (TRN-TB-4)',
    );
    const en = render(TournamentEvent, { props: { view, lang: 'en' } }).body;
    expect(headers(en).slice(0, 5)).toEqual(['Rank', 'Player', 'Final score S', 'Boards', 'Tie-break']);
    expect(rows(en)[2]).toEqual(['3', '牌手三', '21000.00', '3', 'Total time 234 s']);
  });
});
