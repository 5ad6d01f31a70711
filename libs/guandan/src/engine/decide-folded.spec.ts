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

  it('a refused command (no match yet) is refused as decide refuses it, with no state', () => {
    const command = { type: 'Pass', seat: 'S' } as const;
    const refusal = decideFolded(command, initialState());
    expect(refusal.ok).toBe(false);
    expect(refusal).toEqual(decide(command, initialState()));
  });
});
