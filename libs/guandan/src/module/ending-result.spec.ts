import { foldMatch } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { cga2017 } from '../ruleset/ruleset';
import { playRandomMatch } from '../sim/playout';
import { guandanModule } from './guandan-module';

describe('Guandan: the result read from the event that ends the match', () => {
  it.each([
    ['ending-1', { kind: 'toPastAce' }],
    ['ending-2', { kind: 'fixedDeals', deals: 2 }],
    ['ending-3', { kind: 'fixedDeals', deals: 3 }],
  ] as const)(
    '%s: MatchEnded alone gives the folded state’s result; no other event gives one',
    (seed, format) => {
      const played = playRandomMatch({ seed, ruleset: cga2017, format });
      if (!played.ok) throw new Error(played.violation.message);
      const { events } = played;
      const ending = guandanModule.endingEvent;
      expect(ending?.type).toBe('MatchEnded');
      const last = events.at(-1);
      expect(last?.type).toBe('MatchEnded');
      const folded = guandanModule.result(
        foldMatch(
          guandanModule,
          events.map((e, revision) => ({ ...e, revision })),
        ),
      );
      expect(folded).not.toBeNull();
      expect(last === undefined ? null : ending?.result(last)).toEqual(folded);
      expect(events.slice(0, -1).map((e) => ending?.result(e))).toEqual(events.slice(0, -1).map(() => null));
    },
  );
});
