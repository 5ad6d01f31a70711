import { answerBigTwoOracleLine } from '@tablecast/bigtwo';
import { answerDoudizhuOracleLine } from '@tablecast/doudizhu';
import { answerOracleLine } from '@tablecast/guandan';
import { GAMES, UnknownGameError } from './registry';

/** A game's rules oracle: one JSON request line in, one JSON answer out (docs/rules-oracle*.md). */
export type RulesOracle = (line: string) => unknown;

const ORACLES: ReadonlyMap<string, RulesOracle> = new Map<string, RulesOracle>([
  ['guandan', answerOracleLine],
  ['doudizhu', answerDoudizhuOracleLine],
  ['bigtwo', answerBigTwoOracleLine],
]);

for (const id of GAMES.keys()) {
  if (!ORACLES.has(id)) throw new RangeError(`game ${id} is registered without its rules oracle`);
}

/** The rules oracle of a registered game; an unknown id throws UnknownGameError. */
export function rulesOracle(game: string): RulesOracle {
  const oracle = ORACLES.get(game);
  if (oracle === undefined) throw new UnknownGameError(game);
  return oracle;
}
