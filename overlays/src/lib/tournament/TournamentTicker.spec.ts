import type { TableLiveView, TournamentFeedView, TournamentPairingView } from '@tablecast/protocol';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import TournamentTicker from './TournamentTicker.svelte';
import { seatedAt } from './ticker-sides';
import { knockoutView } from './tournament-fixture';

const live = (score: TableLiveView['score']): TableLiveView => ({
  matchId: 'm',
  status: 'live',
  played: 2,
  score,
  asOf: '2026-11-29T05:00:00.000Z',
});
const pairing = (match: string, table: number, a: string, b: string, at: TableLiveView | null) =>
  ({ match, a, b, table, matchId: `ko.${match}`, result: null, live: at }) satisfies TournamentPairingView;

/** The final's round, its tables seated: one not started, one live, one scored per seat. */
const view: TournamentFeedView = {
  ...knockoutView,
  rounds: [
    {
      round: 3,
      stage: 1,
      format: 'singleKnockout',
      published: true,
      bye: null,
      byes: [],
      pairings: [
        pairing('r3.t1', 1, 'P1', 'P2', null),
        // The list as the venue feed gives it, NS first: 丁 (the pairing's second) sits NS here.
        pairing(
          'r3.t2',
          2,
          'P3',
          'P4',
          live([
            { side: '丁', value: '7' },
            { side: '丙', value: 'J' },
          ]),
        ),
        pairing(
          'r3.t3',
          3,
          'P2',
          'P3',
          live([
            { side: '东', value: '1' },
            { side: '南', value: '2' },
            { side: '西', value: '3' },
          ]),
        ),
      ],
    },
  ],
};

/** Each ticker item's text as drawn (entrants, side labels, the score between), without the deals. */
const items = (html: string): string[] =>
  html
    .split('<span class="item')
    .slice(1)
    .map((item) => {
      const match = /data-match="([^"]+)"/.exec(item)?.[1] ?? '';
      const text = (item.split('<small')[0] ?? '').replace(/^[^>]*>/, '').replace(/<[^>]*>/g, ' ');
      return `${match} ${text}`.replace(/\s+/g, ' ').trim();
    });

const sides = (html: string): string[] =>
  [...html.matchAll(/data-testid="ticker-entrant" data-entrant="([^"]+)" data-side="([^"]*)"/g)].map(
    (m) => `${m[1] ?? ''}=${m[2] ?? ''}`,
  );

describe('TournamentTicker.svelte: which entrant sits on which side at each table', () => {
  it('names each side in zh-CN by default: the round seats the first entrant NS; a live table says by name', () => {
    const html = render(TournamentTicker, { props: { view, lang: 'zh-CN' } }).body;
    expect(sides(html)).toEqual(['P1=NS', 'P2=EW', 'P3=EW', 'P4=NS', 'P2=', 'P3=']);
    expect(items(html)).toEqual([
      'r3.t1 1号桌 甲 南北 对 乙 东西',
      // 丙 sits EW with level J, 丁 NS with 7: each entrant's own score, in the pairing's order.
      'r3.t2 2号桌 丙 东西 J:7 丁 南北',
      // Scored per seat: no side to name, the values as the feed lists them.
      'r3.t3 3号桌 乙 1:2:3 丙',
    ]);
  });

  it('in English with lang=en', () => {
    const html = render(TournamentTicker, { props: { view, lang: 'en' } }).body;
    expect(items(html)[1]).toBe('r3.t2 Table 2 丙 E/W J:7 丁 N/S');
  });

  it('falls back to the round’s seating when the score’s names do not tell the entrants apart', () => {
    const same = pairing(
      'r3.t4',
      4,
      'P1',
      'P2',
      live([
        { side: 'someone else', value: '3' },
        { side: 'another', value: '5' },
      ]),
    );
    expect(seatedAt(view, same)).toEqual([
      { entrant: 'P1', name: '甲', side: 'NS', score: '3' },
      { entrant: 'P2', name: '乙', side: 'EW', score: '5' },
    ]);
  });
});
