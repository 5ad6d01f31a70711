import { seededPrng } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { TestTable } from '../engine/test-table';
import { SEATS, type Seat } from '../events/primitives';
import { randomLegalCommand } from './random-bot';
import { seatBotCommand, seatsToAct } from './seat-bot';

describe('a bot on one seat', () => {
  it('DDZ-GEN-3: bots on two seats and a person on the third play boards to their end, each bot only for its own seat', () => {
    const prng = seededPrng('seat-bots');
    const person = seededPrng('the person');
    const bots: readonly Seat[] = [1, 2];
    const table = new TestTable();
    for (let board = 1; board <= 20; board += 1) {
      table.must({
        type: 'DealBoard',
        board,
        seed: `seat-bot-board-${String(board)}`,
        salt: 's',
        now: board,
      });
      let moves = 0;
      for (; table.state.status === 'inBoard'; moves += 1) {
        if (moves > 500) throw new Error(`board ${String(board)} did not end`);
        const acting = seatsToAct(table.state);
        expect(acting.length).toBeGreaterThan(0);
        // Nobody else's move is a bot's: a seat not acting gets nothing from its bot.
        for (const seat of SEATS.filter((s) => !acting.includes(s)))
          expect(seatBotCommand(table.state, seat, prng)).toBeNull();
        const [seat] = acting;
        if (seat === undefined) throw new Error('nobody to act');
        if (bots.includes(seat)) {
          const command = seatBotCommand(table.state, seat, prng);
          expect(command).toMatchObject({ seat });
          if (command === null) throw new Error('no bot move');
          table.must(command);
        } else {
          // The person decides by other means (here, another generator), then sends his move.
          const command =
            table.state.board?.phase === 'doubling'
              ? { type: 'Double' as const, seat, double: false }
              : randomLegalCommand(table.state, person, { timeoutPerMille: 0 });
          expect(command).toMatchObject({ seat });
          if (command === null) throw new Error('no move for the person');
          table.must(command);
        }
      }
      expect(table.state.status).toBe('betweenBoards');
      expect(table.state.completed.map((b) => b.board)).toContain(board);
    }
  });

  it('only the defenders may act while doubling, both at once; between boards nobody acts', () => {
    const table = new TestTable();
    expect(seatsToAct(table.state)).toEqual([]);
    table.must({ type: 'DealBoard', board: 1, seed: 'doubling', salt: 's', now: 1 });
    table.must({ type: 'Bid', seat: 0, bid: 3 });
    expect(seatsToAct(table.state)).toEqual([1, 2]);
    const prng = seededPrng('d');
    expect(seatBotCommand(table.state, 0, prng)).toBeNull();
    const second = seatBotCommand(table.state, 2, prng);
    expect(second).toMatchObject({ type: 'Double', seat: 2 });
    if (second === null) throw new Error('no double');
    table.must(second);
    expect(seatsToAct(table.state)).toEqual([1]);
  });
});
