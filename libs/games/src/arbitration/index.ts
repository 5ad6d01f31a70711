import { GAMES, UnknownGameError } from '../registry';
import { bigtwoArbitration } from './bigtwo-arbitration';
import { doudizhuArbitration } from './doudizhu-arbitration';
import type { GameArbitration } from './game-arbitration';
import { guandanArbitration } from './guandan-arbitration';

export type { GameArbitration, Redecided } from './game-arbitration';
export type { RemedyRefused } from './guandan-remedies';

const ARBITRATION: ReadonlyMap<string, GameArbitration> = new Map([
  ['guandan', guandanArbitration],
  ['doudizhu', doudizhuArbitration],
  ['bigtwo', bigtwoArbitration],
]);

for (const id of GAMES.keys()) {
  if (!ARBITRATION.has(id)) throw new RangeError(`game ${id} is registered without its arbitration`);
}

/** What arbitration asks of a registered game; an unknown id throws UnknownGameError. */
export function gameArbitration(game: string): GameArbitration {
  const arbitration = ARBITRATION.get(game);
  if (arbitration === undefined) throw new UnknownGameError(game);
  return arbitration;
}
