import { describe, expect, it } from 'vitest';
import { RULESETS, RULESET_NAMES } from '../ruleset/ruleset';
import { playRandomMatch } from '../sim/playout';
import { decide, decideFolded } from './decide';
import { evolve } from './evolve';
import { initialState } from './state';

describe('decideFolded: a decision with the state its events fold to', () => {
  it.each(RULESET_NAMES)(
    "%s: the state is evolve over the events from the given state, and the events are decide's",
    (name) => {
      let steps = 0;
      // The playout goes on from each decision's folded state; every step is checked against a fold.
      const result = playRandomMatch({
        ruleset: RULESETS[name],
        seed: `folded-${name}`,
        maxHands: 3,
        onStep: ({ command, before, events, after }) => {
          steps += 1;
          expect(decide(command, before)).toEqual({ ok: true, events });
          expect(after).toEqual(events.reduce(evolve, before));
        },
      });
      expect(result.ok).toBe(true);
      expect(steps).toBeGreaterThan(100);
    },
  );

  it("states: the state after each of the events in turn, the last being the decision's state", () => {
    let multi = 0;
    playRandomMatch({
      ruleset: RULESETS.cga2017,
      seed: 'folded-states',
      maxHands: 2,
      onStep: ({ command, before }) => {
        const decision = decideFolded(command, before);
        if (!decision.ok) throw new Error(decision.message);
        const folded = decision.events.map((_, i) => decision.events.slice(0, i + 1).reduce(evolve, before));
        expect(decision.states).toEqual(folded);
        expect(decision.states.at(-1)).toBe(decision.state);
        if (decision.events.length > 1) multi += 1;
      },
    });
    // Decisions of several events (a deal, a play that wins the trick) are among them.
    expect(multi).toBeGreaterThan(10);
  });

  it('a refused command (no match yet) is refused as decide refuses it, with no state', () => {
    const command = { type: 'Pass', seat: 'S' } as const;
    const refusal = decideFolded(command, initialState());
    expect(refusal.ok).toBe(false);
    expect(refusal).toEqual(decide(command, initialState()));
  });
});
