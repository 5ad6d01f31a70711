import { seededPrng, type Prng } from '@tablecast/cards';
import type { GuandanEvent } from '../events/catalog';
import type { MatchFormat } from '../events/match-events';
import type { GuandanCommand } from '../engine/commands';
import { decideFolded } from '../engine/decide';
import { initialState, type MatchState } from '../engine/state';
import type { RuleViolation } from '../engine/violation';
import type { Ruleset } from '../ruleset/ruleset';
import { randomLegalCommand } from './random-bot';

export interface PlayoutStep {
  readonly command: GuandanCommand;
  readonly before: MatchState;
  readonly events: readonly GuandanEvent[];
  readonly after: MatchState;
}

export interface PlayoutOptions {
  readonly ruleset: Ruleset;
  readonly format?: MatchFormat;
  readonly seed: string;
  readonly maxHands?: number;
  readonly passBias?: number;
  /** Called after every accepted command, for invariant checks. */
  readonly onStep?: (step: PlayoutStep) => void;
}

export type PlayoutResult =
  | {
      readonly ok: true;
      readonly state: MatchState;
      readonly events: readonly GuandanEvent[];
      readonly hands: number;
    }
  | {
      readonly ok: false;
      readonly violation: RuleViolation;
      readonly command: GuandanCommand;
      readonly state: MatchState;
    };

/** Creates a game and plays it with random legal bots until it ends or `maxHands` deals are done. */
export function playRandomMatch(options: PlayoutOptions): PlayoutResult {
  const prng: Prng = seededPrng(`bots:${options.seed}`);
  let state = initialState();
  const events: GuandanEvent[] = [];
  const apply = (command: GuandanCommand): RuleViolation | null => {
    // The decider has folded its events already: its state is `evolve` over them, not redone here.
    const decision = decideFolded(command, state);
    if (!decision.ok) return decision;
    const before = state;
    state = decision.state;
    events.push(...decision.events);
    options.onStep?.({ command, before, events: decision.events, after: state });
    return null;
  };
  const create: GuandanCommand = {
    type: 'CreateMatch',
    table: 'sim',
    ruleset: options.ruleset,
    format: options.format ?? { kind: 'toPastAce' },
    teams: { NS: { id: 'ns', name: 'North-South' }, EW: { id: 'ew', name: 'East-West' } },
    players: [
      { id: 'p-s', name: 'South', seat: 'S' },
      { id: 'p-e', name: 'East', seat: 'E' },
      { id: 'p-n', name: 'North', seat: 'N' },
      { id: 'p-w', name: 'West', seat: 'W' },
    ],
    now: 0,
  };
  const failed = apply(create);
  if (failed !== null) return { ok: false, violation: failed, command: create, state };
  let hands = 0;
  const maxHands = options.maxHands ?? 1000;
  while (state.status === 'betweenHands' && hands < maxHands) {
    const deal: GuandanCommand = {
      type: 'DealCards',
      seed: `${options.seed}:${hands}`,
      salt: `salt:${hands}`,
      now: hands,
    };
    const dealt = apply(deal);
    if (dealt !== null) return { ok: false, violation: dealt, command: deal, state };
    for (let guard = 0; state.hand !== null && guard < 2000; guard += 1) {
      const command = randomLegalCommand(state, prng, options.passBias);
      if (command === null) break;
      const v = apply(command);
      if (v !== null) return { ok: false, violation: v, command, state };
    }
    hands += 1;
  }
  return { ok: true, state, events, hands };
}
