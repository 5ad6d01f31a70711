import type {
  RoundBoardSetCreated,
  TournamentCreated,
  TournamentEvent,
  RoundPaired,
  ResultRecorded,
  TableResultRecorded,
  BoardTimeCorrected,
} from '@tablecast/events';
import type { ScoredResult } from '../scoring/result';

/** A registered pair: `fromRound` 1 unless it entered late; `withdrawnIn` set once it withdrew. */
export interface EntrantState {
  readonly entrant: string;
  readonly name: string;
  readonly unit: string | null;
  readonly seed: number | null;
  readonly number: number;
  readonly fromRound: number;
  /** Undefined while entered; null when it withdrew before round 1 (TRN-WD-1), else the round (TRN-WD-2). */
  readonly withdrawnIn?: number | null;
}

/** One game of a best-of knockout round (TRN-KO-5 (b)), or the extra deal on top of a level deciding game. */
export interface KnockoutGameState {
  readonly game: number;
  readonly matchId: string;
  readonly extraDeal: boolean;
  /** Undefined while it is played; then the entrant who won it, or null when it ended level. */
  readonly winner?: string | null;
  /** Each side's level points in the game, as its result gave them (a: the pairing's first pair). */
  readonly levelPoints?: { readonly a: number; readonly b: number };
  /**
   * Where each side stood when the game ended, as its result gave it (Guandan: the levels, GD-SCORE-1);
   * null where the result gave none. The extra deal on top of a level game plays on from there (DEC-GD-15).
   */
  readonly standing?: { readonly a: string | null; readonly b: string | null };
}

export interface PairingState {
  readonly match: string;
  readonly a: string;
  readonly b: string;
  readonly table?: number;
  /** The game match played for this pairing (its `match-<id>` stream); in a best-of, the latest game's. */
  readonly matchId?: string;
  /** A best-of knockout round's games so far, in the order played (TRN-KO-5 (b)). */
  readonly games?: readonly KnockoutGameState[];
}

/** A duplicate Swiss table of individual players (TRN-MOVE-4/5), players by seat. */
export interface SeatedTableState {
  readonly match: string;
  readonly group: number;
  readonly groupTable: number;
  readonly table: number;
  readonly seats: readonly string[];
  /** The game match played at this table (its `match-<id>` stream), once started. */
  readonly matchId?: string;
  /** The round's board set this table plays, in order (TRN-MP-1), once assigned. */
  readonly boardSet?: string;
}

/**
 * A duplicate round's board set for one comparison set (TRN-MP-1): its boards' public commitments,
 * and its seed once released for audit (RoundBoardSeedReleased, after every table of it played).
 */
export type RoundBoardSetState = Omit<RoundBoardSetCreated['data'], 'round'> & {
  readonly released?: { readonly seed: string; readonly releasedAt: string };
};

/** A duplicate table's boards as recorded (TRN-MP-1): scores per entrant, seats per entrant. */
export type TableResultState = Omit<TableResultRecorded['data'], 'round' | 'match'> & {
  /**
   * DEC-T-3: the arbiter's corrections of a board's play time, oldest first (the audit trail); each
   * board's `seconds` already hold the latest. Absent until the first.
   */
  readonly timeCorrections?: readonly Omit<BoardTimeCorrected['data'], 'round' | 'match'>[];
};

export interface ResultState {
  readonly revision: number;
  readonly source: ResultRecorded['data']['source'];
  readonly scored: ResultRecorded['data']['scored'];
  readonly at: string;
}

export interface RoundState {
  readonly round: number;
  readonly stage: number;
  readonly paired: RoundPaired['data'];
  readonly publishedAt: string | null;
  readonly pairings: ReadonlyMap<string, PairingState>;
  readonly results: ReadonlyMap<string, ResultState>;
  /** A duplicate Swiss round's tables of individual players (empty for a round of pairings). */
  readonly tables: ReadonlyMap<string, SeatedTableState>;
  readonly tableResults: ReadonlyMap<string, TableResultState>;
  /** A duplicate round's board sets by set id (one per comparison set), once the round started. */
  readonly boardSets: ReadonlyMap<string, RoundBoardSetState>;
}

