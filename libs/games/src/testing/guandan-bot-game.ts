import { cga2017, playRandomMatch, type GuandanEvent, type MatchFormat } from '@tablecast/guandan';

/**
 * The events a Guandan match (CGA 2017 rules) leaves in its stream when the seeded random legal
 * bots play it to its end (`MatchEnded` last): a finished match for a test's or a bench's log,
 * with no server in the way. A bot move the rules refuse, or a match not over after the
 * playout's deals, is a bug and throws.
 */
export function guandanBotGame(
  seed: string,
  format: MatchFormat = { kind: 'toPastAce' },
): readonly GuandanEvent[] {
  const played = playRandomMatch({ seed, ruleset: cga2017, format });
  if (!played.ok) throw new Error(`${played.violation.rule}: ${played.violation.message}`);
  if (played.state.status !== 'ended') throw new Error(`the bot game ${seed} did not end`);
  return played.events;
}
