import { guandanView, type MatchState } from '@tablecast/guandan/testing';
import { describe, expect, it } from 'vitest';
import { consoleMatchOf, type ConsoleMatch } from './console-match';
import { playoutStates } from './testing/states';

/** What the console reads of the engine's state: the fields it read before it got the view. */
function consoleFieldsOf(state: MatchState): ConsoleMatch {
  const hand = state.hand;
  return {
    status: state.status,
    ruleset: state.ruleset,
    players: state.players,
    levels: state.levels,
    handsPlayed: state.handsPlayed,
    lastHand:
      state.lastHand === null
        ? null
        : {
            places: state.lastHand.places,
            doubleDown: state.lastHand.doubleDown,
            winningTeam: state.lastHand.winningTeam,
          },
    hand:
      hand === null
        ? null
        : {
            number: hand.number,
            level: hand.level,
            levelTeam: hand.levelTeam,
            phase: hand.phase,
            tribute: hand.tribute,
            hands: hand.hands,
            tributesGiven: hand.tributesGiven,
            assignments: hand.assignments,
            returnedBy: hand.returnedBy,
            turn: hand.turn,
            trick: hand.trick,
            finished: hand.finished,
          },
  };
}

describe('the console match from the staff view', () => {
  it('holds what the console read of the engine state, at every step of a seeded playout', () => {
    const states = playoutStates('console-match', 4);
    expect(states.some((s) => (s.hand?.assignments.length ?? 0) > 0)).toBe(true);
    for (const state of states) {
      // As the server sends it: the module's staff view, through JSON.
      const wire = JSON.parse(JSON.stringify(guandanView(state, { kind: 'staff' }))) as Parameters<
        typeof consoleMatchOf
      >[0];
      expect(consoleMatchOf(wire)).toEqual(JSON.parse(JSON.stringify(consoleFieldsOf(state))));
    }
  });

  it('refuses a view that hides a hand’s tribute card (not the staff view)', () => {
    const state = playoutStates('console-match', 4).find((s) => (s.hand?.tributesGiven.length ?? 0) > 0);
    if (state === undefined) throw new Error('the playout reaches no tribute');
    expect(() => consoleMatchOf(guandanView(state, { kind: 'venue' }))).toThrow(/hides/);
  });
});