export interface TournamentState {
  readonly created: TournamentCreated['data'] | null;
  readonly entrants: ReadonlyMap<string, EntrantState>;
  readonly rounds: readonly RoundState[];
  readonly stage: number;
  /** The entrants the last stage sent on, in the order given (a knockout stage seeds by it); null in stage 1. */
  readonly advancing: readonly string[] | null;
}

export const initialTournamentState: TournamentState = {
  created: null,
  entrants: new Map(),
  rounds: [],
  stage: 1,
  advancing: null,
};

/** Folds one event of the tournament stream into the state (pure: the state given is not changed). */
export function evolveTournament(state: TournamentState, event: TournamentEvent): TournamentState {
  switch (event.type) {
    case 'TournamentCreated':
      return { ...state, created: event.data };
    case 'EntrantRegistered':
      return withEntrant(state, { ...event.data, fromRound: 1 });
    case 'EntrantLateEntered':
      return withEntrant(state, event.data);
    case 'EntrantWithdrawn': {
      const held = state.entrants.get(event.data.entrant);
      return held === undefined ? state : withEntrant(state, { ...held, withdrawnIn: event.data.round });
    }
    case 'RoundPaired': {
      const pairings = new Map(event.data.pairs.map((p) => [p.match, { ...p }]));
      const round: RoundState = {
        round: event.data.round,
        stage: event.data.stage,
        paired: event.data,
        publishedAt: null,
        pairings,
        results: new Map(),
        tables: new Map((event.data.tables ?? []).map((t) => [t.match, { ...t }])),
        tableResults: new Map(),
        boardSets: new Map(),
      };
      return { ...state, rounds: [...state.rounds, round] };
    }
    case 'RoundPublished':
      return withRound(state, event.data.round, (r) => ({ ...r, publishedAt: event.data.publishedAt }));
    case 'MatchAssigned':
      return withRound(state, event.data.round, (r) => {
        const seated = r.tables.get(event.data.match);
        if (seated !== undefined) {
          const tables = new Map(r.tables);
          tables.set(event.data.match, { ...seated, table: event.data.table, matchId: event.data.matchId });
          return { ...r, tables };
        }
        const held = r.pairings.get(event.data.match);
        if (held === undefined) return r;
        const { table, matchId, game, extraDeal } = event.data;
        const pairings = new Map(r.pairings);
        pairings.set(event.data.match, {
          ...held,
          table,
          matchId,
          ...(game === undefined
            ? {}
            : { games: [...(held.games ?? []), { game, matchId, extraDeal: extraDeal === true }] }),
        });
        return { ...r, pairings };
      });
    case 'KnockoutGameRecorded':
      return withRound(state, event.data.round, (r) => {
        const held = r.pairings.get(event.data.match);
        if (held === undefined) return r;
        const games = (held.games ?? []).map((g) =>
          g.matchId === event.data.matchId
            ? {
                ...g,
                winner: event.data.winner,
                levelPoints: {
                  a: event.data.gameResult.sides[0]?.score ?? 0,
                  b: event.data.gameResult.sides[1]?.score ?? 0,
                },
                standing: {
                  a: event.data.gameResult.sides[0]?.standing ?? null,
                  b: event.data.gameResult.sides[1]?.standing ?? null,
                },
              }
            : g,
        );
        const pairings = new Map(r.pairings);
        pairings.set(event.data.match, { ...held, games });
        return { ...r, pairings };
      });
    case 'RoundBoardSetCreated':
      return withRound(state, event.data.round, (r) => {
        const { group, set, seedCommitment, boards } = event.data;
        const boardSets = new Map(r.boardSets);
        boardSets.set(set, { group, set, seedCommitment, boards });
        return { ...r, boardSets };
      });
    case 'RoundBoardSeedReleased':
      return withRound(state, event.data.round, (r) => {
        const held = r.boardSets.get(event.data.set);
        if (held === undefined) return r;
        const boardSets = new Map(r.boardSets);
        const { seed, releasedAt } = event.data;
        boardSets.set(event.data.set, { ...held, released: { seed, releasedAt } });
        return { ...r, boardSets };
      });
    case 'BoardAssigned':
      // TRN-MP-1: a duplicate table plays its comparison set's boards; a pairing of two pairs has none.
      return withRound(state, event.data.round, (r) => {
        const seated = [...r.tables.values()].find((t) => t.matchId === event.data.matchId);
        if (seated === undefined) return r;
        const tables = new Map(r.tables);
        tables.set(seated.match, { ...seated, boardSet: event.data.board });
        return { ...r, tables };
      });
    case 'ResultRecorded':
      return withResult(state, event.data.round, event.data.match, {
        revision: 0,
        source: event.data.source,
        scored: event.data.scored,
        at: event.data.recordedAt,
      });
    case 'TableResultRecorded':
      return withRound(state, event.data.round, (r) => {
        const tableResults = new Map(r.tableResults);
        const { matchId, gameResult, seats, boards, recordedAt } = event.data;
        tableResults.set(event.data.match, { matchId, gameResult, seats, boards, recordedAt });
        return { ...r, tableResults };
      });
    case 'TournamentResultCorrected':
      return withResult(state, event.data.round, event.data.match, {
        revision: event.data.revision,
        source: state.rounds[event.data.round - 1]?.results.get(event.data.match)?.source ?? 'game',
        scored: event.data.scored,
        at: event.data.raisedAt,
      });
    case 'BoardTimeCorrected':
      return withRound(state, event.data.round, (r) => {
        const held = r.tableResults.get(event.data.match);
        if (held === undefined) return r;
        const tableResults = new Map(r.tableResults);
        tableResults.set(event.data.match, withBoardTime(held, event.data));
        return { ...r, tableResults };
      });
    case 'StageAdvanced':
      return { ...state, stage: event.data.toStage, advancing: event.data.advancing };
  }
}

