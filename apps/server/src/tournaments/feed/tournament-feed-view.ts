import type {
  BestOfView,
  PairingResultView,
  PairingSideResult,
  TableBoardsView,
  TableLiveView,
  TournamentFeedView,
  TournamentRoundView,
  TournamentSeatedTableView,
} from '@tablecast/protocol';
import {
  nextSession,
  sessionsPerRound,
  tiebreakStepLabel,
  type PairingState,
  type RoundState,
  type TournamentProjection,
} from '@tablecast/tournament';
import { bestOfView } from './best-of-view';
import { duplicateFeedStandings } from './duplicate-feed-standings';
import { stepValueText } from './step-value-text';

type Projection = Pick<TournamentProjection, 'state' | 'standings'>;
type Scored = NonNullable<ReturnType<Projection['state']['rounds'][number]['results']['get']>>;

/**
 * The tournament feed's view of one event: what the public standings page prints (a duplicate
 * event's under `duplicate`), the rounds and their pairings with results, and each seated table's
 * live status from its venue feed. Nothing of a match beyond what `live` gives (itself read from
 * the venue audience only).
 */
export function tournamentFeedView(
  projection: Projection,
  revision: number,
  liveOf: (matchId: string) => TableLiveView | null,
  boardsOf: (round: RoundState) => ReadonlyMap<string, TableBoardsView> = () => new Map(),
): TournamentFeedView | null {
  const { created, entrants, rounds, stage } = projection.state;
  if (created === null) return null;
  // A duplicate event ranks players by S (TRN-MP-5): the pair game's standings say nothing of it.
  const duplicate = duplicateFeedStandings(projection.state);
  const standings = duplicate === null ? projection.standings() : [];
  const next = nextSession(projection.state);
  return {
    tournamentId: created.tournamentId,
    name: created.name,
    game: created.game,
    ruleset: created.ruleset,
    format: created.format,
    stage,
    revision,
    entrants: [...entrants.values()].map((e) => ({
      entrant: e.entrant,
      number: e.number,
      name: e.name,
      unit: e.unit,
      seed: e.seed,
      withdrawn: e.withdrawnIn !== undefined,
    })),
    standings: standings.map((row) => ({
      rank: row.rank,
      entrant: row.entrant,
      matchPoints: row.matchPoints,
      levelPoints: row.levelPoints,
      played: row.played,
      tiebreaks: row.tiebreaks.map((t) => ({ rule: t.rule, key: t.key, value: stepValueText(t.value) })),
    })),
    tiebreakOrder: (standings[0]?.tiebreaks ?? []).map((t) => ({
      step: t.step,
      rule: t.rule,
      key: t.key,
      method: t.method,
      label: tiebreakStepLabel(t.key),
    })),
    rounds: rounds.map((r): TournamentRoundView => ({
      round: r.round,
      stage: r.stage,
      format: created.stages[r.stage - 1]?.format ?? created.format,
      published: r.publishedAt !== null,
      bye: r.paired.bye,
      byes: byesOf(r.results.values()),
      pairings: [...r.pairings.values()].map((p) => {
        const result = r.results.get(p.match);
        return {
          match: p.match,
          a: p.a,
          b: p.b,
          table: p.table ?? null,
          matchId: p.matchId ?? null,
          result: result === undefined ? null : resultView(result),
          live: p.matchId === undefined ? null : liveOf(p.matchId),
          ...bestOfOf(p, created.stages[r.stage - 1]?.unit.games ?? 1),
        };
      }),
      ...(r.tables.size === 0 ? {} : { tables: seatedTablesView(r, boardsOf(r), liveOf) }),
      // TRN-MOVE-6: a session of a round of several says which; a round of one session says nothing new.
      ...(r.paired.session === undefined
        ? {}
        : { session: { ...r.paired.session, sessions: sessionsPerRound(created) } }),
    })),
    ...(duplicate === null ? {} : { duplicate }),
    // TRN-MOVE-6: between two sessions the on-air pages say which comes next.
    ...(next === undefined ? {} : { nextSession: { ...next, sessions: sessionsPerRound(created) } }),
  };
}

/**
 * A duplicate round's tables by seat, each with what it has played of its board set (TRN-MP-1)
 * and its live status from the venue feed, as a pairing has.
 */
function seatedTablesView(
  round: RoundState,
  boards: ReadonlyMap<string, TableBoardsView>,
  liveOf: (matchId: string) => TableLiveView | null,
): TournamentSeatedTableView[] {
  return [...round.tables.values()].map((t) => ({
    match: t.match,
    table: t.table,
    group: t.group,
    seats: t.seats,
    matchId: t.matchId ?? null,
    boards: boards.get(t.match) ?? null,
    live: t.matchId === undefined ? null : liveOf(t.matchId),
  }));
}

/** A best-of pairing's games and running score (TRN-KO-5 (b)); nothing for a one-game pairing. */
function bestOfOf(pairing: PairingState, games: number): { bestOf?: BestOfView } {
  const view = bestOfView(pairing, games);
  return view === undefined ? {} : { bestOf: view };
}

/** The pairs through a round on a recorded bye, in the order recorded (TRN-SWISS-8, TRN-KO-1). */
export function byesOf(results: Iterable<Scored>): string[] {
  return [...results].filter((r) => r.scored.kind === 'bye').map((r) => r.scored.a.entrant);
}

/** Match points in tenths as the exact decimal the standings print ("1.5", "2"). */
export function tenthsText(tenths: number): string {
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(tenths);
  const whole = String(Math.trunc(abs / 10));
  return abs % 10 === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(abs % 10)}`;
}

function resultView(result: Scored): PairingResultView {
  const side = (s: Scored['scored']['a']): PairingSideResult => ({
    entrant: s.entrant,
    matchPoints: tenthsText(s.matchTenths),
    levelPoints: s.levelPoints,
  });
  return {
    kind: result.scored.kind,
    source: result.source,
    a: side(result.scored.a),
    b: result.scored.b === null ? null : side(result.scored.b),
    forfeitedBy: result.scored.forfeitedBy ?? null,
  };
}
