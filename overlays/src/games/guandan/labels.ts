import type { Reading, Seat, Team } from '@tablecast/guandan/view';
import type { MatchView } from '@tablecast/protocol';
import type { GuandanOnAir } from './on-air-words';

/**
 * Guandan's on-air names and colours: four seats in two fixed pairs (GD-SEAT-1). They only name
 * what the server computed (the reading of a play); no rule is evaluated here (STYLE 11).
 */

export const SEATS: readonly Seat[] = ['S', 'E', 'N', 'W'];
export const TEAM_OF: Readonly<Record<Seat, Team>> = { S: 'NS', N: 'NS', E: 'EW', W: 'EW' };
/** Seat colours on air: the NS pair red, the EW pair blue, on every page the same. */
export const TEAM_COLOUR: Readonly<Record<Team, string>> = { NS: '#d7263d', EW: '#1b6fd1' };

/** The combo name of the server's reading; a bomb says its size (a 6-card bomb beats a 5-card one). */
export function comboName(as: Reading, cards: number, text: GuandanOnAir): string {
  return as.type === 'bomb' ? text.bombOf(cards) : text.combos[as.type];
}

export function teamName(view: MatchView, team: Team, text: GuandanOnAir): string {
  return view.teams?.[team] ?? text.teams[team];
}

/** 上游/二游/三游/下游 for a 1-based place. */
export function placeName(place: number, text: GuandanOnAir): string {
  return text.places[place - 1] ?? '';
}
