import type { RecordedEvent } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import { gameOfMatch } from '@tablecast/game-kit';
import { gameArbitration, type GameArbitration } from '@tablecast/games';
import { RequestValidationError } from '../errors';

type Remedies = NonNullable<GameArbitration['remedies']>;

/**
 * The corrections a ruling's remedy orders come from the match's game (GD-APL-3 for Guandan): a
 * game whose rules define none is answered a 400 naming `remedy`.
 */
export function remediesOf(events: readonly RecordedEvent<TablecastEvent>[]): Remedies {
  const game = gameOfMatch(events[0]) ?? 'unknown';
  const remedies = gameArbitration(game).remedies;
  if (remedies === undefined) {
    throw new RequestValidationError([
      { path: 'remedy', message: `a ${game} match has no remedies a ruling may order` },
    ]);
  }
  return remedies;
}
