import {
  BIGTWO_FACES,
  B2_SEATS,
  b2Cga2017,
  bigtwoModule,
  randomLegalB2Command,
  type BigTwoState,
} from '@tablecast/bigtwo';
import type { Face } from '@tablecast/cards';
import type { GameEvent } from '@tablecast/game-kit';
import type { InvariantCheck, SimulatedGame } from '@tablecast/simulation';

const RULESETS = { cga2017: b2Cga2017 } as const;
const PLAYERS = [
  { id: 'zhao-yi', name: '赵一', seat: 'S' },
  { id: 'qian-er', name: '钱二', seat: 'E' },
  { id: 'sun-san', name: '孙三', seat: 'N' },
  { id: 'li-si', name: '李四', seat: 'W' },
] as const;

/** A Big Two match plays a fixed number of boards, then the referee's EndMatch closes it. */
export interface B2SimFormat {
  readonly kind: 'fixedDeals';
  readonly deals: number;
}

function parseB2Format(text: string): B2SimFormat {
  const [kind, deals, extra] = text.split(':');
  const count = Number(deals);
  if (kind !== 'fixedDeals' || extra !== undefined || !Number.isSafeInteger(count) || count < 1) {
    throw new Error(`--format "${text}": a Big Two match plays fixedDeals:N boards (N ≥ 1)`);
  }
  return { kind, deals: count };
}

/**
 * After every event of a Big Two match: every card in one place (a hand, or played in this deal:
 * 52 cards, each once, B2-DEAL-1) and board scores that sum to zero (B2-SCORE-3).
 */
export function b2Invariants(): InvariantCheck {
  let played: Face[] = [];
  return (event: GameEvent, after: unknown): string[] => {
    const state = after as BigTwoState;
    if (event.type === 'CardsDealt') played = [];
    if (event.type === 'CardsPlayed') played.push(...(event.data as { cards: readonly Face[] }).cards);
    const problems: string[] = [];
    const board = state.board;
    if (state.status === 'inBoard' && board !== null && board.phase !== 'dealing') {
      const seen = new Map<Face, number>();
      const count = (cards: readonly Face[]): void => {
        for (const card of cards) seen.set(card, (seen.get(card) ?? 0) + 1);
      };
      for (const seat of B2_SEATS) count(board.hands[seat]);
      count(played);
      const wrong = BIGTWO_FACES.filter((f) => seen.get(f) !== 1).length;
      if (wrong > 0 || seen.size !== 52)
        problems.push(`B2-DEAL-1: ${String(wrong)} cards are not in exactly one place`);
    }
    const sum = B2_SEATS.reduce((total, seat) => total + state.boardTotals[seat], 0);
    if (sum !== 0) problems.push(`B2-SCORE-3: board scores sum to ${String(sum)}, not 0`);
    return problems;
  };
}

/**
 * Big Two as the simulation plays it: random legal bots at the four seats (no clock runs out),
 * the dealer dealing each board with a seed drawn from the match's, and the referee's EndMatch
 * once the boards are played.
 */
export const bigtwoSimulation: SimulatedGame = {
  module: bigtwoModule,
  rulesets: Object.keys(RULESETS),
  formats: 'fixedDeals:N',
  defaultFormat: 'fixedDeals:3',
  parseFormat: parseB2Format,
  setup: ({ ruleset }) => ({
    game: 'bigtwo',
    ruleset: RULESETS[ruleset as keyof typeof RULESETS],
    players: PLAYERS,
  }),
  nextCommand: (served, prng, match) => {
    const state = served as BigTwoState;
    if (state.status === 'ended') return null;
    if (state.status === 'inBoard') {
      const next = randomLegalB2Command(state, prng, { timeoutPerMille: 0 });
      if (next !== null) return { ...next };
      throw new Error(`Big Two bots: nobody may act on board ${String(state.board?.number)}`);
    }
    const boards = (match.format as B2SimFormat).deals;
    if (state.boardsPlayed >= boards) return { type: 'EndMatch' };
    const board = state.boardsPlayed + 1;
    return { type: 'DealBoard', board, seed: `${match.seed}/board-${String(board)}` };
  },
  invariants: b2Invariants,
  endsDeal: (event) => event.type === 'BoardEnded',
};
