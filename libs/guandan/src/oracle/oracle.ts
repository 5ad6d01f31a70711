import { answerOracleJsonLine, oracleReplayAnswer, type OracleAnswer } from '@tablecast/game-kit';
import type { Face, Rank } from '@tablecast/cards';
import { classify } from '../combos/classify';
import { beats } from '../combos/compare';
import { legalPlays } from '../combos/legal-plays';
import { replay } from '../engine/replay';
import { sameReading, type Reading } from '../model/reading';
import { RULESETS, type Ruleset } from '../ruleset/ruleset';
import { readingProblem } from './reading-check';
import { OracleRequestSchema, type OracleRequest } from './requests';

export type OracleResponse = OracleAnswer;

/**
 * The rules oracle: one JSON request line in, one JSON response object out (docs/rules-oracle.md).
 * Never throws: malformed input gives `{ok:false, error}`, a rule problem `{ok:false, rule, message}`.
 */
export function answerOracleLine(line: string): OracleResponse {
  return answerOracleJsonLine(line, OracleRequestSchema, answer);
}

function answer(request: OracleRequest): OracleResponse {
  const rules = RULESETS[request.ruleset ?? 'cga2017'];
  switch (request.op) {
    case 'classify': {
      const problem = deckProblem(request.cards);
      if (problem !== null) return problem;
      return { ok: true, readings: classify(request.cards, request.level, rules) };
    }
    case 'beats': {
      for (const side of [request.play, request.current]) {
        const problem = deckProblem(side.cards) ?? readingOf(side.cards, side.as, request.level, rules);
        if (problem !== null) return problem;
      }
      return { ok: true, beats: beats(request.play.as, request.current.as, request.level) };
    }
    case 'legalPlays': {
      const problem = deckProblem(request.hand);
      if (problem !== null) return problem;
      if (request.toBeat !== null) {
        const bad = readingProblem(request.toBeat, rules.maxBombLength);
        if (bad !== null) return { ok: false, rule: 'GD-COMBO-11', message: `toBeat: ${bad}` };
      }
      return { ok: true, plays: legalPlays(request.hand, request.toBeat, request.level, rules) };
    }
    case 'replay':
      return oracleReplayAnswer(replay(request.events));
    case 'rulesets':
      return { ok: true, default: 'cga2017', rulesets: RULESETS };
    default:
      return unknownOp(request);
  }
}

/** GD-DECK-1: no face more than twice. */
function deckProblem(cards: readonly Face[]): OracleResponse | null {
  const seen = new Map<Face, number>();
  for (const face of cards) {
    const n = (seen.get(face) ?? 0) + 1;
    if (n > 2)
      return {
        ok: false,
        rule: 'GD-DECK-1',
        message: `${face} appears more than twice; each face exists twice`,
      };
    seen.set(face, n);
  }
  return null;
}

/** The declared reading must be one of the cards' readings (GD-WILD-5). */
function readingOf(cards: readonly Face[], as: Reading, level: Rank, rules: Ruleset): OracleResponse | null {
  const readings = classify(cards, level, rules);
  if (readings.length === 0)
    return { ok: false, rule: 'GD-COMBO-11', message: `${cards.join(' ')} is not a combination` };
  if (!readings.some((r) => sameReading(r, as))) {
    return {
      ok: false,
      rule: 'GD-WILD-5',
      message: `${cards.join(' ')} cannot be read as ${JSON.stringify(as)}`,
    };
  }
  return null;
}

function unknownOp(request: never): OracleResponse {
  return { ok: false, error: `unknown op in ${JSON.stringify(request)}` };
}
