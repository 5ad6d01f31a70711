import { cga2017, playRandomMatch, type MatchState, type PlayoutStep } from '@tablecast/guandan/testing';
import type { MatchSnapshot } from '../backend';

/**
 * Real match states for the console's tests, taken from a seeded random playout of the rules
 * engine (so they are states the server could really send), plus a finder for a wanted moment.
 */
export function playoutStates(seed = 'console-tests', maxHands = 3): MatchState[] {
  const states: MatchState[] = [];
  playRandomMatch({
    ruleset: cga2017,
    seed,
    maxHands,
    onStep: (step: PlayoutStep) => {
      states.push(step.after);
    },
  });
  return states;
}

export function findState(states: readonly MatchState[], wanted: (state: MatchState) => boolean): MatchState {
  const found = states.find(wanted);
  if (found === undefined) throw new Error('no playout state matches');
  return found;
}

export function snapshotOf(state: MatchState, revision: number, matchId = 'm1'): MatchSnapshot {
  return { matchId, table: 't1', revision, state };
}
