import type { MomentKind, OnAirMoment } from '@tablecast/game-kit';
import type { BigTwoEvent } from '../events/catalog';
import type { BigTwoState } from '../engine/state';

export const BIGTWO_MOMENT_KINDS: readonly MomentKind[] = [
  { kind: 'handShown', labelZh: '明牌', labelEn: 'Hand shown' },
  { kind: 'doubled', labelZh: '加倍', labelEn: 'Doubled' },
  { kind: 'fiveCard', labelZh: '五张牌型', labelEn: 'Five-card play' },
  { kind: 'oneCard', labelZh: '报单', labelEn: 'One card left' },
  { kind: 'boardEnd', labelZh: '本副结束', labelEn: 'Board over' },
];

function moment(kind: string, seat: string | null, rule: string | null): OnAirMoment {
  return { kind, seat, disclosure: 'public', rule };
}

/** The director's moments: every one is public, none reveals a card not shown or played. */
export function bigtwoMoments(_before: BigTwoState, event: BigTwoEvent): OnAirMoment[] {
  switch (event.type) {
    case 'HandShown':
      return [moment('handShown', event.data.seat, 'B2-SHOW-1')];
    case 'DoubleChosen':
      return event.data.double ? [moment('doubled', event.data.seat, 'B2-DBL-1')] : [];
    case 'CardsPlayed':
      return event.data.as.length === 5 ? [moment('fiveCard', event.data.seat, 'B2-CMP-4')] : [];
    case 'CardsReported':
      return [moment('oneCard', event.data.seat, 'B2-PLAY-6')];
    case 'BoardEnded':
      return [moment('boardEnd', event.data.outSeat, 'B2-END-1')];
    default:
      return [];
  }
}
