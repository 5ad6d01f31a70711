import type { TournamentCreated, TournamentEvent } from '@tablecast/events';
import { BYE, resolveBracket, type Bracket, type ResolvedMatch } from '../formats/bracket';
import { singleKnockout } from '../formats/knockout';
import type { ResultState, TournamentState } from './state';

type Stage = TournamentCreated['data']['stages'][number];

/** A knockout round's pairing (and its byes' results), or the rule that stops it (the decider answers with it). */
export type KnockoutPairing =
  | { readonly ok: true; readonly events: readonly TournamentEvent[] }
  | { readonly ok: false; readonly rule: string; readonly message: string; readonly messageZh: string };

/**
 * The pairing id of a bracket match in a tournament round: the round, then the bracket's own id
 * (`R1-M2` → `r1.R1.M2`, as pairing ids take letters, digits, `_`, `.` and `:`).
 */
export const knockoutMatchId = (round: number, bracketMatch: string): string =>
  `r${String(round)}.${bracketMatch.replaceAll('-', '.')}`;

/**
 * The stage's entrants in seed order (TRN-KO-1: the bracket is set by strength): in stage 1 the
 * entrants still in, by seed then registration number; after a stage, the pairs it sent on, in the
 * order the advance named them.
 */
export function knockoutField(state: TournamentState): string[] {
  if (state.stage > 1 && state.advancing !== null)
    return state.advancing.filter((e) => state.entrants.get(e)?.withdrawnIn === undefined);
  return [...state.entrants.values()]
    .filter((e) => e.withdrawnIn === undefined)
    .sort((x, y) => (x.seed ?? Infinity) - (y.seed ?? Infinity) || x.number - y.number)
    .map((e) => e.entrant);
}

/** The stage's bracket: single elimination over its field, with the third-place play-off if the event has one. */
export function stageBracket(state: TournamentState, created: TournamentCreated['data']): Bracket {
  return singleKnockout(knockoutField(state), { thirdPlace: created.options.thirdPlace === true });
}

/**
 * Who went through from a recorded knockout result: a forfeit's other side, else the side with more
 * match points; null for a draw (TRN-KO-4: a knockout match must produce a winner).
 */
export function knockoutWinner(result: ResultState): string | null {
  const { a, b, forfeitedBy } = result.scored;
  if (b === null) return a.entrant;
  if (forfeitedBy !== undefined) return forfeitedBy === a.entrant ? b.entrant : a.entrant;
  if (a.matchTenths === b.matchTenths) return null;
  return a.matchTenths > b.matchTenths ? a.entrant : b.entrant;
}

/** The stage's bracket resolved against the results recorded in its rounds so far. */
export function resolveStage(
  state: TournamentState,
  created: TournamentCreated['data'],
): {
  bracket: Bracket;
  matches: ResolvedMatch[];
  placings: { place: number; entrant: string | null }[];
  draws: string[];
} {
  const bracket = stageBracket(state, created);
  const winners: Record<string, string> = {};
  const draws: string[] = [];
  for (const round of state.rounds) {
    if (round.stage !== state.stage) continue;
    const ids = new Map(bracket.matches.map((m) => [knockoutMatchId(round.round, m.id), m.id]));
    for (const [match, result] of round.results) {
      const id = ids.get(match);
      if (id === undefined) continue;
      const winner = knockoutWinner(result);
      if (winner === null) draws.push(match);
      else winners[id] = winner;
    }
  }
  return { bracket, draws, ...resolveBracket(bracket, winners) };
}

/**
 * TRN-KO-1/4: the next round of a single-knockout stage. Its bracket round is the stage's next one;
 * its pairings are the bracket matches of that round whose sides are both known, the third-place
 * play-off beside the final. A side facing a bye (TRN-KO-1, 000 附录五: the top seeds, in round 1)
 * is through without a game, and that is recorded as the bye's result (`byeResults`), so the
 * stream, the standings and the bracket all show who went through and why. The previous round
 * must be complete, and a draw must have been broken first.
 */
export function pairKnockoutRound(
  state: TournamentState,
  created: TournamentCreated['data'],
  stage: Stage,
  seed: string | null,
  now: string,
): KnockoutPairing {
  if (knockoutField(state).length < 2)
    return {
      ok: false,
      rule: 'TRN-KO-1',
      message: 'entrants: a knockout needs at least 2 pairs',
      messageZh: '淘汰赛至少需要2对',
    };
  const resolved = resolveStage(state, created);
  const [draw] = resolved.draws;
  if (draw !== undefined)
    return {
      ok: false,
      rule: 'TRN-KO-4',
      message: `match: ${draw} is a draw; a knockout match must produce a winner (correct its result after the extra deal)`,
      messageZh: '淘汰赛须决出胜负',
    };
  const inStage = state.rounds.filter((r) => r.stage === state.stage).length;
  const bracketRound = inStage + 1;
  const playing = resolved.matches.filter((m) => m.round === bracketRound && m.ready);
  if (playing.length === 0 || bracketRound > stage.rounds)
    return {
      ok: false,
      rule: 'TRN-KO-1',
      message: `round: the bracket has no match left to pair (stage ${String(state.stage)} is decided)`,
      messageZh: '淘汰赛已决出名次',
    };
  const round = state.rounds.length + 1;
  const pairs = playing.map((m) => ({ match: knockoutMatchId(round, m.id), a: m.a ?? '', b: m.b ?? '' }));
  const data: Extract<TournamentEvent, { type: 'RoundPaired' }>['data'] = {
    round,
    stage: state.stage,
    seed,
    inputStandings: knockoutField(state).map((entrant, i) => ({
      entrant,
      matchPoints: '0',
      levelPoints: 0,
      unit: state.entrants.get(entrant)?.unit ?? null,
      number: i + 1,
      byes: 0,
    })),
    history: [],
    pairs,
    bye: null,
    relaxed: [],
  };
  const byes = resolved.matches.filter((m) => m.round === bracketRound && (m.a === BYE) !== (m.b === BYE));
  return {
    ok: true,
    events: [{ type: 'RoundPaired', data }, ...byeResults(created, round, byes, now)],
  };
}

/**
 * The results of a knockout round's byes: the pair facing the bye goes through, recorded as a bye
 * (kind `bye`, `b` null) under the bracket match it did not have to play.
 * Interpretation (TRN-KO-1, 000 附录五): a knockout bye only passes the pair on; the documents give
 * it no score. It carries the regulations' bye score when they set one (`options.byeScore`), else
 * none (0 match points, 0 level points), so a knockout's standings never rank a bye above a win.
 */
export function byeResults(
  created: TournamentCreated['data'],
  round: number,
  byes: readonly ResolvedMatch[],
  now: string,
): TournamentEvent[] {
  const score = created.options.byeScore ?? { matchTenths: 0, levelPoints: 0 };
  return byes.map((m): TournamentEvent => ({
    type: 'ResultRecorded',
    data: {
      round,
      match: knockoutMatchId(round, m.id),
      source: 'bye',
      matchId: null,
      gameResult: null,
      scored: {
        kind: 'bye',
        a: {
          entrant: m.a === BYE ? (m.b ?? '') : (m.a ?? ''),
          matchTenths: score.matchTenths,
          levelPoints: score.levelPoints,
          levelDifference: 0,
        },
        b: null,
      },
      recordedAt: now,
    },
  }));
}
