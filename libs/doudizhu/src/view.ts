// @tablecast/doudizhu/view: what an overlay may import of Dou Dizhu, the view's shape and nothing
// that runs the game (no engine, no zod): the skin draws what the module's view already decided.
export type { Face } from '@tablecast/cards';
export type { TurnClock } from './engine/clock';
export type { PlayReading } from './engine/commands';
export type { Bid, Seat as DdzSeat } from './events/primitives';
export type { DoudizhuBoardView, DoudizhuDefenderScore, DoudizhuSeatView, DoudizhuView } from './module/view';
export type { SeatChoices } from './module/seat-choices';
