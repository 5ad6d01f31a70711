import { violation, type Decision } from '@tablecast/game-kit';
import type { TournamentEvent, RoundBoardSetCreated } from '@tablecast/events';
import type { DuplicateGame } from '../duplicate/duplicate-standings';
import type { RoundState, TournamentState } from './state';
import { roundLabel, type RoundSession } from './table-sessions';

/**
 * TRN-MP-1: the boards a duplicate Swiss round deals to each comparison set when no option says.
 * The sources fix no number ("several boards make a session", TRN-MOVE-6); both worked examples
 * play 3 (TRN-MP-6, TRN-MP-7).
 */
export const DEFAULT_BOARDS_PER_ROUND = 3;

/** The event's boards per round: its `boardsPerRound` option, else the default. */
export function boardsPerRound(state: TournamentState): number {
  return state.created?.options.boardsPerRound ?? DEFAULT_BOARDS_PER_ROUND;
}

/**
 * Whether a game's comparison set stops at the group: Dou Dizhu compares only the same group
 * (TRN-MP-1, 002 附录三), Big Two every table that played the board in the same seat.
 */
export const COMPARED_WITHIN_GROUP: Readonly<Record<DuplicateGame, boolean>> = {
  doudizhu: true,
  bigtwo: false,
};

/** One board set of a round: the comparison set it is dealt to and the tables (by match name) there. */
export interface PlannedBoardSet {
  /** The group (TRN-MOVE-3) for a game compared within it; null when the set serves the whole round. */
  readonly group: number | null;
  /** The set's id: the event, the round and the group, so a start begun again names it alike. */
  readonly set: string;
  /** The round's tables that play it, by match name, in table order. */
  readonly matches: readonly string[];
}

/** The id of a round's board set: `<event>.r<round>.g<group>`, or `<event>.r<round>.boards` for the whole round. */
export function roundBoardSetId(
  tournamentId: string,
  round: number,
  group: number | null,
  session?: RoundSession,
): string {
  // TRN-MOVE-6: a session of a round of several is dealt its own set, `<event>.r<round>.s<session>.…`.
  return `${tournamentId}.${roundLabel(round, session)}.${group === null ? 'boards' : `g${String(group)}`}`;
}

/**
 * The board sets a duplicate round deals (TRN-MP-1): one per group for Dou Dizhu (only the same
 * group is compared, so each group plays its own boards), one for the whole round for Big Two; a
 * round of pairings deals none.
 */
export function roundBoardSets(
  tournamentId: string,
  game: DuplicateGame,
  round: RoundState,
): PlannedBoardSet[] {
  const tables = [...round.tables.values()].sort((x, y) => x.table - y.table);
  if (tables.length === 0) return [];
  if (!COMPARED_WITHIN_GROUP[game])
    return [
      {
        group: null,
        set: roundBoardSetId(tournamentId, round.round, null, round.paired.session),
        matches: tables.map((t) => t.match),
      },
    ];
  const groups = [...new Set(tables.map((t) => t.group))].sort((x, y) => x - y);
  return groups.map((group) => ({
    group,
    set: roundBoardSetId(tournamentId, round.round, group, round.paired.session),
    matches: tables.filter((t) => t.group === group).map((t) => t.match),
  }));
}

const reject = (rule: string, message: string, messageZh: string): Decision<TournamentEvent> =>
  violation(rule, message, messageZh);

/** Records a round's board set for one comparison set (TRN-MP-1), once: a second set for it is refused. */
export function createRoundBoardSet(
  command: RoundBoardSetCreated['data'],
  state: TournamentState,
  stateRule: string,
): Decision<TournamentEvent> {
  const round = state.rounds[command.round - 1];
  if (round === undefined || round.tables.size === 0)
    return reject(
      stateRule,
      `round: round ${String(command.round)} seats no duplicate tables`,
      '该轮没有复式牌桌',
    );
  if (round.publishedAt === null)
    return reject(stateRule, 'round: a round deals its boards once it is published', '对阵公布后方可发牌');
  for (const held of round.boardSets.values())
    if (held.set === command.set || held.group === command.group)
      return reject(
        stateRule,
        `set: round ${String(command.round)} already has board set ${held.set} for this comparison set`,
        '该比较组已有牌副',
      );
  if (command.group !== null && ![...round.tables.values()].some((t) => t.group === command.group))
    return reject(
      stateRule,
      `group: round ${String(command.round)} has no group ${String(command.group)}`,
      '无此组',
    );
  return { ok: true, events: [{ type: 'RoundBoardSetCreated', data: command }] };
}

