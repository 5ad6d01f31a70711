import type { Team } from '../model/seats';
import type { Emitter } from './emitter';
import { scoreForfeit } from './scoring';

/**
 * GD-PEN-5, GD-SCORE-4, DEC-GD-13: the game is lost by `team` (forfeit, three fouls, a ruling):
 * MatchForfeited names the rule, MatchEnded carries the forfeit score. A tournament counts these
 * events to apply GD-PEN-6 (a second game lost by penalty disqualifies the pair).
 */
export function emitGameLost(em: Emitter, team: Team, rule: string, refereeId: string): void {
  em.emit({ type: 'MatchForfeited', data: { team, rule, refereeId } });
  const score = scoreForfeit(em.state, team);
  em.emit({
    type: 'MatchEnded',
    data: { reason: 'forfeit', ...score, levels: em.state.levels, rule: 'GD-SCORE-4' },
  });
}
