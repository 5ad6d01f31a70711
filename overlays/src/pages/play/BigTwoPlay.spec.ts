import type { B2Seat, B2SeatChoices, BigTwoSeatView, BigTwoView, Face } from '@tablecast/bigtwo/view';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import BigTwoPlay from './BigTwoPlay.svelte';

const MINE: Face[] = ['D3', 'C4', 'H5', 'S6', 'D7'];
const NORTH: Face[] = ['S2', 'H2', 'SA', 'HK'];

function seat(s: B2Seat, over: Partial<BigTwoSeatView> = {}): BigTwoSeatView {
  return {
    seat: s,
    playerId: `p${s}`,
    name: `Player ${s}`,
    cardsLeft: 13,
    hand: null,
    shown: false,
    shownCards: null,
    doubled: false,
    factor: 1,
    oneCardAlert: false,
    total: 0,
    deadline: null,
    playSeconds: { board: 0, match: 0 },
    ...over,
  };
}

/** South's own view in play under a play clock: East down to one card (报单), North shown, West doubled. */
function southView(): BigTwoView {
  return {
    game: 'bigtwo',
    status: 'inBoard',
    revision: 30,
    table: 'T1',
    boardsPlayed: 0,
    seats: [
      seat('S', { hand: MINE, cardsLeft: MINE.length, doubled: true, factor: 2 }),
      seat('E', { cardsLeft: 1, oneCardAlert: true }),
      seat('N', { hand: NORTH, cardsLeft: NORTH.length, shown: true, factor: 3 }),
      seat('W', { doubled: true, factor: 2 }),
    ],
    board: {
      number: 1,
      phase: 'play',
      firstSeat: 'S',
      turn: 'S',
      firstLead: false,
      trick: {
        leader: 'E',
        last: { seat: 'E', cards: ['C3'], as: { type: 'single', rank: '3', suit: 'C', length: 1 } },
        passes: 0,
      },
      order: null,
      clock: { seats: ['S'], seconds: 20, rule: 'B2-PLAY-8', since: 29, deadline: 20_000 },
    },
    lastBoard: null,
    penalties: [],
  };
}

const CHOICES: B2SeatChoices = {
  kind: 'play',
  mayPass: true,
  plays: [{ faces: ['D7'], reading: { type: 'single', rank: '7', suit: 'D', length: 1 } }],
};

function draw(lang: 'zh-CN' | 'en'): string {
  return render(BigTwoPlay, {
    props: {
      view: southView(),
      choices: CHOICES,
      seat: 'S',
      busy: false,
      refusal: null,
      lang,
      serverNow: 5_000,
      connection: 'open',
      send: () => undefined,
    },
  }).body;
}

const testIds = (html: string): string[] =>
  [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1] ?? '');

describe('the Big Two terminal', () => {
  it('B2-PLAY-6, B2-SHOW-1, B2-PLAY-8: 报单 on the seat down to one card, a shown hand face up, its own cards, the play clock', () => {
    const html = draw('zh-CN');
    const ids = testIds(html);
    for (const face of MINE) expect(ids).toContain(`card-${face}`);
    expect(ids.filter((id) => id.startsWith('card-'))).toHaveLength(MINE.length);
    // East reported his last card; nobody else did.
    expect(ids.filter((id) => id === 'one-card')).toHaveLength(1);
    expect(html).toMatch(/data-testid="seat-E"[^]*?报单/);
    // North's shown hand is drawn face up; the hidden hands are counts only.
    expect(ids).toContain('seat-N-hand');
    expect(ids).not.toContain('seat-E-hand');
    expect(ids).not.toContain('seat-W-hand');
    for (const face of NORTH) expect(html).toContain(`data-face="${face}"`);
    expect(html).toContain('明牌 ×3');
    // The play clock: 20 s from 0, read at 5 s on the server's clock.
    expect(html).toMatch(/data-testid="clock" data-seconds="15"/);
    expect(ids).toEqual(expect.arrayContaining(['hint', 'pass', 'play', 'selection', 'my-doubled']));
  });

  it('speaks English with lang=en', () => {
    const html = draw('en');
    expect(html).toContain('Last card');
    expect(html).toContain('Shown ×3');
    expect(html).toContain('Big Two · player terminal');
    expect(html).not.toContain('报单');
  });
});
