import { Decimal } from 'decimal.js';
import type { Chain, ChainStep, StepResult } from '../tiebreak/chain';
import type { Contribution } from '../tiebreak/explanation';
import type { BoardLine, DuplicateGame, DuplicateResult } from './duplicate-standings';

/** A player's round: S, the board lines it came from and the raw results. */
export interface DuplicatePlayer {
  readonly player: string;
  readonly S: Decimal;
  readonly boards: readonly BoardLine[];
  readonly results: readonly DuplicateResult[];
}

const number = (value: Decimal): StepResult['value'] => ({ kind: 'number', value: value.toString() });

export function finalScore(): ChainStep<DuplicatePlayer> {
  return {
    key: 'S',
    better: 'higher',
    method: 'the final score S, the sum of the board ranking points (TRN-MP-5)',
    compute: (p) => ({
      value: number(p.S),
      contributions: p.boards.map((b) => ({
        value: b.points,
        note: `board ${b.board}, rank ${String(b.rank)}`,
      })),
    }),
  };
}

export function totalTime(): ChainStep<DuplicatePlayer> {
  return {
    key: 'totalSeconds',
    better: 'lower',
    method: 'total own play time, in seconds',
    compute: (p) => {
      const terms = p.boards.map((b) => ({ value: String(b.seconds), note: `board ${b.board}` }));
      return { value: number(terms.reduce((s, t) => s.plus(t.value), new Decimal(0))), contributions: terms };
    },
  };
}

export function trimmedTime(): ChainStep<DuplicatePlayer> {
  return {
    key: 'trimmedMeanSeconds',
    better: 'lower',
    method: 'the average play time without the longest and the shortest board (all boards below 3)',
    compute: (p) => {
      const sorted = [...p.boards].sort((x, y) => x.seconds - y.seconds);
      const kept = sorted.length >= 3 ? sorted.slice(1, -1) : sorted;
      if (kept.length === 0)
        return { value: { kind: 'none', reason: 'no boards played' }, contributions: [] };
      const terms: Contribution[] = sorted.map((b) => ({
        value: String(b.seconds),
        note: kept.includes(b) ? `board ${b.board}` : `board ${b.board} (dropped)`,
      }));
      // Division is correctly rounded to 20 significant digits: equal means stay equal, and
      // means of whole seconds over a few boards never differ by less than that.
      const mean = kept.reduce((s, b) => s.plus(b.seconds), new Decimal(0)).div(kept.length);
      return { value: number(mean), contributions: terms };
    },
  };
}

/** Board-rank counts, 1st places first: compared term by term, more first. */
function placeCounts(unit: string): ChainStep<DuplicatePlayer> {
  return {
    key: 'placeCounts',
    better: 'higher',
    method: `the number of 1st places on single ${unit}, then 2nd places, and so on`,
    compute: (p) => {
      const deepest = p.boards.reduce((max, b) => Math.max(max, b.rank), 0);
      const counts = Array.from({ length: deepest }, () => 0);
      for (const b of p.boards) counts[b.rank - 1] = (counts[b.rank - 1] ?? 0) + 1;
      return {
        value: { kind: 'counts', value: counts },
        contributions: p.boards.map((b) => ({
          value: String(b.rank),
          note: `board ${b.board}: rank ${String(b.rank)}`,
        })),
      };
    },
  };
}

/** The mean S of a list of defeated opponents (one term per board and opponent); 0 when none. */
function meanOfDefeated(terms: Contribution[]): StepResult {
  if (terms.length === 0) return { value: { kind: 'number', value: '0' }, contributions: [] };
  const total = terms.reduce((s, t) => s.plus(t.value), new Decimal(0));
  return { value: number(total.div(terms.length)), contributions: terms };
}

function defeatedDdz(players: ReadonlyMap<string, DuplicatePlayer>): ChainStep<DuplicatePlayer> {
  return {
    key: 'defeatedOpponentsMeanS',
    better: 'higher',
    method:
      'the average S of the defeated opponents (所胜对手): those in the same comparison set of a board who ranked lower on it, one term per board and opponent',
    compute: (p) => {
      const terms: Contribution[] = [];
      for (const line of p.boards)
        for (const other of line.comparedWith) {
          const them = players.get(other);
          const theirLine = them?.boards.find(
            (b) => b.board === line.board && b.comparedWith === line.comparedWith,
          );
          if (them === undefined || theirLine === undefined || theirLine.rank <= line.rank) continue;
          terms.push({ opponent: other, value: them.S.toString(), note: `board ${line.board}` });
        }
      return meanOfDefeated(terms);
    },
  };
}

function defeatedBigTwo(
  players: ReadonlyMap<string, DuplicatePlayer>,
  all: readonly DuplicateResult[],
): ChainStep<DuplicatePlayer> {
  const tableless = all.some((r) => r.table === undefined);
  return {
    key: 'defeatedOpponentsMeanS',
    better: 'higher',
    method:
      'the average S of the defeated opponents (所勝對手): those at the same table in that round who scored lower, one term per board and opponent',
    compute: (p) => {
      if (tableless)
        return {
          value: { kind: 'none', reason: 'the results carry no table assignments' },
          contributions: [],
        };
      const terms: Contribution[] = [];
      for (const mine of p.results)
        for (const other of all) {
          if (
            other.player === p.player ||
            String(other.board) !== String(mine.board) ||
            String(other.table) !== String(mine.table)
          )
            continue;
          if (new Decimal(other.score).gte(mine.score)) continue;
          terms.push({
            opponent: other.player,
            value: (players.get(other.player)?.S ?? new Decimal(0)).toString(),
            note: `board ${String(mine.board)}`,
          });
        }
      return meanOfDefeated(terms);
    },
  };
}

/**
 * TRN-TB-4 (002 附录二 二 2), Dou Dizhu, for equal S: less total time; lower trimmed average time;
 * higher mean S of defeated opponents; more 1st, then 2nd … places; play-off.
 * TRN-TB-5 (001 附录二 二 2), Big Two: defeated opponents first (at the same table), then places
 * (the source's single rounds: here each board), total time, trimmed average time; play-off.
 */
export function duplicateChain(
  game: DuplicateGame,
  players: ReadonlyMap<string, DuplicatePlayer>,
  results: readonly DuplicateResult[],
): Chain<DuplicatePlayer> {
  const steps =
    game === 'doudizhu'
      ? [finalScore(), totalTime(), trimmedTime(), defeatedDdz(players), placeCounts('boards')]
      : [
          finalScore(),
          defeatedBigTwo(players, results),
          placeCounts('rounds (boards)'),
          totalTime(),
          trimmedTime(),
        ];
  return { rule: game === 'doudizhu' ? 'TRN-TB-4' : 'TRN-TB-5', steps, idOf: (p) => p.player };
}
