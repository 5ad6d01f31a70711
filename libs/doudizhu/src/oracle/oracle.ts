import { answerOracleJsonLine, oracleReplayAnswer, type OracleAnswer } from '@tablecast/game-kit';
import type { Face } from '@tablecast/cards';
import { classify } from '../combos/classify';
import { beats } from '../combos/compare';
import { ddzLegalPlays } from '../combos/legal-plays';
import { sameDdzReading, type DdzReading } from '../combos/reading';
import { replayChecked } from '../engine/replay-checked';
import { scoreBoard } from '../scoring/score';
import { readingShapeProblem } from './reading-shape';
import { DdzOracleRequestSchema, type DdzOracleRequest } from './requests';

export type DdzOracleResponse = OracleAnswer;

interface Played {
  cards: Face[];
  as?: DdzReading | undefined;
}

/**
 * The Dou Dizhu rules oracle: one JSON request line in, one JSON response object out
 * (docs/rules-oracle-doudizhu.md). Never throws: malformed input gives `{ok:false, error}`, a rule
 * problem `{ok:false, rule, message}`.
 */
export function answerDoudizhuOracleLine(line: string): DdzOracleResponse {
  return answerOracleJsonLine(line, DdzOracleRequestSchema, answer);
}

function answer(request: DdzOracleRequest): DdzOracleResponse {
  switch (request.op) {
    case 'classify':
      return deckProblem('cards', request.cards) ?? { ok: true, readings: classify(request.cards) };
    case 'beats': {
      const play = readingOf('play', request.play);
      if (!play.ok) return play.problem;
      const current = readingOf('current', request.current);
      if (!current.ok) return current.problem;
      return { ok: true, beats: beats(play.reading, current.reading) };
    }
    case 'legalPlays': {
      const problem = deckProblem('hand', request.hand);
      if (problem !== null) return problem;
      let toBeat: DdzReading | null = null;
      if (request.toBeat !== null) {
        if ('cards' in request.toBeat) {
          const read = readingOf('toBeat', request.toBeat);
          if (!read.ok) return read.problem;
          toBeat = read.reading;
        } else {
          const bad = readingShapeProblem(request.toBeat);
          if (bad !== null) return { ok: false, rule: 'DDZ-COMBO-12', message: `toBeat: ${bad}` };
          toBeat = request.toBeat;
        }
      }
      return { ok: true, plays: ddzLegalPlays(request.hand, toBeat) };
    }
    case 'score':
      return scoreAnswer(request);
    case 'replay':
      return oracleReplayAnswer(replayChecked(request.events));
    default:
      return unknownOp(request);
  }
}

function scoreAnswer(request: Extract<DdzOracleRequest, { op: 'score' }>): DdzOracleResponse {
  if (request.spring && request.winner !== 'landlord')
    return { ok: false, rule: 'DDZ-END-2', message: 'spring: only the landlord wins by a spring' };
  if (request.antiSpring && request.winner !== 'defenders')
    return { ok: false, rule: 'DDZ-END-3', message: 'antiSpring: only the defenders win by an anti-spring' };
  if (request.redoubled && !request.doubled[0] && !request.doubled[1])
    return { ok: false, rule: 'DDZ-DBL-2', message: 'redoubled: the landlord may redouble only a double' };
  const score = scoreBoard(request);
  return { ok: true, defenders: score.defenders, landlord: score.landlord };
}

/** DDZ-DEAL-1: one deck, so no face twice. */
function deckProblem(field: string, cards: readonly Face[]): DdzOracleResponse | null {
  const seen = new Set<Face>();
  for (const face of cards) {
    if (seen.has(face))
      return {
        ok: false,
        rule: 'DDZ-DEAL-1',
        message: `${field}: ${face} appears twice; the one deck holds each card once`,
      };
    seen.add(face);
  }
  return null;
}

type ReadResult = { ok: true; reading: DdzReading } | { ok: false; problem: DdzOracleResponse };

/** The reading a played set stands for: its declared `as`, which must be one of its readings, or its only reading. */
function readingOf(field: string, played: Played): ReadResult {
  const problem = deckProblem(`${field}.cards`, played.cards);
  if (problem !== null) return { ok: false, problem };
  const readings = classify(played.cards);
  const cards = played.cards.join(' ');
  if (readings.length === 0)
    return {
      ok: false,
      problem: { ok: false, rule: 'DDZ-COMBO-12', message: `${field}: ${cards} is not a combination` },
    };
  const declared = played.as;
  if (declared !== undefined) {
    const match = readings.find((r) => sameDdzReading(r, declared));
    if (match === undefined)
      return {
        ok: false,
        problem: {
          ok: false,
          rule: 'DDZ-COMBO-12',
          message: `${field}: ${cards} cannot be read as ${JSON.stringify(declared)}`,
        },
      };
    return { ok: true, reading: match };
  }
  const [only, ...others] = readings;
  if (only === undefined || others.length > 0)
    return {
      ok: false,
      problem: {
        ok: false,
        error: `${field}.as: ${cards} reads ${readings.length} ways; name the one played`,
      },
    };
  return { ok: true, reading: only };
}

function unknownOp(request: never): DdzOracleResponse {
  return { ok: false, error: `unknown op in ${JSON.stringify(request)}` };
}
