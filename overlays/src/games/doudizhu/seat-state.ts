import type { DdzSeat, DoudizhuView, PlayReading } from '@tablecast/doudizhu/view';
import { seatAction as trickAction, toAct as boardToAct, type SeatAction } from '../kit/trick';
import { DDZ_SKIN_SEATS } from './labels';

/**
 * The trick as the table reads it (DDZ-PLAY-*): the last play stays in front of its player, and
 * each seat after him that has passed since shows 不出, in playing order (DDZ-GEN-4: 0 → 1 → 2).
 */
export function seatAction(view: DoudizhuView, seat: DdzSeat): SeatAction<PlayReading> {
  return trickAction(view.board?.trick ?? null, seat, DDZ_SKIN_SEATS);
}

/** Whose move the table waits for: the one seat to act, or both defenders while they double. */
export function toAct(view: DoudizhuView, seat: DdzSeat): boolean {
  return boardToAct(view.board, seat);
}
