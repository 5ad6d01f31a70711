import { playRandomB2Boards } from '@tablecast/bigtwo';
import { playRandomBoards } from '@tablecast/doudizhu';
import type { GameEvent } from '@tablecast/game-kit';
import { StateJson } from '@tablecast/projections';
import { describe, expect, it } from 'vitest';
import { gameModule } from '../registry';
import { guandanBotGame } from '../testing/guandan-bot-game';

/** Every state a match passes through, folded by its module as the read model folds it. */
function states(game: string, events: readonly GameEvent[]): unknown[] {
  const module = gameModule(game);
  let state = module.initialState();
  return events.map((event) => (state = module.evolve(state, event)));
}

function played(game: string): readonly GameEvent[] {
  if (game === 'guandan') return guandanBotGame('state-json', { kind: 'fixedDeals', deals: 2 });
  const boards =
    game === 'doudizhu'
      ? playRandomBoards({ seed: 'state-json', boards: 2, timeoutPerMille: 0 })
      : playRandomB2Boards({ seed: 'state-json', boards: 2 });
  if (!boards.ok) throw new Error(boards.violation.message);
  return boards.events;
}

describe('the read model writes each game state as JSON.stringify does (its parts kept across events)', () => {
  it.each(['guandan', 'doudizhu', 'bigtwo'])('%s: every state of a bot match, in order', (game) => {
    const json = new StateJson();
    const all = states(game, played(game));
    expect(all.length).toBeGreaterThan(50);
    for (const state of all) expect(json.stringify(state)).toBe(JSON.stringify(state));
  });
});
