import {
  cga2017,
  decide,
  evolve,
  initialState,
  type GuandanEvent,
  type MatchState,
} from '@tablecast/guandan';
import { describe, expect, it } from 'vitest';
import { InvariantChecker } from './invariants';

function dealtMatch(): { state: MatchState; events: GuandanEvent[] } {
  let state = initialState();
  const events: GuandanEvent[] = [];
  for (const command of [
    {
      type: 'CreateMatch' as const,
      table: 't',
      ruleset: cga2017,
      format: { kind: 'toPastAce' as const },
      teams: { NS: { id: 'a', name: 'A' }, EW: { id: 'b', name: 'B' } },
      players: (['S', 'E', 'N', 'W'] as const).map((seat) => ({ id: seat, name: seat, seat })),
      now: 0,
    },
    { type: 'DealCards' as const, seed: 'inv', salt: 'salt', now: 1 },
  ]) {
    const decision = decide(command, state);
    if (!decision.ok) throw new Error(decision.message);
    for (const event of decision.events) {
      state = evolve(state, event);
      events.push(event);
    }
  }
  return { state, events };
}

describe('InvariantChecker', () => {
  it('finds nothing wrong with a fresh deal', () => {
    const { state, events } = dealtMatch();
    const checker = new InvariantChecker();
    expect(events.flatMap((event) => checker.observe(event, state))).toEqual([]);
  });

  it('GD-DECK-1: reports a card that appears in two hands', () => {
    const { state, events } = dealtMatch();
    const hand = state.hand;
    if (!hand) throw new Error('no hand');
    const stolen = hand.hands.E[0];
    if (!stolen) throw new Error('empty hand');
    const corrupted: MatchState = {
      ...state,
      hand: { ...hand, hands: { ...hand.hands, S: [...hand.hands.S, stolen] } },
    };
    const checker = new InvariantChecker();
    const problems = events.flatMap((event) => checker.observe(event, corrupted));
    expect(problems).toContain(`GD-DECK-1: card ${stolen} is held or played 2 times`);
  });

  it('GD-LVL-1: reports a level beyond A+', () => {
    const { state, events } = dealtMatch();
    const checker = new InvariantChecker();
    const last = events[events.length - 1];
    if (!last) throw new Error('no events');
    expect(checker.observe(last, { ...state, levels: { NS: 14, EW: 0 } })).toContain(
      'GD-LVL-1: levels out of range 14/0',
    );
  });
});
