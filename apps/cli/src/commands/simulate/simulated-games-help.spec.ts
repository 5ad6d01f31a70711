import { SIMULATED_GAMES } from '@tablecast/games';
import { describe, expect, it } from 'vitest';
import { SIMULATED_GAMES_HELP } from './simulated-games-help';

describe("simulate's light help index", () => {
  it('names the same games, rulesets and formats as the game registry', () => {
    const registry = Object.fromEntries(
      Object.entries(SIMULATED_GAMES).map(([id, game]) => [
        id,
        { rulesets: game.rulesets, formats: game.formats, defaultFormat: game.defaultFormat },
      ]),
    );
    expect(SIMULATED_GAMES_HELP).toEqual(registry);
    // The help lists the games in the registry's order, the default game first.
    expect(Object.keys(SIMULATED_GAMES_HELP)).toEqual(Object.keys(SIMULATED_GAMES));
  });
});
