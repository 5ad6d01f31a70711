import { violation, type Decision, type MatchResult } from '@tablecast/game-kit';
import type { TournamentCreated, TournamentEvent } from '@tablecast/events';
import { decideByMatchPoints, type MatchPointsGame } from '../formats/knockout-deciders';
import type { KnockoutGameState, PairingState, RoundState } from './state';

type Unit = TournamentCreated['data']['stages'][number]['unit'];

/**
 * The match id of a best-of round's next game, derived from its first game's so that a restart
 * finds the same one: `<event>.r<round>.t<table>.g1` → `….g2`, `….g3`. The extra deal on top of a
 * level deciding game is its own match, `<that game>.x` (TRN-KO-5 (b), below).
 */
export function nextGameMatchId(games: readonly KnockoutGameState[], extraDeal: boolean): string {
  const first = games[0];
  const last = games.at(-1);
  if (first === undefined || last === undefined) throw new RangeError('games: a best-of has its first game');
  if (extraDeal) return `${last.matchId}.x`;
  const base = first.matchId.endsWith('.g1') ? first.matchId.slice(0, -'.g1'.length) : first.matchId;
  return `${base}.g${String(games.filter((g) => !g.extraDeal).length + 1)}`;
}

/**
 * The games as TRN-KO-5 (b)'s decider reads them: each game's winner side (or level), and an
 * extra deal's winner set on the game it was played on top of. Games still being played are left out.
 */
export function matchPointsGames(
  pairing: PairingState,
  games: readonly KnockoutGameState[],
): MatchPointsGame[] {
  const side = (winner: string | null): 'a' | 'b' | 'level' =>
    winner === null ? 'level' : winner === pairing.a ? 'a' : 'b';
  const out: MatchPointsGame[] = [];
  for (const game of games) {
    if (game.winner === undefined) continue;
    const last = out.at(-1);
    if (!game.extraDeal) out.push({ winner: side(game.winner) });
    else if (last !== undefined && game.winner !== null) {
      const extra = side(game.winner);
      if (extra !== 'level') out[out.length - 1] = { ...last, extraDeal: extra };
    }
  }
  return out;
}

/**
 * TRN-KO-5 (b): the games each pair of a best-of round has won so far (the running score, 1:0,
 * 1:1, 2:1). A level game counts for neither, unless it was the deciding game and the extra deal
 * on top of it has been won: then its winner wins that game. Games still being played count for none.
 */
export function bestOfGamesWon(pairing: PairingState): { readonly a: number; readonly b: number } {
  let a = 0;
  let b = 0;
  for (const game of matchPointsGames(pairing, pairing.games ?? [])) {
    const winner = game.winner === 'level' ? game.extraDeal : game.winner;
    if (winner === 'a') a += 1;
    if (winner === 'b') b += 1;
  }
  return { a, b };
}

/**
 * TRN-KO-5 (b): a game of a best-of knockout round ended. It is recorded (KnockoutGameRecorded);
 * then either the round is decided (ResultRecorded: the winner 2:0 in match points, each side's
 * level points summed over the games), or the next game is set at the same table (MatchAssigned),
 * or, when the deciding game ended level, the extra deal on top of it.
 *
 * The extra deal (TRN-KO-5 (b), TRN-KO-4) is recorded as its own one-deal match: a Guandan match
 * ends with its last deal and has no way to be extended, so the deal "on top of that game" is a
 * new one-deal game at the same table between the same pairs. One deal always raises one pair
 * (GD-FMT-6), so it always has a winner, who wins the deciding game.
 */
export function recordKnockoutGame(
  command: { readonly matchId: string; readonly result: MatchResult; readonly now: string },
  round: RoundState,
  pairing: PairingState,
  unit: Unit,
): Decision<TournamentEvent> {
  const games = pairing.games ?? [];
  const game = games.find((g) => g.matchId === command.matchId);
  if (game === undefined)
    return violation(
      'TC-TRN-UNKNOWN',
      `matchId: ${command.matchId} is not a game of ${pairing.match}`,
      '该比赛不属于本对阵',
    );
  if (game.winner !== undefined || round.results.has(pairing.match))
    return violation(
      'TRN-SWISS-9',
      `match: game ${String(game.game)} of ${pairing.match} has a result; a recorded result changes only by a correction`,
      '该局成绩已登记，只能更正',
    );
  const [first, second] = command.result.sides;
  if (first === undefined || second === undefined || command.result.sides.length !== 2)
    return violation('TC-TRN-STATE', 'result.sides: a pairing is scored from two sides', '成绩须有两方');
  // The pairing's first pair plays the game's first side (Guandan: NS), as for a one-game round.
  const winner =
    first.matchPoints === second.matchPoints
      ? null
      : first.matchPoints > second.matchPoints
        ? pairing.a
        : pairing.b;
  const levelPoints = { a: first.score, b: second.score };
  const played = games.map((g) => (g === game ? { ...g, winner, levelPoints } : g));
  const events: TournamentEvent[] = [
    {
      type: 'KnockoutGameRecorded',
      data: {
        round: round.round,
        match: pairing.match,
        game: game.game,
        extraDeal: game.extraDeal,
        matchId: command.matchId,
        winner,
        gameResult: {
          reason: command.result.reason,
          rule: command.result.rule,
          winner: command.result.winner,
          sides: command.result.sides.map((s) => ({ ...s })),
          boards: command.result.boards.map((b) => ({ ...b, scores: { ...b.scores } })),
        },
        recordedAt: command.now,
      },
    },
  ];
  const bestOf = unit.games as 3 | 5;
  const decision = decideByMatchPoints(matchPointsGames(pairing, played), bestOf);
  if (decision.decided) {
    const sums = sumLevelPoints(played);
    const aWon = decision.winner === 'a';
    events.push({
      type: 'ResultRecorded',
      data: {
        round: round.round,
        match: pairing.match,
        source: 'game',
        matchId: command.matchId,
        gameResult: null,
        scored: {
          kind: 'played',
          a: { entrant: pairing.a, matchTenths: aWon ? 20 : 0, levelPoints: sums.a, levelDifference: 0 },
          b: { entrant: pairing.b, matchTenths: aWon ? 0 : 20, levelPoints: sums.b, levelDifference: 0 },
        },
        recordedAt: command.now,
      },
    });
    return { ok: true, events };
  }
  const extraDeal = decision.next === 'extraDeal';
  events.push({
    type: 'MatchAssigned',
    data: {
      round: round.round,
      match: pairing.match,
      table: pairing.table ?? 1,
      matchId: nextGameMatchId(played, extraDeal),
      game: game.game + 1,
      ...(extraDeal ? { extraDeal: true } : {}),
    },
  });
  return { ok: true, events };
}

/**
 * Each side's level points summed over the round's games (TRN-SCORE-1), kept on the round's result
 * for the sheets; the knockout itself goes by the games won. The extra deal adds none: it only
 * settles the game it was played on top of.
 */
function sumLevelPoints(played: readonly KnockoutGameState[]): { a: number; b: number } {
  let a = 0;
  let b = 0;
  for (const game of played) {
    if (game.extraDeal || game.levelPoints === undefined) continue;
    a += game.levelPoints.a;
    b += game.levelPoints.b;
  }
  return { a, b };
}
