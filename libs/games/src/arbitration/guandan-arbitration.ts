import { levelName, replay, type GuandanEvent, type MatchState } from '@tablecast/guandan';
import type { GameArbitration } from './game-arbitration';
import { correctionsForRemedy } from './guandan-remedies';

/** Guandan before the committee: its replay (levels, the hand in play), its sandbox and its remedies. */
export const guandanArbitration: GameArbitration = {
  replayDetail(folded) {
    const state = folded as MatchState;
    const hand = state.hand;
    return {
      status: state.status,
      levels: state.levels,
      levelNames: { NS: levelName(state.levels.NS), EW: levelName(state.levels.EW) },
      hand: hand && {
        number: hand.number,
        level: hand.level,
        phase: hand.phase,
        hands: hand.hands,
        trick: hand.trick,
        turn: hand.turn,
        finished: hand.finished,
      },
      result: state.result,
    };
  },
  sandbox: {
    redecide: (events) => replay(events as readonly GuandanEvent[]),
    finals(folded) {
      const state = folded as MatchState;
      return { levels: state.levels, result: state.result };
    },
  },
  remedies: correctionsForRemedy,
};
