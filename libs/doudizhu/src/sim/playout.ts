import { seededPrng } from '@tablecast/cards';
import type { DoudizhuEvent } from '../events/catalog';
import { ddzCga2017, type DoudizhuRuleset } from '../events/match-events';
import type { DoudizhuCommand } from '../engine/commands';
import { decideDoudizhu } from '../engine/decide';
import { evolveDoudizhu } from '../engine/evolve';
import { initialDoudizhuState, type DoudizhuState } from '../engine/state';
import type { DdzRuleViolation } from '../engine/violation';
import { randomLegalCommand, type BotOptions } from './random-bot';

export interface DdzPlayoutStep {
  readonly command: DoudizhuCommand;
  readonly before: DoudizhuState;
  readonly events: readonly DoudizhuEvent[];
  readonly after: DoudizhuState;
}

export interface DdzPlayoutOptions extends BotOptions {
  readonly seed: string;
  readonly boards: number;
  readonly ruleset?: DoudizhuRuleset;
  /** The players' names, seat 0 first (default `Seat 0`…): a seeded board shown on air reads like a final. */
  readonly names?: readonly [string, string, string];
  /** Called after every accepted command, for invariant checks. */
  readonly onStep?: (step: DdzPlayoutStep) => void;
}

export type DdzPlayoutResult =
  | { readonly ok: true; readonly state: DoudizhuState; readonly events: readonly DoudizhuEvent[] }
  | {
      readonly ok: false;
      readonly violation: DdzRuleViolation;
      readonly command: DoudizhuCommand;
      readonly state: DoudizhuState;
    };

/** Creates a match and plays `boards` boards of it with random legal bots, then ends it. */
export function playRandomBoards(options: DdzPlayoutOptions): DdzPlayoutResult {
  const prng = seededPrng(`ddz-bots:${options.seed}`);
  let state = initialDoudizhuState();
  const events: DoudizhuEvent[] = [];
  const apply = (command: DoudizhuCommand): DdzRuleViolation | null => {
    const decision = decideDoudizhu(command, state);
    if (!decision.ok) return decision;
    const before = state;
    for (const event of decision.events) state = evolveDoudizhu(state, event);
    events.push(...decision.events);
    options.onStep?.({ command, before, events: decision.events, after: state });
    return null;
  };
  const create: DoudizhuCommand = {
    type: 'CreateMatch',
    table: 'sim',
    ruleset: options.ruleset ?? ddzCga2017,
    players: ([0, 1, 2] as const).map((seat) => ({
      id: `p${String(seat)}`,
      name: options.names?.[seat] ?? `Seat ${String(seat)}`,
      seat,
    })),
    now: 0,
  };
  const created = apply(create);
  if (created !== null) return { ok: false, violation: created, command: create, state };
  for (let board = 1; board <= options.boards; board += 1) {
    const deal: DoudizhuCommand = {
      type: 'DealBoard',
      board,
      seed: `${options.seed}:board-${String(board)}`,
      salt: `salt-${String(board)}`,
      now: board,
    };
    const dealt = apply(deal);
    if (dealt !== null) return { ok: false, violation: dealt, command: deal, state };
    for (let guard = 0; state.status === 'inBoard' && guard < 5000; guard += 1) {
      const command = randomLegalCommand(state, prng, options);
      if (command === null) break;
      const failed = apply(command);
      if (failed !== null) return { ok: false, violation: failed, command, state };
    }
  }
  const end: DoudizhuCommand = { type: 'EndMatch', now: options.boards + 1 };
  const ended = apply(end);
  if (ended !== null) return { ok: false, violation: ended, command: end, state };
  return { ok: true, state, events };
}
