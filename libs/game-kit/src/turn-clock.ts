import type { GameCommand, TurnClockDue } from './module';
import type { TimeoutStamp } from './stale-timeout';

/**
 * A seated game's running turn clock, as data: who must act, how long they have, the rule that
 * sets the limit, the revision it started at and when it runs out (epoch ms): the recorded time of
 * the choice that started it plus the limit, so terminals count down and the server times it from
 * the log alone. Null deadline when that choice was recorded without a time.
 */
export interface SeatTurnClock<Seat, Rule extends string> {
  readonly seats: readonly Seat[];
  readonly seconds: number;
  readonly rule: Rule;
  readonly since: number;
  readonly deadline: number | null;
}

/** The clock a state runs before its deadline is known: a game reads it from its own phases. */
export type RunningTurnClock<Seat, Rule extends string> = Omit<SeatTurnClock<Seat, Rule>, 'deadline'>;

/** The running clock with its deadline, from the recorded time (`clockStartedAt`) of the choice that started it. */
export function withDeadline<Seat, Rule extends string>(
  running: RunningTurnClock<Seat, Rule> | null,
  startedAt: number | null,
): SeatTurnClock<Seat, Rule> | null {
  if (running === null) return null;
  return { ...running, deadline: startedAt === null ? null : startedAt + running.seconds * 1000 };
}

/**
 * The turn a clock's default answers: the first of its seats (with several seats late, the next
 * default follows at the next revision), on the board in play, stamped with the revision it timed.
 */
export interface TimedTurn<Seat, Rule extends string, Board> {
  readonly clock: SeatTurnClock<Seat, Rule>;
  readonly board: Board;
  readonly seat: Seat;
  readonly timeout: TimeoutStamp;
}

export function timedTurn<Seat, Rule extends string, Board>(
  state: { readonly board: Board | null; readonly revision: number },
  clock: SeatTurnClock<Seat, Rule> | null,
): TimedTurn<Seat, Rule, Board> | null {
  const board = state.board;
  const seat = clock?.seats[0];
  if (clock === null || board === null || seat === undefined) return null;
  return { clock, board, seat, timeout: { revision: state.revision } };
}

/** The clock as the platform times it (`GameModule.turnClock`): seats by their module ids, and its default. */
export function turnClockDue<Seat, Command extends GameCommand>(
  clock: SeatTurnClock<Seat, string> | null,
  timeout: Command | null,
): TurnClockDue<Command> | null {
  if (clock === null || timeout === null) return null;
  return { seats: clock.seats.map(String), seconds: clock.seconds, deadline: clock.deadline, timeout };
}
