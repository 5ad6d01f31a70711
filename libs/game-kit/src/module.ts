import type { z } from 'zod';
import type { Decision, FoldedDecision } from './decision';
import type { DuplicateBoards } from './duplicate-boards';
import type { GameEventDefinition } from './disclosure';
import type { GameEvent } from './game-event';
import type { MomentKind, OnAirMoment } from './moments';
import type { BoardResult, MatchResult, Side } from './result';
import type { RuleVocabulary } from './rules';
import type { Viewer } from './viewer';

/** A command as the decider takes it: a type, plus whatever the game needs. */
export interface GameCommand {
  readonly type: string;
}

/**
 * A turn clock running in a state (optional capability, `GameModule.turnClock`): who must act, how
 * long the ruleset gives them, when it runs out, and the default the software records for them
 * when it does. The platform times it and sends `timeout` as a command at the revision it timed;
 * a move recorded first makes that command stale (409).
 */
export interface TurnClockDue<Command extends GameCommand = GameCommand> {
  /** The seats (module seat ids) the clock runs for; the default answers for the first. */
  readonly seats: readonly string[];
  readonly seconds: number;
  /**
   * Epoch ms at which it runs out, from the recorded time of the event that started the turn;
   * null when that event carries no time (a log written before times were recorded).
   */
  readonly deadline: number | null;
  /** The default, as the decider takes it, marked so the event records that the clock chose it. */
  readonly timeout: Command;
}

/** What every game's view carries, whichever game it is; the rest is the game's own detail. */
export interface GameViewBase {
  readonly game: string;
}

/**
 * Hidden information in a state: values (card ids) that only the seats `seenBy` (the holder, and
 * a tribute's giver), staff and the delayed broadcast may see. No seat: nobody's yet (an
 * unrevealed kitty). A card that is public (played, in a revealed kitty, in a hand shown to all
 * under 明牌) is not a secret any more. Sealed choices are not values a view could leak by name;
 * their events are `sealed` and `discloseEvent` keeps them off every feed.
 */
export interface Secret {
  readonly seenBy: readonly string[];
  readonly values: readonly string[];
}

/**
 * A game, as the platform sees it. Everything generic (the event store, the command path, the
 * feeds, arbitration, the director, replays, simulation) goes through this and nothing else.
 * All functions are pure: no clock, no randomness (time and seeds arrive in commands), no I/O,
 * and they never mutate their arguments.
 */
export interface GameModule<
  State = unknown,
  Command extends GameCommand = GameCommand,
  Event extends GameEvent = GameEvent,
  Setup = unknown,
  View extends GameViewBase = GameViewBase,
> {
  /** The game id: the registry key, the `game` of the platform MatchCreated and of every view. */
  readonly id: string;
  readonly name: { readonly zh: string; readonly en: string };
  /** The seats in play order (3 for Dou Dizhu, 4 for Guandan and Big Two). */
  readonly seats: readonly string[];
  /** How a tournament groups the seats: fixed partnerships, or each seat on its own. */
  readonly sides: readonly Side[];

  /** The match's setup (table, ruleset, players, format) and the command that creates the match from it. */
  readonly setup: {
    readonly schema: z.ZodType<Setup>;
    command(setup: Setup, now: number): Command;
  };
  /** Every command the decider takes, as it takes it (server-added time, salts and referee ids included). */
  readonly commandSchema: z.ZodType<Command>;
  /** Every event the module writes; anything else in a match stream is not the game's (corrections, appeals). */
  readonly events: readonly GameEventDefinition<Event>[];
  readonly rules: RuleVocabulary;
  /**
   * The commands a player keys at his own seat's device, each for his own seat (its `seat` field):
   * his moves and choices. Every other command (a deal, a penalty, an appeal, a ruling) is staff's,
   * and a seat token sending one is refused.
   */
  readonly seatCommands: readonly Command['type'][];

  initialState(): State;
  /** A command against the current state: its events, or the rule it breaks (never a throw for bad input). */
  decide(command: Command, state: State): Decision<Event>;
  /**
   * `decide`, with the state its events fold `state` to (exactly `evolve` over them): offered by a
   * module whose decider folds each event as it emits it, so the command path, which keeps the
   * state, does not fold the same events a second time.
   */
  decideFolded?(command: Command, state: State): FoldedDecision<State, Event>;
  /** One event folded into the state. Total over the module's events; it does not re-check rules. */
  evolve(state: State, event: Event): State;

  /**
   * What `viewer` may see of the state, built field by field (never a copy of the state with
   * fields removed), so what is not put in is hidden: an unknown field fails closed.
   */
  view(state: State, viewer: Viewer): View;
  /**
   * Fields of the view that are fixed for the whole match (a ruleset announced before play): a
   * seat's socket sends them in its first view after a join and again only if they change, and
   * leaves them out of its other views; the seat's client keeps them. Absent: every view is whole.
   */
  readonly viewFixed?: readonly string[];
  /** The hidden information in a state; `view` must not show a viewer any it may not see (`maySee`). */
  secrets(state: State): readonly Secret[];

  /** The match's result once it has ended, else null. */
  result(state: State): MatchResult | null;
  /**
   * For a game whose result is carried whole by the event that ends the match: that event's type,
   * and the result read from it alone (what `result` reads from the state it folds to). A follower
   * that needs only the result (the tournament's) then folds none of the match's other events.
   */
  readonly endingEvent?: { readonly type: string; result(event: Event): MatchResult | null };
  /** The boards (deals) completed so far, as a duplicate tournament compares them. */
  boards(state: State): readonly BoardResult[];

  /**
   * The turn clock running in `state`, or null when nobody is on the clock. Absent for a game the
   * software does not time (Guandan's tables time nothing).
   */
  turnClock?(state: State): TurnClockDue<Command> | null;

  /** Duplicate boards: how a board set deals, commits, audits and reveals this game's boards. */
  readonly duplicate?: DuplicateBoards<State, Command>;
  /**
   * What `seat` (a module seat id) may do now, for its own terminal; absent when the game lists no
   * moves (the terminal then offers every move and the server refuses an illegal one).
   */
  seatChoices?(state: State, seat: string): unknown;
  /**
   * A bot's move for `seat` now (a legal one, chosen with `random`, a uint32 source), or null when
   * the seat has nothing to do. Absent for a game no bot can play.
   */
  seatBotCommand?(state: State, seat: string, random: { next(): number }): Command | null;

  /** On-air moments for the director. */
  readonly momentKinds: readonly MomentKind[];
  moments(before: State, event: Event, after: State): readonly OnAirMoment[];
}

/**
 * Any game module, as the registry holds them: every game's module is one (its functions are
 * methods, so their parameters compare both ways), with its state, commands and events unknown.
 */
export type AnyGameModule = GameModule;

export type StateOf<M> = M extends GameModule<infer S> ? S : never;
export type EventOf<M> = M extends GameModule<unknown, GameCommand, infer E> ? E : never;
