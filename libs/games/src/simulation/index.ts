import { guandanSimulation } from '@tablecast/bots';
import type { SimulatedGame } from '@tablecast/simulation';
import { UnknownGameError } from '../registry';
import { bigtwoSimulation } from './bigtwo-simulation';
import { doudizhuSimulation } from './doudizhu-simulation';

/** Each registered game as the simulation plays it (its bots and invariants), by game id. */
export const SIMULATED_GAMES: Readonly<Record<string, SimulatedGame>> = {
  guandan: guandanSimulation,
  doudizhu: doudizhuSimulation,
  bigtwo: bigtwoSimulation,
};

/** The game's simulation; throws UnknownGameError for a game without one. */
export function simulatedGame(id: string): SimulatedGame {
  const game = SIMULATED_GAMES[id];
  if (game === undefined) throw new UnknownGameError(id);
  return game;
}

export { b2Invariants } from './bigtwo-simulation';
export { ddzInvariants } from './doudizhu-simulation';