/**
 * Whether every table that plays the set has its result recorded (and at least one does): then no
 * card of the set is in play, and its seed may be released for audit (TRN-MP-1).
 */
export function boardSetPlayed(round: RoundState, set: string): boolean {
  const tables = [...round.tables.values()].filter((t) => t.boardSet === set);
  return tables.length > 0 && tables.every((t) => round.tableResults.has(t.match));
}

/**
 * Releases a round's board set's seed for audit (TRN-MP-1), once, and only once every table that
 * plays the set has its result recorded: before that the seed would give away hands still in play.
 * That the seed is the one committed to (sha256 = `seedCommitment`) is the caller's to check: this
 * library holds no hash.
 */
export function releaseRoundBoardSeed(
  command: { readonly round: number; readonly set: string; readonly seed: string; readonly now: string },
  state: TournamentState,
  stateRule: string,
  unknownRule: string,
): Decision<TournamentEvent> {
  const round = state.rounds[command.round - 1];
  const set = round?.boardSets.get(command.set);
  if (round === undefined || set === undefined)
    return reject(
      unknownRule,
      `set: round ${String(command.round)} has no board set ${command.set}`,
      '无此牌副',
    );
  if (set.released !== undefined)
    return reject(stateRule, `set: ${command.set}'s seed is released already`, '该牌副种子已公布');
  if (!boardSetPlayed(round, command.set))
    return reject(
      'TRN-MP-1',
      `set: ${command.set} is still in play at a table; its seed would give away its hands`,
      '该牌副仍有牌桌在打，种子不能公布',
    );
  return {
    ok: true,
    events: [
      {
        type: 'RoundBoardSeedReleased',
        data: { round: command.round, set: command.set, seed: command.seed, releasedAt: command.now },
      },
    ],
  };
}

/**
 * Sets a round's board set at a table (TRN-MP-1): the table must be started, hold no set yet, and,
 * where the game compares within the group (TRN-MOVE-3), the set must be its group's.
 */
export function assignBoardSet(
  command: { readonly round: number; readonly match: string; readonly set: string },
  state: TournamentState,
  stateRule: string,
  unknownRule: string,
): Decision<TournamentEvent> {
  const round = state.rounds[command.round - 1];
  const table = round?.tables.get(command.match);
  const set = round?.boardSets.get(command.set);
  if (round === undefined || table === undefined)
    return reject(
      unknownRule,
      `match: no table ${command.match} in round ${String(command.round)}`,
      '无此牌桌',
    );
  if (set === undefined)
    return reject(
      unknownRule,
      `set: round ${String(command.round)} has no board set ${command.set}`,
      '无此牌副',
    );
  if (table.matchId === undefined)
    return reject(stateRule, `match: ${command.match} is not started at a table`, '该桌尚未开赛');
  if (table.boardSet !== undefined)
    return reject(
      stateRule,
      `match: ${command.match} already plays board set ${table.boardSet}`,
      '该桌已分配牌副',
    );
  if (set.group !== null && set.group !== table.group)
    return reject(
      'TRN-MP-1',
      `set: ${command.set} is group ${String(set.group)}'s; ${command.match} plays in group ${String(table.group)}, and only a group's own tables are compared`,
      '同组牌桌方可比较，牌副须为本组',
    );
  return {
    ok: true,
    events: [
      {
        type: 'BoardAssigned',
        data: { round: command.round, board: command.set, table: table.table, matchId: table.matchId },
      },
    ],
  };
}
