import type { ResultKind } from '../scoring/result';
import type { PairRecord, RoundRecord } from './pair-record';

/** One round for a hand-built record: opponent (null: bye), own and their match tenths, own level points, raw difference. */
export type RoundSpec = readonly [
  opponent: string | null,
  ownTenths: number,
  theirTenths: number,
  ownLevelPoints: number,
  levelDifference?: number,
  kind?: ResultKind,
];

/** A pair's record built by hand, so one tie-break step can be tested alone. */
export function record(
  entrant: string,
  specs: readonly RoundSpec[],
  previousRank: number | null = null,
): PairRecord {
  const rounds: RoundRecord[] = specs.map(
    ([opponent, own, theirs, lp, diff = 0, kind = opponent === null ? 'bye' : 'played'], i) => ({
      round: i + 1,
      resultId: `${entrant}-${String(i + 1)}`,
      kind,
      opponent,
      own: { matchTenths: own, levelPoints: lp, levelDifference: diff },
      theirs:
        opponent === null ? null : { matchTenths: theirs, levelPoints: 26 - lp, levelDifference: -diff },
      ...(kind === 'forfeit' ? { forfeitedBy: own > theirs ? (opponent ?? '') : entrant } : {}),
    }),
  );
  return {
    entrant,
    matchTenths: rounds.reduce((s, r) => s + r.own.matchTenths, 0),
    levelPoints: rounds.reduce((s, r) => s + r.own.levelPoints, 0),
    levelDifference: rounds.reduce((s, r) => s + r.own.levelDifference, 0),
    rounds,
    previousRank,
  };
}

export function byId(records: readonly PairRecord[]): Map<string, PairRecord> {
  return new Map(records.map((r) => [r.entrant, r]));
}
