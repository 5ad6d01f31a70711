import { STAFF } from '@tablecast/game-kit';
import { doudizhuModule, type DoudizhuState } from '@tablecast/doudizhu';
import type { GameArbitration } from './game-arbitration';

/**
 * Dou Dizhu before the committee: its replay is the module's staff view at each position (every
 * hand and the kitty visible) and its result. It has no sandbox and no remedies yet.
 */
export const doudizhuArbitration: GameArbitration = {
  replayDetail(folded) {
    const state = folded as DoudizhuState;
    return {
      status: state.status,
      view: doudizhuModule.view(state, STAFF),
      result: doudizhuModule.result(state),
    };
  },
};
