import type { RuleViolation } from '../decision';
import type { CreateMatch, DealBoard, EndMatch } from './board-commands';

/** One accepted command of a playout: the state before and after, and the events it recorded. */
export interface PlayoutStep<S, E, C> {
  readonly command: C;
  readonly before: S;
  readonly events: readonly E[];
  readonly after: S;
}

/** The match a playout played, or the command its engine refused and the state that refused it. */
export type PlayoutResult<S, E, C, V extends RuleViolation> =
  | { readonly ok: true; readonly state: S; readonly events: readonly E[] }
  | { readonly ok: false; readonly violation: V; readonly command: C; readonly state: S };

/**
 * A seated board game's engine as a playout drives it, and the bot that picks its moves (`C`, the
 * game's commands); its decider also takes the match and board commands the playout sends itself.
 */
export interface PlayoutEngine<S, E, C, Decided, V extends RuleViolation> {
  readonly initial: () => S;
  readonly decide: (command: Decided, state: S) => { readonly ok: true; readonly events: readonly E[] } | V;
  readonly evolve: (state: S, event: E) => S;
  /** Whether a board is being played (the bot is asked for moves until it is not). */
  readonly inBoard: (state: S) => boolean;
  /** A legal move for whoever must act, or null when nobody must. */
  readonly bot: (state: S) => C | null;
}

/** The game's commands with the match and board commands a playout sends itself. */
export type PlayoutCommand<C, Ruleset, Seat> = C | CreateMatch<Ruleset, Seat> | DealBoard<never> | EndMatch;

export interface PlayoutPlan<S, E, C, Ruleset, Seat> {
  readonly seed: string;
  readonly boards: number;
  readonly ruleset: Ruleset;
  readonly players: readonly { id: string; name: string; seat: Seat }[];
  /** Called after every accepted command, for invariant checks. */
  readonly onStep?:
    ((step: PlayoutStep<S, E, NoInfer<PlayoutCommand<C, Ruleset, Seat>>>) => void) | undefined;
}

/**
 * Creates a match at table `sim` and plays `boards` boards of it with the game's bot (at most 5000
 * moves a board), then ends it. Board `n` is shuffled from `<seed>:board-n` with salt `salt-n`;
 * the recorded times count the boards (created at 0, board `n` dealt at `n`, ended after the last).
 */
export function playBoards<S, E, C, V extends RuleViolation, Ruleset, Seat>(
  engine: PlayoutEngine<S, E, C, NoInfer<PlayoutCommand<C, Ruleset, Seat>>, V>,
  plan: PlayoutPlan<S, E, C, Ruleset, Seat>,
): PlayoutResult<S, E, PlayoutCommand<C, Ruleset, Seat>, V> {
  type Command = PlayoutCommand<C, Ruleset, Seat>;
  let state = engine.initial();
  const events: E[] = [];
  const apply = (command: Command): V | null => {
    const decision = engine.decide(command, state);
    if (!decision.ok) return decision;
    const before = state;
    for (const event of decision.events) state = engine.evolve(state, event);
    events.push(...decision.events);
    plan.onStep?.({ command, before, events: decision.events, after: state });
    return null;
  };
  const create: CreateMatch<Ruleset, Seat> = {
    type: 'CreateMatch',
    table: 'sim',
    ruleset: plan.ruleset,
    players: plan.players,
    now: 0,
  };
  const created = apply(create);
  if (created !== null) return { ok: false, violation: created, command: create, state };
  for (let board = 1; board <= plan.boards; board += 1) {
    const deal: DealBoard<never> = {
      type: 'DealBoard',
      board,
      seed: `${plan.seed}:board-${String(board)}`,
      salt: `salt-${String(board)}`,
      now: board,
    };
    const dealt = apply(deal);
    if (dealt !== null) return { ok: false, violation: dealt, command: deal, state };
    for (let guard = 0; engine.inBoard(state) && guard < 5000; guard += 1) {
      const command = engine.bot(state);
      if (command === null) break;
      const failed = apply(command);
      if (failed !== null) return { ok: false, violation: failed, command, state };
    }
  }
  const end: EndMatch = { type: 'EndMatch', now: plan.boards + 1 };
  const ended = apply(end);
  if (ended !== null) return { ok: false, violation: ended, command: end, state };
  return { ok: true, state, events };
}
