import { seededPrng } from '@tablecast/cards';
import { VENUE, discloseEvent } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { TestTable } from '../engine/test-table';
import { randomLegalCommand } from '../sim/random-bot';
import { doudizhuModule } from './doudizhu-module';

describe('what a spectator in the hall is shown', () => {
  it('DDZ-APL-3: a spectator may not look at cards: the venue feed and view carry no hand and no deal, from the deal to the end of the board', () => {
    const prng = seededPrng('spectator');
    const table = new TestTable();
    for (let board = 1; board <= 5; board += 1) {
      let events = [
        ...table.must({
          type: 'DealBoard',
          board,
          seed: `spectator-${String(board)}`,
          salt: 's',
          now: board,
        }),
      ];
      while (table.state.status === 'inBoard') {
        for (const event of events) {
          const shown = discloseEvent(doudizhuModule, event, VENUE);
          // Of the deal a spectator learns the card counts only: no hand, no kitty, no order, no salt.
          if (event.type === 'CardsDealt') {
            const { board: dealt, redeal } = event.data;
            expect(shown).toEqual({
              type: 'CardsDealt',
              data: { board: dealt, redeal, counts: [17, 17, 17], kitty: 3 },
            });
          }
        }
        const view = doudizhuModule.view(table.state, VENUE);
        expect(view.seats.map((s) => s.hand)).toEqual([null, null, null]);
        const command = randomLegalCommand(table.state, prng, { timeoutPerMille: 0 });
        if (command === null) break;
        events = [...table.must(command)];
      }
      expect(table.state.status).toBe('betweenBoards');
    }
  });
});
