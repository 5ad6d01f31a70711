import { ACE_LEVEL, PAST_ACE } from '../model/levels';
import { otherTeam, partnerOf, teamOf, type Seat, type Team } from '../model/seats';
import type { Emitter } from './emitter';
import { scoreMatch } from './scoring';
import type { PerTeam } from './state';

/**
 * Ends the deal: levels (GD-LVL-4…6, DEC-GD-2, GD-VAR-004-6), the reveal of the deck, and the end
 * of the game when a format's condition is met (GD-FMT-1…4).
 * `foulBy`: the deal is lost by that team's foul and scored as a double-down for the other (GD-PEN-4).
 * `endMatch: false` when the caller ends the game itself (a game lost by penalty, GD-PEN-5).
 */
export function endHand(
  em: Emitter,
  places: readonly Seat[],
  foulBy: Team | null,
  { endMatch = true }: { readonly endMatch?: boolean } = {},
): void {
  const { hand, levels, ruleset } = em.state;
  if (hand === null) return;
  const first = places[0];
  const winningTeam = foulBy !== null ? otherTeam(foulBy) : first === undefined ? 'NS' : teamOf(first);
  const second = places[1];
  const doubleDown =
    foulBy !== null || (first !== undefined && second !== undefined && teamOf(second) === teamOf(first));
  const partnerPlace = first === undefined ? -1 : places.indexOf(partnerOf(first));
  // GD-LVL-4: +3 for a double-down, +2 with the partner third, +1 with the partner last.
  const levelUp = doubleDown ? 3 : partnerPlace === 2 ? 2 : 1;
  const partnerNotLast = levelUp >= 2;

  const before = levels[winningTeam];
  let after: number;
  if (before >= ACE_LEVEL) {
    // GD-LVL-5, DEC-GD-2: past A only by winning a deal played at one's own A, partner not last;
    // GD-LVL-6: otherwise A is played again.
    after = hand.levelTeam === winningTeam && hand.level === 'A' && partnerNotLast ? PAST_ACE : ACE_LEVEL;
  } else {
    after = Math.min(ACE_LEVEL, before + levelUp); // GD-LVL-5: a level-up never jumps past A.
  }
  let levelsAfter: PerTeam<number> = { ...levels, [winningTeam]: after };
  const aFailures = { ...em.state.aFailures };
  const limit = ruleset.aFailuresBackTo2;
  const atA = hand.levelTeam;
  // GD-VAR-004-6: a deal played at a pair's own A that it does not pass counts as a failure.
  if (
    limit !== null &&
    atA !== null &&
    hand.level === 'A' &&
    levels[atA] === ACE_LEVEL &&
    levelsAfter[atA] !== PAST_ACE
  ) {
    aFailures[atA] += 1;
    if (aFailures[atA] >= limit) {
      levelsAfter = { ...levelsAfter, [atA]: 0 };
      aFailures[atA] = 0;
    }
  }
  const passedAce = after === PAST_ACE ? winningTeam : null;
  em.emit({
    type: 'HandEnded',
    data: {
      handNumber: hand.number,
      places: [...places],
      doubleDown,
      winningTeam,
      // What the winners actually gained: GD-LVL-4's +3/+2/+1, capped at A (GD-LVL-5).
      levelUp: Math.max(0, after - before),
      levelsBefore: levels,
      levelsAfter,
      foulBy,
      aFailures,
      passedAce,
    },
  });
  em.emit({
    type: 'DeckRevealed',
    data: { handNumber: hand.number, salt: hand.salt, order: [...hand.order] },
  });
  if (endMatch) endMatchIfDue(em);
}

/** GD-FMT-1…4: past A ends every format; deals and time end theirs. */
export function endMatchIfDue(em: Emitter): void {
  const { format, handsPlayed, timeCalled, levels } = em.state;
  let reason: 'pastAce' | 'dealsPlayed' | 'timeUp' | null = null;
  if (levels.NS === PAST_ACE || levels.EW === PAST_ACE) reason = 'pastAce';
  else if (
    (format.kind === 'fixedDeals' || format.kind === 'timedOrFixedDeals') &&
    handsPlayed >= format.deals
  ) {
    reason = 'dealsPlayed';
  } else if (
    (format.kind === 'timed' || format.kind === 'timedOrFixedDeals') &&
    timeCalled &&
    em.state.hand === null
  ) {
    reason = 'timeUp';
  }
  if (reason === null) return;
  const score = scoreMatch(em.state);
  const rule = reason === 'pastAce' ? 'GD-FMT-1' : reason === 'dealsPlayed' ? 'GD-FMT-2' : 'GD-FMT-3';
  em.emit({ type: 'MatchEnded', data: { reason, ...score, levels: em.state.levels, rule } });
}
