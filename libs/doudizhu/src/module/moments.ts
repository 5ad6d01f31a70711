import type { MomentKind, OnAirMoment } from '@tablecast/game-kit';
import type { DoudizhuEvent } from '../events/catalog';
import type { DoudizhuState } from '../engine/state';

export const DOUDIZHU_MOMENT_KINDS: readonly MomentKind[] = [
  { kind: 'landlord', labelZh: '地主产生', labelEn: 'Landlord' },
  { kind: 'doubles', labelZh: '加倍亮出', labelEn: 'Doubles revealed' },
  { kind: 'kitty', labelZh: '亮底牌', labelEn: 'Kitty revealed' },
  { kind: 'bomb', labelZh: '炸弹', labelEn: 'Bomb' },
  { kind: 'rocket', labelZh: '火箭', labelEn: 'Rocket' },
  { kind: 'oneCard', labelZh: '报单', labelEn: 'One card left' },
  { kind: 'spring', labelZh: '春天', labelEn: 'Spring' },
  { kind: 'antiSpring', labelZh: '反春', labelEn: 'Anti-spring' },
  { kind: 'boardEnd', labelZh: '本副结束', labelEn: 'Board over' },
];

function moment(kind: string, seat: number | null, rule: string | null): OnAirMoment {
  return { kind, seat: seat === null ? null : String(seat), disclosure: 'public', rule };
}

/** The director's moments: every one is public, none reveals a card still held. */
export function doudizhuMoments(_before: DoudizhuState, event: DoudizhuEvent): OnAirMoment[] {
  switch (event.type) {
    case 'LandlordChosen':
      return [moment('landlord', event.data.seat, 'DDZ-BID-4')];
    case 'DoublesRevealed':
      return [moment('doubles', null, 'DDZ-DBL-1')];
    case 'KittyRevealed':
      return [moment('kitty', event.data.landlord, 'DDZ-DEAL-2')];
    case 'CardsPlayed':
      if (event.data.as.type === 'bomb') return [moment('bomb', event.data.seat, 'DDZ-COMBO-2')];
      if (event.data.as.type === 'rocket') return [moment('rocket', event.data.seat, 'DDZ-COMBO-1')];
      return [];
    case 'CardsReported':
      return [moment('oneCard', event.data.seat, 'DDZ-PLAY-5')];
    case 'BoardEnded':
      return [
        ...(event.data.spring ? [moment('spring', event.data.landlord, 'DDZ-END-2')] : []),
        ...(event.data.antiSpring ? [moment('antiSpring', event.data.landlord, 'DDZ-END-3')] : []),
        moment('boardEnd', event.data.outSeat, 'DDZ-END-1'),
      ];
    default:
      return [];
  }
}
