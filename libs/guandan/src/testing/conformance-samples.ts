import type { ConformanceSamples, SampleMatch, SampleStep } from '@tablecast/game-kit/testing';
import type { GuandanCommand } from '../engine/commands';
import type { MatchState } from '../engine/state';
import type { MatchFormat } from '../events/match-events';
import { SEATS } from '../model/seats';
import { cga2017, house004 } from '../ruleset/ruleset';
import type { Ruleset } from '../ruleset/ruleset';
import { playRandomMatch } from '../sim/playout';
import type { GuandanSetup } from '../module/command-schema';

const setup = (ruleset: Ruleset, format: MatchFormat): GuandanSetup => ({
  table: 'T1',
  ruleset,
  format,
  teams: { NS: { id: 'ns', name: 'North-South' }, EW: { id: 'ew', name: 'East-West' } },
  players: SEATS.map((seat) => ({ id: `p-${seat}`, name: seat, seat })),
});

/**
 * A random legal playout as a script, with rejected commands and a referee's penalty put in
 * after the first deal (the state does not change on a rejection, so the script stays legal).
 */
function playout(
  name: string,
  ruleset: Ruleset,
  format: MatchFormat,
  seed: string,
  maxHands: number,
): SampleMatch<GuandanCommand, GuandanSetup> {
  const steps: SampleStep<GuandanCommand>[] = [];
  let afterFirstDeal: MatchState | undefined;
  const result = playRandomMatch({
    ruleset,
    format,
    seed,
    maxHands,
    onStep: ({ command, after }) => {
      if (command.type === 'CreateMatch') return;
      steps.push({ command });
      if (command.type !== 'DealCards' || afterFirstDeal !== undefined) return;
      afterFirstDeal = after;
      const onTurn = after.hand?.turn;
      const other = SEATS.find((seat) => seat !== onTurn) ?? 'S';
      steps.push(
        // GD-PEN-12: a seat declares out of turn.
        { command: { type: 'Pass', seat: other }, rejected: 'GD-PEN-12' },
        // GD-PLAY-6: a deal starts only between deals.
        { command: { type: 'DealCards', seed: 'again', salt: 'again', now: 1 }, rejected: 'GD-PLAY-6' },
        {
          command: {
            type: 'IssuePenalty',
            seat: other,
            sanction: 'warning',
            rule: 'GD-PEN-2',
            refereeId: 'ref-1',
          },
        },
      );
    },
  });
  if (!result.ok) throw new Error(`${name}: the playout broke ${result.violation.rule}`);
  return { name, setup: setup(ruleset, format), now: 0, steps, ends: result.state.status === 'ended' };
}

/** Sample matches for the game-module conformance suite: every phase of a Guandan game, with rejections. */
export function guandanConformanceSamples(): ConformanceSamples<GuandanCommand, GuandanSetup> {
  return {
    matches: [
      // Two deals: the second has a tribute; the fixed-deals format ends the match (GD-FMT-2).
      playout('two fixed deals (CGA 2017)', cga2017, { kind: 'fixedDeals', deals: 2 }, 'conformance-1', 2),
      playout('two fixed deals (004)', house004, { kind: 'fixedDeals', deals: 2 }, 'conformance-2', 2),
      // A game to past A, stopped after one deal: no result yet.
      playout('one deal of a game to past A', cga2017, { kind: 'toPastAce' }, 'conformance-3', 1),
    ],
  };
}
