import type { ConformanceSamples, SampleMatch, SampleStep } from '@tablecast/game-kit/testing';
import type { DoudizhuCommand } from '../engine/commands';
import { ddzCga2017, type DoudizhuRuleset } from '../events/match-events';
import { playRandomBoards } from '../sim/playout';
import type { DoudizhuSetup } from './command-schema';

const setup = (ruleset: DoudizhuRuleset): DoudizhuSetup => ({
  table: 'T1',
  ruleset,
  players: [
    { id: 'p0', name: 'Seat 0', seat: 0 },
    { id: 'p1', name: 'Seat 1', seat: 1 },
    { id: 'p2', name: 'Seat 2', seat: 2 },
  ],
});

/**
 * A random legal playout as a script, with rejected commands put in where they break a rule (a
 * rejection leaves the state as it was, so the script stays legal), and a penalty and its appeal
 * at the end, after the last timed move (an accepted extra command would make a later clock
 * default stale).
 */
function playout(
  name: string,
  ruleset: DoudizhuRuleset,
  seed: string,
  boards: number,
): SampleMatch<DoudizhuCommand, DoudizhuSetup> {
  const steps: SampleStep<DoudizhuCommand>[] = [];
  const result = playRandomBoards({
    seed,
    boards,
    ruleset,
    timeoutPerMille: 100,
    onStep: ({ command, before }) => {
      if (command.type === 'CreateMatch') return;
      const board = before.board;
      if (command.type === 'Bid' && board?.bids.length === 0) {
        steps.push({
          command: { type: 'Bid', seat: ((command.seat + 1) % 3) as 0 | 1 | 2, bid: 1 },
          rejected: 'DDZ-BID-2',
        });
      }
      const othersCard = board?.hands[((command.type === 'Pass' ? command.seat : 0) + 1) % 3]?.[0];
      if (command.type === 'Pass' && othersCard !== undefined) {
        steps.push({
          command: { type: 'PlayCards', seat: command.seat, cards: [othersCard] },
          rejected: 'DDZ-GEN-2',
        });
      }
      if (command.type === 'EndMatch') {
        steps.push({
          command: {
            type: 'IssuePenalty',
            seat: 1,
            rule: 'DDZ-PLAY-7',
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
    command: { type: 'LodgeAppeal', penalty: 1, seat: 1, grounds: 'no signal', now: boards + 2 },
  });
  steps.push({ command: { type: 'DecideAppeal', appeal: 1, votesFor: 3, votesAgainst: 0, now: boards + 3 } });
  steps.push({ command: { type: 'Bid', seat: 0, bid: 3 }, rejected: 'DDZ-END-1' });
  return { name, setup: setup(ruleset), now: 0, steps, ends: true };
}

export function doudizhuConformanceSamples(): ConformanceSamples<DoudizhuCommand, DoudizhuSetup> {
  return {
    matches: [
      playout('duplicate seating, cga2017', ddzCga2017, 'conformance-a', 3),
      playout('rotating first bidder', { ...ddzCga2017, firstBidder: 'rotating' }, 'conformance-b', 3),
    ],
  };
}
