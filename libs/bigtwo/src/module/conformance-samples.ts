import type { ConformanceSamples, SampleMatch, SampleStep } from '@tablecast/game-kit/testing';
import type { BigTwoCommand } from '../engine/commands';
import { b2Cga2017, type BigTwoRuleset } from '../events/match-events';
import { SEATS, nextSeat } from '../events/primitives';
import { playRandomB2Boards } from '../sim/playout';
import type { BigTwoSetup } from './command-schema';

const setup = (ruleset: BigTwoRuleset): BigTwoSetup => ({
  table: 'T1',
  ruleset,
  players: SEATS.map((seat) => ({ id: `p${seat}`, name: `Seat ${seat}`, seat })),
});

/**
 * A random legal playout as a script, with rejected commands put in where they break a rule (a
 * rejection leaves the state as it was), and a penalty and its appeal at the end, after the last
 * timed move (an accepted extra command would make a later clock default stale).
 */
function playout(
  name: string,
  ruleset: BigTwoRuleset,
  seed: string,
  boards: number,
): SampleMatch<BigTwoCommand, BigTwoSetup> {
  const steps: SampleStep<BigTwoCommand>[] = [];
  const result = playRandomB2Boards({
    seed,
    boards,
    ruleset,
    timeoutPerMille: 100,
    showPerMille: 400,
    onStep: ({ command, before }) => {
      if (command.type === 'CreateMatch') return;
      const board = before.board;
      if (command.type === 'Double' && board?.turn != null) {
        steps.push({
          command: { type: 'Double', seat: nextSeat(board.turn), double: true },
          rejected: 'B2-DBL-1',
        });
      }
      const othersCard = command.type === 'Pass' ? board?.hands[nextSeat(command.seat)][0] : undefined;
      if (command.type === 'Pass' && othersCard !== undefined) {
        steps.push({
          command: { type: 'PlayCards', seat: command.seat, cards: [othersCard] },
          rejected: 'B2-GEN-2',
        });
      }
      if (command.type === 'EndMatch') {
        steps.push({
          command: {
            type: 'IssuePenalty',
            seat: 'E',
            rule: 'B2-PLAY-9',
            sanction: 'deduction',
            points: 2,
            refereeId: 'arb',
            now: 1,
          },
        });
      }
      steps.push({ command });
    },
  });
  if (!result.ok) throw new Error(`${name}: ${result.violation.rule} ${result.violation.message}`);
  steps.push({
    command: { type: 'LodgeAppeal', penalty: 1, seat: 'E', grounds: 'no gesture', now: boards + 2 },
  });
  steps.push({ command: { type: 'DecideAppeal', appeal: 1, votesFor: 3, votesAgainst: 0, now: boards + 3 } });
  steps.push({ command: { type: 'Show', seat: 'S', show: true }, rejected: 'B2-END-1' });
  return { name, setup: setup(ruleset), now: 0, steps, ends: true };
}

export function bigtwoConformanceSamples(): ConformanceSamples<BigTwoCommand, BigTwoSetup> {
  return {
    matches: [
      playout('cga2017, no play clock', b2Cga2017, 'conformance-a', 3),
      playout(
        'a play clock and straights by the sequence top',
        { ...b2Cga2017, playSeconds: 20, straightKey: 'b' },
        'conformance-b',
        3,
      ),
    ],
  };
}
