import { duplicateStandingsOp } from './duplicate-standings.op';
import { matchpointsOp } from './matchpoints.op';
import type { OracleOp } from './op';
import { scheduleOp } from './schedule.op';
import { swissPairOp } from './swiss-pair.op';

/**
 * The tournament oracle's op table (docs/tournament-oracle.md): one line per op, each op in its
 * own file beside this one.
 */
export const TOURNAMENT_ORACLE_OPS: Readonly<Record<string, OracleOp>> = {
  schedule: scheduleOp,
  matchpoints: matchpointsOp,
  duplicateStandings: duplicateStandingsOp,
  swissPair: swissPairOp,
};
