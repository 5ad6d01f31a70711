import type { GameEvent } from '@tablecast/game-kit';
import { guandanModule, type GuandanEvent, type MatchState } from '@tablecast/guandan';
import type { MatchReadModel, ReadModelGame } from '@tablecast/projections';
import { matchNamesOf } from './match-names';
import { evolveScoreboard, type Scoreboard } from './scoreboard';
import { applyResultCorrection } from './scoreboard-corrections';

/** Guandan's read models beside its state: the level scoreboard, with rulings applied, and the names. */
export const guandanReadModel: ReadModelGame<Scoreboard> = {
  module: guandanModule,
  board: (previous, matchId, event) => evolveScoreboard(previous, matchId, event as GuandanEvent),
  correct: applyResultCorrection,
  names: (created: GameEvent) => matchNamesOf(created as never),
};

/** A Guandan match's read model, its engine state and scoreboard typed. */
export type GuandanReadModel = MatchReadModel<MatchState, Scoreboard>;

/** Whether a read model is a Guandan match's (the console's and the landing page's tables are). */
export function isGuandanReadModel(model: MatchReadModel | undefined): model is GuandanReadModel {
  return model?.game === guandanModule.id;
}
