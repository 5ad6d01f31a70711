import { STAFF } from '@tablecast/game-kit';
import { bigtwoModule, type BigTwoState } from '@tablecast/bigtwo';
import type { GameArbitration } from './game-arbitration';

/**
 * Big Two before the committee: its replay is the module's staff view at each position (every
 * hand visible) and its result. It has no sandbox and no remedies yet.
 */
export const bigtwoArbitration: GameArbitration = {
  replayDetail(folded) {
    const state = folded as BigTwoState;
    return {
      status: state.status,
      view: bigtwoModule.view(state, STAFF),
      result: bigtwoModule.result(state),
    };
  },
};