/**
 * DEC-T-3: the corrected time replaces the player's time on that board wherever the result is read
 * (the standings' TRN-TB-4/5 time steps, the score sheets); the recorded event itself is kept.
 */
function withBoardTime(held: TableResultState, correction: BoardTimeCorrected['data']): TableResultState {
  const { board, entrant, fromSeconds, seconds, reason, arbiter, correctedAt } = correction;
  const audit = { board, entrant, fromSeconds, seconds, reason, arbiter, correctedAt };
  return {
    ...held,
    timeCorrections: [...(held.timeCorrections ?? []), audit],
    boards: held.boards.map((b) =>
      b.board === correction.board
        ? { ...b, seconds: { ...b.seconds, [correction.entrant]: correction.seconds } }
        : b,
    ),
  };
}

/** The results in effect, as the standings add them up. */
export function scoredResults(state: TournamentState): ScoredResult[] {
  const out: ScoredResult[] = [];
  for (const round of state.rounds)
    for (const [match, result] of round.results) out.push(scoredResultOf(round.round, match, result));
  return out;
}

export function scoredResultOf(round: number, match: string, result: ResultState): ScoredResult {
  const scored: { -readonly [K in keyof ScoredResult]: ScoredResult[K] } = {
    id: match,
    revision: result.revision,
    round,
    kind: result.scored.kind,
    a: result.scored.a,
    b: result.scored.b,
  };
  if (result.scored.forfeitedBy !== undefined) scored.forfeitedBy = result.scored.forfeitedBy;
  return scored;
}

function withEntrant(state: TournamentState, entrant: EntrantState): TournamentState {
  const entrants = new Map(state.entrants);
  entrants.set(entrant.entrant, entrant);
  return { ...state, entrants };
}

function withRound(
  state: TournamentState,
  round: number,
  change: (r: RoundState) => RoundState,
): TournamentState {
  const held = state.rounds[round - 1];
  if (held === undefined) return state;
  const rounds = [...state.rounds];
  rounds[round - 1] = change(held);
  return { ...state, rounds };
}

function withResult(
  state: TournamentState,
  round: number,
  match: string,
  result: ResultState,
): TournamentState {
  return withRound(state, round, (r) => {
    const results = new Map(r.results);
    results.set(match, result);
    return { ...r, results };
  });
}
