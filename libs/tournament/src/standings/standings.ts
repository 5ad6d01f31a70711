import { applyWithdrawals, type WithdrawalContext, type Withdrawal } from '../scoring/withdrawal';
import type { Ruleset, ScoredResult, Side } from '../scoring/result';
import { tenthsToString } from '../scoring/tenths';
import { rankByChain, type Ranked } from '../tiebreak/chain';
import type { StepExplanation } from '../tiebreak/explanation';
import { tb1Chain } from '../tiebreak/guandan-000';
import { tb2Chain, type Tb2Options } from '../tiebreak/guandan-003';
import type { PairRecord, RoundRecord } from '../tiebreak/pair-record';
import { canonicalResults } from './canonical';

export interface StandingsInput {
  readonly ruleset: Ruleset;
  readonly entrants: readonly string[];
  readonly results: readonly ScoredResult[];
  readonly withdrawals?: readonly Withdrawal[];
  /** How withdrawals are scored (TRN-WD-2); Swiss without a schedule by default. */
  readonly withdrawalContext?: Omit<WithdrawalContext, 'ruleset'>;
  /** The tie-break chain: TRN-TB-1 for `cga2017`, TRN-TB-2 for `cesa2023` unless set. */
  readonly chain?: 'TRN-TB-1' | 'TRN-TB-2';
  readonly tb2?: Tb2Options;
  /** The last step of the chain: the order drawn by lot; without it, equal pairs share a place. */
  readonly drawnOrder?: readonly string[];
}

export interface StandingsRow {
  readonly entrant: string;
  readonly rank: number;
  /** Exact decimal string ("7.5"). */
  readonly matchPoints: string;
  readonly levelPoints: number;
  readonly played: number;
  /** The round the pair withdrew in, if it did (its results stand: TRN-WD-2). */
  readonly withdrewInRound?: number;
  /** How each tie-break value of the row was computed, step by step. */
  readonly tiebreaks: readonly StepExplanation[];
}

/**
 * The standings as a pure function of the recorded results: the same results in any order of
 * arrival give the same standings (corrections resolved by revision, then sorted). Pairs whose
 * results a withdrawal cancelled (TRN-WD-2) have no row.
 */
export function computeStandings(input: StandingsInput): StandingsRow[] {
  return standings(input, true);
}

/** `explain` false: ranks only (the previous round's, for TRN-TB-2 step 7), no explanations kept. */
function standings(input: StandingsInput, explain: boolean): StandingsRow[] {
  const known = new Set(input.entrants);
  if (known.size !== input.entrants.length) throw new RangeError('entrants: an entrant is listed twice');
  const recorded = canonicalResults(input.results);
  for (const result of recorded)
    for (const side of [result.a, result.b])
      if (side !== null && !known.has(side.entrant))
        throw new RangeError(`results: ${result.id} names ${side.entrant}, who is not an entrant`);
  const { results, cancelled } = applyWithdrawals(recorded, input.withdrawals ?? [], {
    format: 'swiss',
    ...input.withdrawalContext,
    ruleset: input.ruleset,
  });
  const chainName = input.chain ?? (input.ruleset === 'cga2017' ? 'TRN-TB-1' : 'TRN-TB-2');
  const lastRound = results.reduce((max, r) => Math.max(max, r.round), 0);
  const previous =
    chainName === 'TRN-TB-2' && lastRound > 1
      ? new Map(
          // The withdrawals are already applied: the earlier rounds are ranked as they stand.
          standings(
            {
              ...input,
              entrants: input.entrants.filter((e) => !cancelled.includes(e)),
              results: results.filter((r) => r.round < lastRound),
              withdrawals: [],
            },
            false,
          ).map((row) => [row.entrant, row.rank]),
        )
      : new Map<string, number>();
  const gone = new Set(cancelled);
  const records = buildRecords(
    input.entrants.filter((e) => !gone.has(e)),
    results,
    previous,
  );
  const chain = chainName === 'TRN-TB-1' ? tb1Chain(records) : tb2Chain(records, input.tb2);
  return standingsRows(
    rankByChain(
      [...records.values()],
      chain,
      input.drawnOrder ? { drawnOrder: input.drawnOrder, explain } : { explain },
    ),
    input.withdrawals ?? [],
  );
}

/** The ranks alone (no explanations kept): the previous round's places for TRN-TB-2 step 7. */
export function computeRanks(input: StandingsInput): Map<string, number> {
  return new Map(standings(input, false).map((row) => [row.entrant, row.rank]));
}

/** The rows of ranked pair records: shared by the whole computation and the incremental ledger. */
export function standingsRows(
  ranked: readonly Ranked<PairRecord>[],
  withdrawals: readonly Withdrawal[],
): StandingsRow[] {
  const withdrewIn = new Map(withdrawals.map((w) => [w.entrant, w.round]));
  return ranked.map(({ entry, rank, explanations }) => {
    const withdrewInRound = withdrewIn.get(entry.entrant);
    const row: { -readonly [K in keyof StandingsRow]: StandingsRow[K] } = {
      entrant: entry.entrant,
      rank,
      matchPoints: tenthsToString(entry.matchTenths),
      levelPoints: entry.levelPoints,
      played: entry.rounds.length,
      tiebreaks: explanations,
    };
    if (withdrewInRound !== undefined) row.withdrewInRound = withdrewInRound;
    return row;
  });
}

export function buildRecords(
  entrants: readonly string[],
  results: readonly ScoredResult[],
  previous: ReadonlyMap<string, number>,
): Map<string, PairRecord> {
  const rounds = new Map<string, RoundRecord[]>(entrants.map((e) => [e, []]));
  for (const result of results) {
    const sides =
      result.b === null
        ? [[result.a, null] as const]
        : ([
            [result.a, result.b],
            [result.b, result.a],
          ] as const);
    for (const [own, theirs] of sides) {
      const list = rounds.get(own.entrant);
      if (list === undefined) continue;
      if (list.some((r) => r.round === result.round))
        throw new RangeError(`results: ${own.entrant} has two results in round ${String(result.round)}`);
      list.push(roundOf(result, own, theirs));
    }
  }
  const records = new Map<string, PairRecord>();
  for (const [entrant, list] of rounds)
    records.set(entrant, pairRecord(entrant, list, previous.get(entrant) ?? null));
  return records;
}

/** One result from one side's point of view. */
export function roundOf(result: ScoredResult, own: Side, theirs: Side | null): RoundRecord {
  // Field by field, no spreads: this runs for both sides of every result.
  const round: { -readonly [K in keyof RoundRecord]: RoundRecord[K] } = {
    round: result.round,
    resultId: result.id,
    kind: result.kind,
    opponent: theirs?.entrant ?? null,
    own,
    theirs,
  };
  if (result.forfeitedBy !== undefined) round.forfeitedBy = result.forfeitedBy;
  return round;
}

/** A pair's record from its rounds (sorted here by round). */
export function pairRecord(entrant: string, list: RoundRecord[], previousRank: number | null): PairRecord {
  list.sort((x, y) => x.round - y.round);
  return {
    entrant,
    matchTenths: list.reduce((s, r) => s + r.own.matchTenths, 0),
    levelPoints: list.reduce((s, r) => s + r.own.levelPoints, 0),
    levelDifference: list.reduce((s, r) => s + r.own.levelDifference, 0),
    rounds: list,
    previousRank,
  };
}
