import { seededPrng } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { bigtwoModule } from '../module/bigtwo-module';
import { SEATS } from '../events/primitives';
import { B2TestTable } from '../testing/test-table';
import { bigtwoSeatBotCommand } from './seat-bot';

describe('a Big Two bot on one seat', () => {
  it('B2-SHOW-1, B2-DBL-1, B2-PLAY-1: four seat bots play boards to their end, each only for its own seat and only legally', () => {
    const prng = seededPrng('b2-seat-bots');
    const table = new B2TestTable();
    const made = new Set<string>();
    for (let board = 1; board <= 20; board += 1) {
      table.must({ type: 'DealBoard', board, seed: `b2-bot-${String(board)}`, salt: 's', now: board });
      for (let moves = 0; table.state.status === 'inBoard'; moves += 1) {
        if (moves > 300) throw new Error(`board ${String(board)} did not end`);
        const commands = SEATS.map((seat) => bigtwoSeatBotCommand(table.state, seat, prng));
        const acting = commands.filter((c) => c !== null);
        expect(acting.length).toBeGreaterThan(0);
        for (const [i, command] of commands.entries())
          if (command) expect(command).toMatchObject({ seat: SEATS[i] });
        // Whatever a bot sends is accepted: the show choices all at once, then turn by turn.
        for (const command of table.state.board?.phase === 'showing' ? acting : acting.slice(0, 1)) {
          made.add(
            command.type === 'Show' || command.type === 'Double'
              ? `${command.type}:${String(command.type === 'Show' ? command.show : command.double)}`
              : command.type,
          );
          table.must(command);
        }
      }
      expect(table.state.completed.map((b) => b.board)).toContain(board);
    }
    // Over twenty boards it shows and declines, doubles and declines, plays and passes.
    expect([...made].sort()).toEqual(
      ['Double:false', 'Double:true', 'Pass', 'PlayCards', 'Show:false', 'Show:true'].sort(),
    );
    // The module offers the same bot, and a seat not at the table gets none.
    table.must({ type: 'DealBoard', board: 21, seed: 'b2-bot-21', salt: 's', now: 21 });
    expect(bigtwoModule.seatBotCommand?.(table.state, 'S', prng)).toMatchObject({ type: 'Show', seat: 'S' });
    expect(bigtwoModule.seatBotCommand?.(table.state, 'X', prng)).toBeNull();
  });
});
