import { faceIndex, type Face } from '@tablecast/cards';
import { ddzCga2017, doudizhuModule, randomLegalDdzCommand, type DoudizhuState } from '@tablecast/doudizhu';
import type { GameEvent } from '@tablecast/game-kit';
import type { InvariantCheck, SimulatedGame } from '@tablecast/simulation';

const RULESETS = { cga2017: ddzCga2017 } as const;
const PLAYERS = [
  { id: 'zhao-yi', name: '赵一', seat: 0 },
  { id: 'qian-er', name: '钱二', seat: 1 },
  { id: 'sun-san', name: '孙三', seat: 2 },
] as const;

/** A Dou Dizhu match plays a fixed number of boards, then the referee's EndMatch closes it. */
export interface DdzSimFormat {
  readonly kind: 'fixedDeals';
  readonly deals: number;
}

function parseDdzFormat(text: string): DdzSimFormat {
  const [kind, deals, extra] = text.split(':');
  const count = Number(deals);
  if (kind !== 'fixedDeals' || extra !== undefined || !Number.isSafeInteger(count) || count < 1) {
    throw new Error(`--format "${text}": a Dou Dizhu match plays fixedDeals:N boards (N ≥ 1)`);
  }
  return { kind, deals: count };
}

/**
 * After every event of a Dou Dizhu match: every card in one place (a hand, the unrevealed kitty,
 * or played in this deal: 54 cards, each once, DDZ-GEN-1) and board scores that sum to zero
 * (DDZ-SCORE-5: what the landlord wins the defenders lose).
 */
export function ddzInvariants(): InvariantCheck {
  let played: Face[] = [];
  return (event: GameEvent, after: unknown): string[] => {
    const state = after as DoudizhuState;
    if (event.type === 'CardsDealt') played = [];
    if (event.type === 'CardsPlayed') played.push(...(event.data as { cards: readonly Face[] }).cards);
    const problems: string[] = [];
    const board = state.board;
    if (state.status === 'inBoard' && board !== null && board.deals.length > 0) {
      const times = new Array<number>(54).fill(0);
      const count = (cards: readonly Face[]): void => {
        for (const card of cards) times[faceIndex(card)] = (times[faceIndex(card)] ?? 0) + 1;
      };
      board.hands.forEach(count);
      if (!board.kittyRevealed) count(board.kitty);
      count(played);
      const wrong = times.filter((n) => n !== 1).length;
      if (wrong > 0) problems.push(`DDZ-GEN-1: ${String(wrong)} cards are not in exactly one place`);
    }
    const sum = state.boardTotals.reduce((a, b) => a + b, 0);
    if (sum !== 0) problems.push(`DDZ-SCORE-5: board scores sum to ${String(sum)}, not 0`);
    return problems;
  };
}

/**
 * Dou Dizhu as the simulation plays it: random legal bots at the three seats (no clock runs
 * out), the dealer dealing each board with a seed drawn from the match's, and the referee's
 * EndMatch once the boards are played.
 */
export const doudizhuSimulation: SimulatedGame = {
  module: doudizhuModule,
  rulesets: Object.keys(RULESETS),
  formats: 'fixedDeals:N',
  defaultFormat: 'fixedDeals:3',
  parseFormat: parseDdzFormat,
  setup: ({ ruleset }) => ({
    game: 'doudizhu',
    ruleset: RULESETS[ruleset as keyof typeof RULESETS],
    players: PLAYERS,
  }),
  nextCommand: (served, prng, match) => {
    const state = served as DoudizhuState;
    if (state.status === 'ended') return null;
    if (state.status === 'inBoard') {
      const next = randomLegalDdzCommand(state, prng, { timeoutPerMille: 0 });
      if (next !== null) return { ...next };
      throw new Error(`Dou Dizhu bots: nobody may act on board ${String(state.board?.number)}`);
    }
    const boards = (match.format as DdzSimFormat).deals;
    if (state.boardsPlayed >= boards) return { type: 'EndMatch' };
    const board = state.boardsPlayed + 1;
    return { type: 'DealBoard', board, seed: `${match.seed}/board-${String(board)}` };
  },
  invariants: ddzInvariants,
  endsDeal: (event) => event.type === 'BoardEnded',
};
