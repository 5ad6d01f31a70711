import type { DoudizhuSeatView, DoudizhuView } from '@tablecast/doudizhu/view';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import DoudizhuSeat from './DoudizhuSeat.svelte';
import { doudizhuEn, doudizhuZh } from './labels';

const seat = (s: 0 | 1 | 2, playSeconds: DoudizhuSeatView['playSeconds']): DoudizhuSeatView => ({
  seat: s,
  playerId: `p${String(s)}`,
  name: `Player ${String(s)}`,
  cardsLeft: 17,
  hand: null,
  reported: false,
  doubleChosen: false,
  doubled: null,
  total: 0,
  deadline: null,
  playSeconds,
});

/** A venue view between boards 2 and 3: seat 1 has used 1:23 in the match, 12 s on board 2. */
const view: DoudizhuView = {
  game: 'doudizhu',
  status: 'betweenBoards',
  revision: 90,
  table: 'T1',
  boardsPlayed: 2,
  seats: [
    seat(0, { board: 0, match: 0 }),
    seat(1, { board: 12, match: 83 }),
    seat(2, { board: 605, match: 3725 }),
  ],
  board: null,
  lastBoard: null,
  penalties: [],
};

/** The text of seat `seatId`'s time (over the match) or board time, as rendered. */
const timeOf = (html: string, seatId: number, which: 'time' | 'board-time'): string =>
  [...html.matchAll(/data-testid="ddz-seat-(\d)-(time|board-time)"[^>]*>([^<]*)</g)]
    .filter((m) => m[1] === String(seatId) && m[2] === which)
    .map((m) => m[3] ?? '')
    .join('|');

describe('DoudizhuSeat.svelte: the player’s own play time (TRN-TB-4)', () => {
  it('TRN-TB-4: 用时 over the match and 本副 on the board, as m:ss, in zh-CN by default', () => {
    const html = (s: 0 | 1 | 2) =>
      render(DoudizhuSeat, { props: { view, seat: s, text: doudizhuZh, lang: 'zh-CN' } }).body;
    expect(timeOf(html(1), 1, 'time')).toBe('用时 1:23');
    expect(timeOf(html(1), 1, 'board-time')).toBe('本副 0:12');
    expect(timeOf(html(2), 2, 'time')).toBe('用时 1:02:05');
    expect(timeOf(html(2), 2, 'board-time')).toBe('本副 10:05');
    expect(timeOf(html(0), 0, 'time')).toBe('用时 0:00');
  });

  it('TRN-TB-4: Time and board with lang=en', () => {
    const html = render(DoudizhuSeat, { props: { view, seat: 1, text: doudizhuEn, lang: 'en' } }).body;
    expect(timeOf(html, 1, 'time')).toBe('Time 1:23');
    expect(timeOf(html, 1, 'board-time')).toBe('board 0:12');
  });
});
