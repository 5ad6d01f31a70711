import type { MomentKind, OnAirMoment } from '@tablecast/game-kit';
import type { MatchState } from '../engine/state';
import type { GuandanEvent } from '../events/catalog';
import { isBombClass } from '../model/reading';

export const GUANDAN_MOMENT_KINDS: readonly MomentKind[] = [
  { kind: 'bomb', labelZh: '炸弹', labelEn: 'Bomb' },
  { kind: 'tribute', labelZh: '进贡', labelEn: 'Tribute' },
  { kind: 'handEnd', labelZh: '本副结束', labelEn: 'Deal over' },
  { kind: 'penalty', labelZh: '判罚', labelEn: 'Penalty' },
  { kind: 'matchEnd', labelZh: '比赛结束', labelEn: 'Match over' },
];

/** The director's moments, as the overlays show them: a bomb-class play, the exchange, a deal's and the match's end, a penalty. */
export function guandanMoments(before: MatchState, event: GuandanEvent): OnAirMoment[] {
  switch (event.type) {
    case 'CardsPlayed':
      return isBombClass(event.data.as.type)
        ? [{ kind: 'bomb', seat: event.data.seat, disclosure: 'public', rule: null }]
        : [];
    case 'TributeResisted':
      return [{ kind: 'tribute', seat: null, disclosure: 'public', rule: 'GD-TRIB-6' }];
    case 'LeadAssigned':
      // The exchange is complete when play begins; its cards go out only with the delay (GD-TRIB-5).
      return event.data.reason === 'tributePaid' && (before.hand?.tributesGiven.length ?? 0) > 0
        ? [{ kind: 'tribute', seat: null, disclosure: 'delayed', rule: null }]
        : [];
    case 'HandEnded':
      return [{ kind: 'handEnd', seat: null, disclosure: 'public', rule: null }];
    case 'PenaltyIssued':
      return [{ kind: 'penalty', seat: event.data.seat, disclosure: 'public', rule: event.data.rule }];
    case 'MatchEnded':
      return [{ kind: 'matchEnd', seat: null, disclosure: 'public', rule: null }];
    default:
      return [];
  }
}
