import type { BigTwoView } from '@tablecast/bigtwo/view';
import type { DoudizhuDefenderScore, DoudizhuView } from '@tablecast/doudizhu/view';
import { bigtwoWorstCase } from '../../overlays/src/games/bigtwo/worst-case-view';
import { doudizhuWorstCase } from '../../overlays/src/games/doudizhu/worst-case-view';
import type { NameScript } from '../../overlays/src/lib/on-air/longest-name';

/**
 * The worst cases of Dou Dizhu and Big Two beyond the tables in play (worst-case-view.ts of each
 * game): the moments and board ends every on-air page of their scenes can be asked to draw at once.
 */

/** A rocket just played (DDZ-COMBO-1), its clock running: the moments page draws it over the table. */
export function doudizhuRocket(names: NameScript): DoudizhuView {
  const worst = doudizhuWorstCase({ names, playing: 2 });
  if (worst.board === null) throw new Error('no board');
  return {
    ...worst,
    board: {
      ...worst.board,
      trick: {
        leader: 2,
        last: { seat: 2, cards: ['BJ', 'RJ'], as: { type: 'rocket', length: 2 } },
        passes: 0,
      },
      clock: { seats: [0], seconds: 30, rule: 'DDZ-PLAY-6', since: 986, deadline: 1_800_000_000_000 },
    },
  };
}

/**
 * A board over by a spring (DDZ-SCORE-4): the table page's board-end card with every factor at its
 * widest (both doubles, the redouble, 13 bombs and the rocket), and the moments page's spring card.
 */
export function doudizhuSpring(names: NameScript): DoudizhuView {
  const worst = doudizhuWorstCase({ names, playing: 0 });
  if (worst.board === null) throw new Error('no board');
  const defender = (seat: 1 | 2): DoudizhuDefenderScore => ({
    seat,
    bid: 3,
    w: -1,
    n: 17,
    doubled: true,
    score: -393_216,
  });
  return {
    ...worst,
    board: { ...worst.board, phase: 'over', trick: null, turn: null, clock: null },
    lastBoard: {
      board: worst.board.number,
      landlord: 0,
      winner: 'landlord',
      bid: 3,
      bombs: 13,
      rockets: 1,
      spring: true,
      antiSpring: false,
      doubled: [false, true, true],
      redoubled: true,
      scores: [786_432, -393_216, -393_216],
      defenders: [defender(1), defender(2)],
    },
  };
}

/** A Big Two board over (B2-END-1, B2-SCORE-1/2): the board-end card and the moments page's card. */
export function bigtwoBoardEnd(names: NameScript): BigTwoView {
  const worst = bigtwoWorstCase({ names, playing: 'S' });
  if (worst.board === null) throw new Error('no board');
  return {
    ...worst,
    board: { ...worst.board, phase: 'over', turn: null },
    lastBoard: {
      board: worst.board.number,
      outSeat: 'S',
      seats: (['S', 'E', 'N', 'W'] as const).map((seat) => ({
        seat,
        left: seat === 'S' ? 0 : 13,
        cardPoints: seat === 'S' ? 0 : 78,
        showed: true,
        doubled: true,
        score: seat === 'S' ? 1_179_648 : -393_216,
        playTimeMs: 3_599_000,
      })),
    },
  };
}
