import type { BigTwoState } from '@tablecast/bigtwo';
import type { DoudizhuState } from '@tablecast/doudizhu';
import type { MatchState } from '@tablecast/guandan';

/**
 * Each registered game's state, by game id: what a caller that knows which game it drives (a bot,
 * a test) may type a folded match as. Generic code holds a state as `unknown`.
 */
export interface GameStates {
  readonly guandan: MatchState;
  readonly doudizhu: DoudizhuState;
  readonly bigtwo: BigTwoState;
}
