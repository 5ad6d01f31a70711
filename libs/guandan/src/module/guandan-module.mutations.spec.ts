import { STAFF, type GameEventDefinition } from '@tablecast/game-kit';
import { conformanceChecks, conformanceContext, type ConformanceContext } from '@tablecast/game-kit/testing';
import { describe, expect, it } from 'vitest';
import type { GuandanEvent } from '../events/catalog';
import { guandanConformanceSamples } from '../testing/conformance-samples';
import { guandanModule } from './guandan-module';

/**
 * The conformance suite must catch real faults: each mutant of the Guandan module breaks one
 * clause of the contract, and the check for that clause must fail on it (and pass on the module).
 */
const samples = guandanConformanceSamples();

const contexts = new Map<object, ConformanceContext>();

function check(name: string): (module: typeof guandanModule) => void {
  const found = conformanceChecks.find((c) => c.name.startsWith(name));
  if (found === undefined) throw new Error(`no conformance check starts with "${name}"`);
  return (module) => {
    let context = contexts.get(module);
    if (context === undefined) {
      context = conformanceContext(module, samples);
      contexts.set(module, context);
    }
    found.check(context);
  };
}

function withEvent(type: GuandanEvent['type'], change: Partial<GameEventDefinition<GuandanEvent>>) {
  return guandanModule.events.map((definition) =>
    definition.type === type ? { ...definition, ...change } : definition,
  );
}

const VIEWS_FAIL_CLOSED = 'views every state for every viewer';
const EVENTS_FAIL_CLOSED = 'discloses each event to each viewer';

// Each case traces the sample matches through its mutant: seconds on a loaded machine.
describe('the conformance suite catches a faulty game module', { timeout: 120_000 }, () => {
  it('passes the Guandan module itself on the clauses the mutants break', () => {
    for (const name of [
      VIEWS_FAIL_CLOSED,
      EVENTS_FAIL_CLOSED,
      'names a rule',
      'decides deterministically',
      'has no result',
    ]) {
      expect(() => {
        check(name)(guandanModule);
      }, name).not.toThrow();
    }
  });

  it('fails a view that shows the venue every hand', () => {
    const leaky = {
      ...guandanModule,
      view: (state: Parameters<typeof guandanModule.view>[0]) => guandanModule.view(state, STAFF),
    };
    expect(() => {
      check(VIEWS_FAIL_CLOSED)(leaky);
    }).toThrow(/venue sees secrets/);
  });

  it('fails a view that shows a seat its partner’s hand', () => {
    const leaky = {
      ...guandanModule,
      view: (
        state: Parameters<typeof guandanModule.view>[0],
        viewer: Parameters<typeof guandanModule.view>[1],
      ) => guandanModule.view(state, viewer.kind === 'seat' ? STAFF : viewer),
    };
    expect(() => {
      check(VIEWS_FAIL_CLOSED)(leaky);
    }).toThrow(/seat [SENW] sees secrets/);
  });

  it('fails the deal classified public (every hand on the venue feed)', () => {
    const leaky = {
      ...guandanModule,
      events: withEvent('CardsDealt', { disclosure: 'public', publicForm: undefined }),
    };
    expect(() => {
      check(EVENTS_FAIL_CLOSED)(leaky);
    }).toThrow(/CardsDealt to venue/);
  });

  it('fails a tribute card shown whole to the seats that neither gave nor received it', () => {
    const leaky = {
      ...guandanModule,
      events: withEvent('TributeAssigned', { owners: () => ['S', 'E', 'N', 'W'] }),
    };
    expect(() => {
      check(EVENTS_FAIL_CLOSED)(leaky);
    }).toThrow(/TributeAssigned to seat/);
  });

  it('fails a rejection that names a rule outside the vocabulary', () => {
    const sloppy = {
      ...guandanModule,
      decide: (...args: Parameters<typeof guandanModule.decide>) => {
        const decision = guandanModule.decide(...args);
        return decision.ok ? decision : { ...decision, rule: 'GD-NO-SUCH-RULE' };
      },
    };
    expect(() => {
      check('names a rule')(sloppy);
    }).toThrow(/GD-NO-SUCH-RULE/);
  });

  it('fails a decider that changes the state it was given', () => {
    const mutating = {
      ...guandanModule,
      decide: (...args: Parameters<typeof guandanModule.decide>) => {
        const [, state] = args;
        (state as { timeCalled: boolean }).timeCalled = !state.timeCalled;
        return guandanModule.decide(...args);
      },
    };
    expect(() => {
      check('decides deterministically')(mutating);
    }).toThrow();
  });

  it('fails a result given before the match has ended', () => {
    const early = {
      ...guandanModule,
      result: () => ({ reason: 'dealsPlayed', rule: null, winner: null, sides: [], boards: [] }),
    };
    expect(() => {
      check('has no result')(early);
    }).toThrow();
  });
});
