import type { TournamentFeedView, TournamentRoundView } from '@tablecast/protocol';

/** An entrant's display name, by its id; the id itself when the event does not know it. */
export function entrantName(view: TournamentFeedView, entrant: string | null): string {
  if (entrant === null) return '';
  return view.entrants.find((e) => e.entrant === entrant)?.name ?? entrant;
}

/** The round on air: the latest one paired (the current round while it is played, then the next). */
export function latestRound(view: TournamentFeedView): TournamentRoundView | null {
  return view.rounds.at(-1) ?? null;
}

/** The rounds of the knockout stages, oldest first: the bracket's columns. */
export function knockoutRounds(view: TournamentFeedView): TournamentRoundView[] {
  return view.rounds.filter((r) => r.format === 'singleKnockout' || r.format === 'doubleKnockout');
}

/** Who went through from a pairing: the side with more match points; null until there is a result. */
export function winnerOf(pairing: TournamentRoundView['pairings'][number]): string | null {
  const result = pairing.result;
  if (result === null) return null;
  if (result.b === null) return result.a.entrant;
  const a = Number(result.a.matchPoints);
  const b = Number(result.b.matchPoints);
  return a === b ? null : a > b ? result.a.entrant : result.b.entrant;
}
