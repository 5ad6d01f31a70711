import type { TournamentRoundView } from '@tablecast/protocol';
import type { TournamentCatalog } from './tournament-messages';

/**
 * A stream round's name as a person reads it: 第2轮, or, in an event of several sessions a round
 * (TRN-MOVE-6), the round and its session, 第2轮 第1局 (each session is a stream round of its own).
 */
export function roundName(t: TournamentCatalog, round: TournamentRoundView): string {
  return round.session === undefined
    ? t.round(round.round)
    : t.roundSession(round.session.round, round.session.session);
}

/** The pairings title of a stream round: 第2轮对阵, or 第2轮 第1局对阵 for a session (TRN-MOVE-6). */
export function pairingsTitle(t: TournamentCatalog, round: TournamentRoundView): string {
  return round.session === undefined
    ? t.nextRound(round.round)
    : t.sessionPairings(round.session.round, round.session.session);
}
