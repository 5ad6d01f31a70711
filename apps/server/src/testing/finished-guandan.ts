import { seededPrng } from '@tablecast/cards';
import {
  guandanCga2017,
  decideGuandan,
  evolveGuandan,
  guandanInitialState,
  randomLegalGuandanCommand,
  type GuandanCommand,
  type GuandanEvent,
} from '@tablecast/games/testing';

/**
 * The events of a one-deal Guandan match played to its end (`MatchEnded` last) by the rules engine
 * with random legal bots, for tests that need a finished match in the log without playing it
 * through the server.
 */
export function finishedGuandan(seed: string): GuandanEvent[] {
  let state = guandanInitialState();
  const prng = seededPrng(seed);
  const events: GuandanEvent[] = [];
  const apply = (command: GuandanCommand): void => {
    const decision = decideGuandan(command, state);
    if (!decision.ok) throw new Error(`${decision.rule}: ${decision.message}`);
    for (const event of decision.events) {
      state = evolveGuandan(state, event);
      events.push(event);
    }
  };
  apply({
    type: 'CreateMatch',
    table: 'old',
    ruleset: guandanCga2017,
    format: { kind: 'fixedDeals', deals: 1 },
    teams: { NS: { id: 'a', name: 'A' }, EW: { id: 'b', name: 'B' } },
    players: (['S', 'E', 'N', 'W'] as const).map((seat) => ({ id: `p${seat}`, name: seat, seat })),
    now: 0,
  });
  let deal = 0;
  while (state.status !== 'ended') {
    const next = randomLegalGuandanCommand(state, prng);
    if (next === null) {
      deal += 1;
      apply({ type: 'DealCards', seed: `${seed}-${String(deal)}`, salt: `salt-${String(deal)}`, now: deal });
    } else apply(next);
  }
  return events;
}

/** The metadata a test writes events with directly into the log. */
export const TEST_EVENT_METADATA = {
  correlationId: 'test',
  causationId: null,
  actor: { id: 'test', role: 'operator' as const },
};
