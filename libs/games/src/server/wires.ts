import { GAMES, UnknownGameError } from '../registry';
import { bigtwoWire } from './bigtwo-wire';
import { doudizhuWire } from './doudizhu-wire';
import type { GameWire } from './game-wire';
import { guandanWire } from './guandan-wire';

/** The game a request means when it names none: the clients written before other games. */
export const DEFAULT_GAME = 'guandan';

const WIRES: ReadonlyMap<string, GameWire> = new Map(
  [guandanWire, doudizhuWire, bigtwoWire].map((wire) => [wire.id, wire]),
);

for (const id of GAMES.keys()) {
  if (!WIRES.has(id)) throw new RangeError(`game ${id} is registered without its wire forms`);
}

/** A registered game's wire forms; an unknown id throws the registry's UnknownGameError. */
export function gameWire(game: string): GameWire {
  const wire = WIRES.get(game);
  if (wire === undefined) throw new UnknownGameError(game);
  return wire;
}

/** Every registered game's wire forms, in the registry's order. */
export function gameWires(): readonly GameWire[] {
  return [...GAMES.keys()].map((id) => gameWire(id));
}
