import type { RoundPaired, TournamentCreated } from '@tablecast/events';
import { firstRoundMovement, snakeMovement, type Seating } from '../movement/snake';
import type { TournamentState } from './state';
import { DUPLICATE_SEATS, isDuplicateGame } from './table-game';
import { movementOptions, roundLabel, sessionAt } from './table-sessions';
import { standingsAfterSession } from './table-standings';

export type TablePairing =
  | { readonly ok: true; readonly event: RoundPaired }
  | { readonly ok: false; readonly rule: string; readonly message: string; readonly messageZh: string };

const refuse = (rule: string, message: string, messageZh: string): TablePairing => ({
  ok: false,
  rule,
  message,
  messageZh,
});

/**
 * A duplicate Swiss round of Dou Dizhu or Big Two: individual players seated at tables of 3 or 4.
 * TRN-MOVE-3/4 round 1: groups, tables and seats drawn at random (the seed is recorded, so the draw
 * can be re-run); later rounds: the current ranking (TRN-MOVE-6 default: cumulative S, TRN-MP-5)
 * fills group 1 with the top s·N, group 2 with the next, and within a group the snake of TRN-MOVE-5
 * seats them. A table's number in the hall runs group by group: group g's table t is
 * (g − 1)·N + t. The players are those entered and not withdrawn; they must fill whole groups.
 */
export function pairTableRound(
  state: TournamentState,
  created: TournamentCreated['data'],
  seed: string | null,
): TablePairing {
  const game = created.game;
  if (!isDuplicateGame(game))
    return refuse(
      'TRN-MOVE-1',
      `game: the duplicate Swiss movement seats Dou Dizhu or Big Two players, not ${game}`,
      '复式移位仅用于斗地主与锄大地',
    );
  const seats = DUPLICATE_SEATS[game];
  const round = state.rounds.length + 1;
  const playing = [...state.entrants.values()]
    .filter((e) => e.withdrawnIn === undefined && e.fromRound <= round)
    .sort((x, y) => x.number - y.number);
  const tablesPerGroup = created.options.tablesPerGroup ?? playing.length / seats;
  const size = seats * tablesPerGroup;
  if (!Number.isInteger(tablesPerGroup) || playing.length === 0 || playing.length % size !== 0)
    return refuse(
      'TRN-MOVE-3',
      `entrants: ${String(playing.length)} players do not fill groups of ${String(seats)} × ${String(tablesPerGroup)} (${game}: ${String(seats)} a table)`,
      '参赛人数须为每组人数的整数倍',
    );
  const field = { seats, tablesPerGroup };
  // TRN-MOVE-6: with several sessions a round, each session is a stream round of its own.
  const session = sessionAt(state.rounds.length, created);
  const options = movementOptions(created);
  const previous = state.rounds.at(-1);
  let ranking: string[];
  let seating: Seating[];
  const stillSeated =
    previous !== undefined &&
    previous.tables.size > 0 &&
    [...previous.tables.values()].every((t) => t.seats.every((p) => playing.some((e) => e.entrant === p)));
  if (session !== undefined && session.session > 1 && options.moveAfter === 'round' && stillSeated) {
    // TRN-MOVE-6 moving after each round: a later session of the round keeps the players in their seats.
    ranking = [...(previous.paired.movement?.ranking ?? [])];
    seating = [...previous.tables.values()].flatMap((t) =>
      t.seats.map((player, seat) => ({ player, group: t.group, table: t.groupTable, seat })),
    );
  } else if (state.rounds.every((r) => r.tables.size === 0)) {
    // TRN-MOVE-4 round 1: drawn by lot; the draw is re-run from the recorded seed.
    if (seed === null)
      return refuse('TRN-MOVE-4', 'seed: round 1 is seated by lot and the draw needs a seed', '抽签需要种子');
    ranking = playing.map((e) => e.entrant);
    seating = firstRoundMovement(ranking, field, seed);
  } else {
    // TRN-MOVE-3/5: by the current ranking; a player without a result yet ranks after those with one,
    // in player-number order (TRN-MOVE-2).
    // TRN-MOVE-6: the cumulative standings, or the last session's alone.
    const ranked = standingsAfterSession(state, state.rounds.length).map((row) => row.player);
    const inPlay = new Set(playing.map((e) => e.entrant));
    ranking = [
      ...ranked.filter((p) => inPlay.has(p)),
      ...playing.map((e) => e.entrant).filter((p) => !ranked.includes(p)),
    ];
    seating = snakeMovement(ranking, field);
  }
  const tables = new Map<number, string[]>();
  const groupOf = new Map<number, { group: number; groupTable: number }>();
  for (const s of seating) {
    const table = (s.group - 1) * tablesPerGroup + s.table;
    const held = tables.get(table) ?? [];
    held[s.seat] = s.player;
    tables.set(table, held);
    groupOf.set(table, { group: s.group, groupTable: s.table });
  }
  const seated = [...tables.entries()]
    .sort(([x], [y]) => x - y)
    .map(([table, players]) => ({
      match: `${roundLabel(round, session)}.t${String(table)}`,
      group: groupOf.get(table)?.group ?? 1,
      groupTable: groupOf.get(table)?.groupTable ?? table,
      table,
      seats: players,
    }));
  return {
    ok: true,
    event: {
      type: 'RoundPaired',
      data: {
        round,
        stage: state.stage,
        seed,
        inputStandings: [],
        history: [],
        pairs: [],
        bye: null,
        relaxed: [],
        movement: { seatsPerTable: seats, tablesPerGroup, ranking },
        tables: seated,
        ...(session === undefined ? {} : { session }),
      },
    },
  };
}
