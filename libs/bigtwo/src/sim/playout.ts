import { seededPrng } from '@tablecast/cards';
import type { BigTwoEvent } from '../events/catalog';
import { b2Cga2017, type BigTwoRuleset } from '../events/match-events';
import { SEATS, type PerSeat } from '../events/primitives';
import type { BigTwoCommand } from '../engine/commands';
import { decideBigTwo } from '../engine/decide';
import { evolveBigTwo } from '../engine/evolve';
import { initialBigTwoState, type BigTwoState } from '../engine/state';
import type { B2RuleViolation } from '../engine/violation';
import { randomLegalB2Command, type B2BotOptions } from './random-bot';

export interface B2PlayoutStep {
  readonly command: BigTwoCommand;
  readonly before: BigTwoState;
  readonly events: readonly BigTwoEvent[];
  readonly after: BigTwoState;
}

export interface B2PlayoutOptions extends B2BotOptions {
  readonly seed: string;
  readonly boards: number;
  readonly ruleset?: BigTwoRuleset;
  /** The players' names by seat (default `Seat S`…). */
  readonly names?: PerSeat<string>;
  /** Called after every accepted command, for invariant checks. */
  readonly onStep?: (step: B2PlayoutStep) => void;
}

export type B2PlayoutResult =
  | { readonly ok: true; readonly state: BigTwoState; readonly events: readonly BigTwoEvent[] }
  | {
      readonly ok: false;
      readonly violation: B2RuleViolation;
      readonly command: BigTwoCommand;
      readonly state: BigTwoState;
    };

/** Creates a match and plays `boards` boards of it with random legal bots, then ends it. */
export function playRandomB2Boards(options: B2PlayoutOptions): B2PlayoutResult {
  const prng = seededPrng(`b2-bots:${options.seed}`);
  let state = initialBigTwoState();
  const events: BigTwoEvent[] = [];
  const apply = (command: BigTwoCommand): B2RuleViolation | null => {
    const decision = decideBigTwo(command, state);
    if (!decision.ok) return decision;
    const before = state;
    for (const event of decision.events) state = evolveBigTwo(state, event);
    events.push(...decision.events);
    options.onStep?.({ command, before, events: decision.events, after: state });
    return null;
  };
  const create: BigTwoCommand = {
    type: 'CreateMatch',
    table: 'sim',
    ruleset: options.ruleset ?? b2Cga2017,
    players: SEATS.map((seat) => ({ id: `p${seat}`, name: options.names?.[seat] ?? `Seat ${seat}`, seat })),
    now: 0,
  };
  const created = apply(create);
  if (created !== null) return { ok: false, violation: created, command: create, state };
  for (let board = 1; board <= options.boards; board += 1) {
    const deal: BigTwoCommand = {
      type: 'DealBoard',
      board,
      seed: `${options.seed}:board-${String(board)}`,
      salt: `salt-${String(board)}`,
      now: board,
    };
    const dealt = apply(deal);
    if (dealt !== null) return { ok: false, violation: dealt, command: deal, state };
    for (let guard = 0; state.status === 'inBoard' && guard < 5000; guard += 1) {
      const command = randomLegalB2Command(state, prng, options);
      if (command === null) break;
      const failed = apply(command);
      if (failed !== null) return { ok: false, violation: failed, command, state };
    }
  }
  const end: BigTwoCommand = { type: 'EndMatch', now: options.boards + 1 };
  const ended = apply(end);
  if (ended !== null) return { ok: false, violation: ended, command: end, state };
  return { ok: true, state, events };
}
