import { answerOracleJsonLine, oracleReplayAnswer, type OracleAnswer } from '@tablecast/game-kit';
import type { Face } from '@tablecast/cards';
import { classify } from '../combos/classify';
import { beats } from '../combos/compare';
import { legalPlays } from '../combos/legal-plays';
import type { B2Reading } from '../combos/reading';
import { DEFAULT_BIGTWO_RULES, type BigTwoRules } from '../combos/rules';
import { replayChecked } from '../engine/replay-checked';
import { scoreBoard } from '../scoring/score';
import { readingShapeProblem } from './reading-shape';
import { B2OracleRequestSchema, type B2OracleRequest } from './requests';

export type B2OracleResponse = OracleAnswer;

type Stated = { readonly cards: readonly string[] } | B2Reading;

/**
 * The Big Two rules oracle: one JSON request line in, one JSON response object out
 * (docs/rules-oracle-bigtwo.md). Never throws: malformed input gives `{ok:false, error}`, a rule
 * problem `{ok:false, rule, message}`.
 */
export function answerBigTwoOracleLine(line: string): B2OracleResponse {
  return answerOracleJsonLine(line, B2OracleRequestSchema, (request) =>
    answer(request, { ...DEFAULT_BIGTWO_RULES, ...request.rules }),
  );
}

function answer(request: B2OracleRequest, rules: BigTwoRules): B2OracleResponse {
  switch (request.op) {
    case 'classify':
      return (
        deckProblem('cards', request.cards) ?? { ok: true, reading: classify(request.cards as Face[], rules) }
      );
    case 'beats': {
      const play = readingOf('play', request.play, rules);
      if (!play.ok) return play.problem;
      const toBeat = readingOf('toBeat', request.toBeat, rules);
      if (!toBeat.ok) return toBeat.problem;
      return { ok: true, beats: beats(play.reading, toBeat.reading, rules) };
    }
    case 'legalPlays': {
      const problem = deckProblem('hand', request.hand);
      if (problem !== null) return problem;
      let toBeat: B2Reading | null = null;
      if (request.toBeat !== null) {
        const read = readingOf('toBeat', request.toBeat, rules);
        if (!read.ok) return read.problem;
        toBeat = read.reading;
      }
      const plays = legalPlays(request.hand as Face[], toBeat, rules);
      return { ok: true, plays: plays.map((play) => ({ cards: play.faces, reading: play.reading })) };
    }
    case 'score': {
      const score = scoreBoard(request, rules);
      return { ok: true, cardPoints: score.cardPoints, scores: score.scores };
    }
    case 'replay':
      // The stream's own MatchCreated carries its ruleset; the request's `rules` do not apply.
      return oracleReplayAnswer(replayChecked(request.events));
    default:
      return unknownOp(request);
  }
}

/** B2-DEAL-1: one deck, so no card twice. */
function deckProblem(field: string, cards: readonly string[]): B2OracleResponse | null {
  const seen = new Set<string>();
  for (const face of cards) {
    if (seen.has(face))
      return {
        ok: false,
        rule: 'B2-DEAL-1',
        message: `${field}: ${face} appears twice; the one deck holds each card once`,
      };
    seen.add(face);
  }
  return null;
}

type ReadResult = { ok: true; reading: B2Reading } | { ok: false; problem: B2OracleResponse };

/** The reading of a stated play: the cards' one reading, or a stated reading that can exist. */
function readingOf(field: string, stated: Stated, rules: BigTwoRules): ReadResult {
  if (!('cards' in stated)) {
    const bad = readingShapeProblem(stated, rules);
    if (bad === null) return { ok: true, reading: stated };
    return { ok: false, problem: { ok: false, rule: 'B2-COMBO-9', message: `${field}: ${bad}` } };
  }
  const problem = deckProblem(`${field}.cards`, stated.cards);
  if (problem !== null) return { ok: false, problem };
  const reading = classify(stated.cards as Face[], rules);
  if (reading === null)
    return {
      ok: false,
      problem: {
        ok: false,
        rule: 'B2-COMBO-9',
        message: `${field}: ${stated.cards.join(' ')} is not a combination`,
      },
    };
  return { ok: true, reading };
}

function unknownOp(request: never): B2OracleResponse {
  return { ok: false, error: `unknown op in ${JSON.stringify(request)}` };
}
