import { violation, type Decision, type MatchResult } from '@tablecast/game-kit';
import type {
  ResultRecorded,
  RoundBoardSetCreated,
  TournamentCreated,
  TournamentEvent,
} from '@tablecast/events';
import { pairSwissRound } from '../pairing/swiss';
import { EVENT_003, swissCorrectionAllowed } from '../pairing/swiss-event';
import { byeResult, forfeitResult } from '../scoring/record';
import { withdrawalForfeitScore } from '../scoring/forfeits';
import type { ScoredResult } from '../scoring/result';
import { computeStandings } from '../standings/standings';
import { recordKnockoutGame } from './knockout-games';
import { assignBoardSet, createRoundBoardSet, releaseRoundBoardSeed } from './table-boards';
import { pairKnockoutRound } from './knockout-pair';
import { scoredResults, type RoundState, type TournamentState } from './state';
import { isDuplicateGame } from './table-game';
import { pairTableRound } from './table-pair';
import { streamRoundsOf } from './table-sessions';
import { recordTableResult } from './table-result';
import { correctBoardTime, type CorrectBoardTime } from './board-time';

/**
 * A command out of order for the stream's life cycle (create twice, pair before the last round is
 * complete): the platform's own rule, not a competition document's. The API answers 409.
 */
export const TOURNAMENT_STATE_RULE = 'TC-TRN-STATE';
/** A name that is not in the stream (an entrant, a round, a match). The API answers 404. */
export const TOURNAMENT_UNKNOWN_RULE = 'TC-TRN-UNKNOWN';

type Data<T extends TournamentEvent['type']> = Extract<TournamentEvent, { type: T }>['data'];
type Scored = ResultRecorded['data']['scored'];

export type TournamentCommand =
  | ({ readonly type: 'CreateTournament' } & Omit<Data<'TournamentCreated'>, 'format'>)
  | {
      readonly type: 'RegisterEntrant';
      readonly entrant: string;
      readonly name: string;
      readonly unit: string | null;
      readonly seed: number | null;
    }
  | {
      readonly type: 'WithdrawEntrant';
      readonly entrant: string;
      readonly reason: string;
      readonly now: string;
    }
  | { readonly type: 'PairRound'; readonly seed: string | null; readonly now: string }
  | { readonly type: 'PublishRound'; readonly round: number; readonly now: string }
  | {
      readonly type: 'AssignMatch';
      readonly round: number;
      readonly match: string;
      readonly table: number;
      readonly matchId: string;
    }
  | ({ readonly type: 'CreateRoundBoardSet' } & RoundBoardSetCreated['data'])
  | { readonly type: 'AssignBoardSet'; readonly round: number; readonly match: string; readonly set: string }
  | {
      readonly type: 'ReleaseRoundBoardSeed';
      readonly round: number;
      readonly set: string;
      readonly seed: string;
      readonly now: string;
    }
  | {
      readonly type: 'RecordGameResult';
      readonly matchId: string;
      readonly result: MatchResult;
      readonly now: string;
    }
  | {
      readonly type: 'RecordForfeit';
      readonly round: number;
      readonly match: string;
      readonly forfeitedBy: string;
      readonly now: string;
    }
  | {
      readonly type: 'CorrectResult';
      readonly round: number;
      readonly match: string;
      readonly kind: 'scoring' | 'dataEntry';
      readonly reason: string;
      readonly scored: Scored;
      /** When the players left the table, for a scoring error (TRN-SWISS-9). */
      readonly playersLeftAt: string | null;
      readonly now: string;
    }
  | CorrectBoardTime
  | { readonly type: 'AdvanceStage'; readonly advancing: readonly string[] };

const reject = (rule: string, message: string, messageZh: string): Decision<TournamentEvent> =>
  violation(rule, message, messageZh);
const accept = (...events: TournamentEvent[]): Decision<TournamentEvent> => ({ ok: true, events });

/** The tournament's decider: the events a command causes, or the rule it breaks (never throws). */
export function decideTournament(
  command: TournamentCommand,
  state: TournamentState,
): Decision<TournamentEvent> {
  if (command.type === 'CreateTournament') {
    if (state.created !== null)
      return reject(TOURNAMENT_STATE_RULE, 'the tournament already exists', '比赛已创建');
    const data = {
      tournamentId: command.tournamentId,
      name: command.name,
      game: command.game,
      ruleset: command.ruleset,
      stages: command.stages,
      options: command.options,
    };
    const first = data.stages[0];
    if (first === undefined)
      return reject('TRN-EVT-2', 'stages: an event has at least one stage', '至少一个阶段');
    for (const [i, stage] of data.stages.entries())
      if (i < data.stages.length - 1 && stage.advance === undefined)
        return reject(
          'TRN-EVT-2',
          `stages.${String(i)}.advance: a stage before another must say how many pairs go on`,
          '须规定晋级数',
        );
    // TRN-MOVE-1: the duplicate Swiss movement seats individual Dou Dizhu or Big Two players.
    for (const [i, stage] of data.stages.entries())
      if (stage.format === 'duplicateSwiss' && !isDuplicateGame(data.game))
        return reject(
          'TRN-MOVE-1',
          `stages.${String(i)}.format: duplicateSwiss seats Dou Dizhu or Big Two players, not ${data.game}`,
          '复式移位仅用于斗地主与锄大地',
        );
    // TRN-MOVE-6: sessions and when to move belong to the duplicate movement alone.
    const sessionOption = (['sessionsPerRound', 'moveAfter', 'rankingBasis'] as const).find(
      (key) => data.options[key] !== undefined,
    );
    if (sessionOption !== undefined && !data.stages.some((stage) => stage.format === 'duplicateSwiss'))
      return reject(
        'TRN-MOVE-6',
        `options.${sessionOption}: sessions and moves are set for a duplicateSwiss stage, and this event has none`,
        '仅复式移位赛设局数与移位时机',
      );
    for (const [i, stage] of data.stages.entries()) {
      if (!stage.unit.bestOf) continue;
      // TRN-EVT-3 / TRN-KO-5 (b): a best-of holds an odd number of games, each of a set number of deals.
      if (stage.unit.games % 2 === 0)
        return reject(
          'TRN-EVT-3',
          `stages.${String(i)}.unit.games: a best-of needs an odd number of games`,
          '多局制须为奇数局',
        );
      if (stage.unit.deals === undefined)
        return reject(
          'TRN-KO-5',
          `stages.${String(i)}.unit.deals: a best-of round says how many deals each game has`,
          '须规定每局副数',
        );
    }
    return accept({ type: 'TournamentCreated', data: { ...data, format: first.format } });
  }
  const created = state.created;
  if (created === null) return reject(TOURNAMENT_UNKNOWN_RULE, 'no such tournament', '比赛不存在');
  switch (command.type) {
    case 'RegisterEntrant':
      return register(command, state, created);
    case 'WithdrawEntrant':
      return withdraw(command, state, created);
    case 'PairRound':
      return pair(command, state, created);
    case 'PublishRound': {
      const round = state.rounds[command.round - 1];
      if (round === undefined)
        return reject(
          TOURNAMENT_UNKNOWN_RULE,
          `round: round ${String(command.round)} is not paired`,
          '该轮未编排',
        );
      if (round.publishedAt !== null)
        return reject(
          TOURNAMENT_STATE_RULE,
          `round: round ${String(command.round)} is already published`,
          '该轮已公布',
        );
      return accept({ type: 'RoundPublished', data: { round: command.round, publishedAt: command.now } });
    }
    case 'AssignMatch': {
      const round = state.rounds[command.round - 1];
      // A pairing of two pairs, or a duplicate table of individual players (TRN-MOVE-4).
      const pairing = round?.pairings.get(command.match) ?? round?.tables.get(command.match);
      if (round === undefined || pairing === undefined)
        return reject(
          TOURNAMENT_UNKNOWN_RULE,
          `match: no pairing ${command.match} in round ${String(command.round)}`,
          '无此对阵',
        );
      if (round.publishedAt === null)
        return reject(
          TOURNAMENT_STATE_RULE,
          'round: a pairing is played once it is published',
          '对阵公布后方可开赛',
        );
      if (pairing.matchId !== undefined)
        return reject(
          TOURNAMENT_STATE_RULE,
          `match: ${command.match} is already at table ${String(pairing.table)}`,
          '该对阵已分配球桌',
        );
      for (const other of [...round.pairings.values(), ...round.tables.values()])
        if (other.matchId !== undefined && other.table === command.table)
          return reject(
            TOURNAMENT_STATE_RULE,
            `table: table ${String(command.table)} already plays ${other.match}`,
            '该桌已有比赛',
          );
      // TRN-KO-5 (b): in a best-of round the pairing's first game is set at the table; the next
      // games follow it there as the results come in (knockout-games.ts).
      const bestOf = created.stages[round.stage - 1]?.unit.bestOf === true;
      return accept({
        type: 'MatchAssigned',
        data: {
          round: command.round,
          match: command.match,
          table: command.table,
          matchId: command.matchId,
          ...(bestOf ? { game: 1 } : {}),
        },
      });
    }
    case 'CreateRoundBoardSet': {
      const { group, set, seedCommitment, boards } = command;
      return createRoundBoardSet(
        { round: command.round, group, set, seedCommitment, boards },
        state,
        TOURNAMENT_STATE_RULE,
      );
    }
    case 'AssignBoardSet':
      return assignBoardSet(command, state, TOURNAMENT_STATE_RULE, TOURNAMENT_UNKNOWN_RULE);
    case 'ReleaseRoundBoardSeed':
      return releaseRoundBoardSeed(command, state, TOURNAMENT_STATE_RULE, TOURNAMENT_UNKNOWN_RULE);
    case 'RecordGameResult':
      return recordGame(command, state, created);
    case 'RecordForfeit': {
      const round = state.rounds[command.round - 1];
      const pairing = round?.pairings.get(command.match);
      if (round === undefined || pairing === undefined)
        return reject(
          TOURNAMENT_UNKNOWN_RULE,
          `match: no pairing ${command.match} in round ${String(command.round)}`,
          '无此对阵',
        );
      if (round.results.has(command.match))
        return reject(
          'TRN-SWISS-9',
          `match: ${command.match} has a result; a recorded result changes only by a correction`,
          '成绩已登记，只能更正',
        );
      if (command.forfeitedBy !== pairing.a && command.forfeitedBy !== pairing.b)
        return reject(
          TOURNAMENT_UNKNOWN_RULE,
          `forfeitedBy: ${command.forfeitedBy} does not play ${command.match}`,
          '弃权方不在该对阵中',
        );
      const winner = command.forfeitedBy === pairing.a ? pairing.b : pairing.a;
      const result = forfeitResult(
        created.ruleset,
        { id: command.match, round: command.round },
        winner,
        command.forfeitedBy,
      );
      return accept(recorded(result, 'forfeit', null, command.now));
    }
    case 'CorrectResult':
      return correct(command, state);
    case 'CorrectBoardTime':
      return correctBoardTime(command, state, TOURNAMENT_UNKNOWN_RULE);
    case 'AdvanceStage': {
      const stage = created.stages[state.stage - 1];
      const next = created.stages[state.stage];
      if (stage === undefined || next === undefined)
        return reject('TRN-EVT-2', 'stage: this is the last stage', '已是最后阶段');
      const played = state.rounds.filter((r) => r.stage === state.stage);
      if (played.length < streamRoundsOf(stage, created) || played.some((r) => !complete(r)))
        return reject(
          TOURNAMENT_STATE_RULE,
          `stage: stage ${String(state.stage)} has rounds to play`,
          '本阶段比赛未完成',
        );
      if (stage.advance !== undefined && command.advancing.length !== stage.advance)
        return reject(
          'TRN-EVT-2',
          `advancing: stage ${String(state.stage)} sends on ${String(stage.advance)} pairs`,
          '晋级数不符',
        );
      for (const e of command.advancing)
        if (!state.entrants.has(e))
          return reject(TOURNAMENT_UNKNOWN_RULE, `advancing: ${e} is not an entrant`, '无此参赛队');
      return accept({
        type: 'StageAdvanced',
        data: { fromStage: state.stage, toStage: state.stage + 1, advancing: [...command.advancing] },
      });
    }
  }
}

function register(
  command: Extract<TournamentCommand, { type: 'RegisterEntrant' }>,
  state: TournamentState,
  created: TournamentCreated['data'],
): Decision<TournamentEvent> {
  if (state.entrants.has(command.entrant))
    return reject(TOURNAMENT_STATE_RULE, `entrant: ${command.entrant} is already entered`, '该参赛队已报名');
  const active = [...state.entrants.values()].filter((e) => e.withdrawnIn === undefined).length;
  if (created.ruleset === 'cesa2023' && active >= EVENT_003.maxPairs)
    return reject(
      'TRN-SWISS-10',
      `entrant: the 003 event takes at most ${String(EVENT_003.maxPairs)} pairs`,
      '参赛队已满100对',
    );
  const data = {
    entrant: command.entrant,
    name: command.name,
    unit: command.unit,
    seed: command.seed,
    number: state.entrants.size + 1,
  };
  // Once round 1 is paired a new pair enters late, from the next round on.
  return state.rounds.length === 0
    ? accept({ type: 'EntrantRegistered', data })
    : accept({ type: 'EntrantLateEntered', data: { ...data, fromRound: state.rounds.length + 1 } });
}

function withdraw(
  command: Extract<TournamentCommand, { type: 'WithdrawEntrant' }>,
  state: TournamentState,
  created: TournamentCreated['data'],
): Decision<TournamentEvent> {
  const entrant = state.entrants.get(command.entrant);
  if (entrant === undefined)
    return reject(TOURNAMENT_UNKNOWN_RULE, `entrant: ${command.entrant} is not entered`, '无此参赛队');
  if (entrant.withdrawnIn !== undefined)
    return reject(TOURNAMENT_STATE_RULE, `entrant: ${command.entrant} has already withdrawn`, '该队已退赛');
  const current = state.rounds.at(-1);
  // TRN-WD-1: before round 1 the pair leaves the field; TRN-WD-2: after the start its results stand
  // and the current round's match, if not yet played, is a forfeit: 2 match points and 18 level points.
  const events: TournamentEvent[] = [
    {
      type: 'EntrantWithdrawn',
      data: { entrant: command.entrant, round: current?.round ?? null, reason: command.reason },
    },
  ];
  if (current !== undefined)
    for (const pairing of current.pairings.values()) {
      if (current.results.has(pairing.match)) continue;
      if (pairing.a !== command.entrant && pairing.b !== command.entrant) continue;
      const opponent = pairing.a === command.entrant ? pairing.b : pairing.a;
      const result = forfeitResult(
        created.ruleset,
        { id: pairing.match, round: current.round },
        opponent,
        command.entrant,
        {
          award: withdrawalForfeitScore(),
        },
      );
      events.push(recorded(result, 'forfeit', pairing.matchId ?? null, command.now));
    }
  return accept(...events);
}

function pair(
  command: Extract<TournamentCommand, { type: 'PairRound' }>,
  state: TournamentState,
  created: TournamentCreated['data'],
): Decision<TournamentEvent> {
  const stage = created.stages[state.stage - 1];
  if (stage === undefined) return reject(TOURNAMENT_STATE_RULE, 'stage: the event is over', '比赛已结束');
  if (
    stage.format !== 'swiss' &&
    stage.format !== 'swissElimination' &&
    stage.format !== 'singleKnockout' &&
    stage.format !== 'duplicateSwiss'
  )
    return reject(
      TOURNAMENT_STATE_RULE,
      `stage: pairing the next round is for Swiss, duplicate Swiss and single-knockout stages, not ${stage.format}`,
      '仅积分编排赛、复式移位赛与单败淘汰赛逐轮编排',
    );
  const inStage = state.rounds.filter((r) => r.stage === state.stage).length;
  // A knockout's bracket says when it is decided (TRN-KO-1), below.
  // TRN-MOVE-6: a duplicate round of several sessions pairs each session as a stream round.
  if (stage.format !== 'singleKnockout' && inStage >= streamRoundsOf(stage, created))
    return reject(
      TOURNAMENT_STATE_RULE,
      `round: stage ${String(state.stage)} has all its ${String(stage.rounds)} rounds`,
      '本阶段轮次已满',
    );
  const last = state.rounds.at(-1);
  // TRN-SWISS-1: from round 2 pairs are set by cumulative scores, so the last round must be complete;
  // TRN-KO-1: a knockout's winners meet next, so its last round must be decided.
  // TRN-MOVE-3/6: a duplicate round moves the players by the ranking once the round has ended.
  if (last !== undefined && (last.publishedAt === null || !complete(last)))
    return reject(
      stage.format === 'singleKnockout'
        ? 'TRN-KO-1'
        : stage.format === 'duplicateSwiss'
          ? 'TRN-MOVE-6'
          : 'TRN-SWISS-1',
      `round: round ${String(last.round)} must be published and complete before the next is paired`,
      '上一轮成绩未全部登记',
    );
  if (stage.format === 'singleKnockout') {
    // TRN-KO-1: the bracket, not the scores, says who meets whom next.
    const knockout = pairKnockoutRound(state, created, stage, command.seed, command.now);
    return knockout.ok
      ? accept(...knockout.events)
      : reject(knockout.rule, knockout.message, knockout.messageZh);
  }
  if (stage.format === 'duplicateSwiss') {
    // TRN-MOVE-3/4/5: individual players seated at tables of 3 (Dou Dizhu) or 4 (Big Two).
    const tables = pairTableRound(state, created, command.seed);
    return tables.ok ? accept(tables.event) : reject(tables.rule, tables.message, tables.messageZh);
  }
  const round = state.rounds.length + 1;
  if (created.options.firstRound === 'lot' && round === 1 && command.seed === null)
    return reject('TRN-SWISS-7', 'seed: round 1 is drawn by lot and the draw needs a seed', '抽签需要种子');
  const playing = [...state.entrants.values()].filter(
    (e) => e.withdrawnIn === undefined && e.fromRound <= round,
  );
  const rows = new Map(
    computeStandings({
      ruleset: created.ruleset,
      entrants: [...state.entrants.keys()],
      results: scoredResults(state),
    }).map((row) => [row.entrant, row]),
  );
  const byes = new Map<string, number>();
  const history: [string, string][] = [];
  for (const r of state.rounds) {
    if (r.paired.bye !== null) byes.set(r.paired.bye, (byes.get(r.paired.bye) ?? 0) + 1);
    for (const p of r.pairings.values()) history.push([p.a, p.b]);
  }
  // Round 1 goes by strength (TRN-SWISS-1): the seeds set the order, then the registration.
  const bySeed = [...playing].sort(
    (x, y) => (x.seed ?? Infinity) - (y.seed ?? Infinity) || x.number - y.number,
  );
  const inputStandings = bySeed.map((e, i) => ({
    entrant: e.entrant,
    matchPoints: rows.get(e.entrant)?.matchPoints ?? '0',
    levelPoints: rows.get(e.entrant)?.levelPoints ?? 0,
    unit: e.unit,
    number: round === 1 ? i + 1 : e.number,
    byes: byes.get(e.entrant) ?? 0,
  }));
  const pairing = pairSwissRound(
    {
      round,
      entrants: inputStandings.map((s) => ({
        id: s.entrant,
        score: s.matchPoints,
        levelPoints: s.levelPoints,
        number: s.number,
        byes: s.byes,
        ...(s.unit === null ? {} : { unit: s.unit }),
      })),
      history,
    },
    {
      rules: created.options.pairingRules,
      firstRound: created.options.firstRound,
      whenNoLegalPairing: created.options.whenNoLegalPairing,
      totalRounds: stage.rounds,
      ...(command.seed === null ? {} : { seed: command.seed }),
    },
  );
  if (!pairing.ok) return reject(pairing.rule ?? 'TRN-SWISS-1', pairing.error, '无法编排');
  const events: TournamentEvent[] = [
    {
      type: 'RoundPaired',
      data: {
        round,
        stage: state.stage,
        seed: command.seed,
        inputStandings,
        history,
        pairs: pairing.pairs.map(([a, b], i) => ({ match: `r${String(round)}.t${String(i + 1)}`, a, b })),
        bye: pairing.bye,
        relaxed: pairing.relaxed.map((r) => ({ ...r })),
      },
    },
  ];
  if (pairing.bye !== null) {
    const bye = byeResult(
      created.ruleset,
      { id: `r${String(round)}.bye`, round },
      pairing.bye,
      created.options.byeScore ?? undefined,
    );
    if ('ok' in bye) return reject(bye.rule, bye.message, '规程未规定轮空得分');
    events.push(recorded(bye, 'bye', null, command.now));
  }
  return accept(...events);
}

function recordGame(
  command: Extract<TournamentCommand, { type: 'RecordGameResult' }>,
  state: TournamentState,
  created: TournamentCreated['data'],
): Decision<TournamentEvent> {
  for (const round of state.rounds) {
    for (const table of round.tables.values()) {
      if (table.matchId !== command.matchId) continue;
      if (round.tableResults.has(table.match))
        return reject(
          'TRN-SWISS-9',
          `match: ${table.match} has a result; a recorded result changes only by a correction`,
          '成绩已登记，只能更正',
        );
      // TRN-MP-1: each seat's board scores, compared later across the tables that played the board.
      const recorded = recordTableResult(
        round.round,
        table,
        command.matchId,
        command.result,
        command.now,
        TOURNAMENT_STATE_RULE,
      );
      return recorded.ok
        ? accept(recorded.event)
        : reject(recorded.rule, recorded.message, recorded.messageZh);
    }
    for (const pairing of round.pairings.values()) {
      const unit = created.stages[round.stage - 1]?.unit;
      if (unit?.bestOf === true && pairing.games?.some((g) => g.matchId === command.matchId))
        return recordKnockoutGame(command, round, pairing, unit);
      if (pairing.matchId !== command.matchId) continue;
      if (round.results.has(pairing.match))
        return reject(
          'TRN-SWISS-9',
          `match: ${pairing.match} has a result; a recorded result changes only by a correction`,
          '成绩已登记，只能更正',
        );
      const [first, second] = command.result.sides;
      if (first === undefined || second === undefined || command.result.sides.length !== 2)
        return reject(
          TOURNAMENT_STATE_RULE,
          'result.sides: a pairing is scored from two sides',
          '成绩须有两方',
        );
      // The pairing's first pair plays the game's first side (Guandan: NS), the second the other.
      const side = (entrant: string, s: typeof first) => ({
        entrant,
        matchTenths: s.matchPoints,
        levelPoints: s.score,
        // The game's result carries no final levels: the raw level difference is not known here.
        levelDifference: 0,
      });
      const scored: Scored = { kind: 'played', a: side(pairing.a, first), b: side(pairing.b, second) };
      return accept({
        type: 'ResultRecorded',
        data: {
          round: round.round,
          match: pairing.match,
          source: 'game',
          matchId: command.matchId,
          gameResult: {
            reason: command.result.reason,
            rule: command.result.rule,
            winner: command.result.winner,
            sides: command.result.sides.map((s) => ({ ...s })),
            boards: command.result.boards.map((b) => ({ ...b, scores: { ...b.scores } })),
          },
          scored,
          recordedAt: command.now,
        },
      });
    }
  }
  return reject(
    TOURNAMENT_UNKNOWN_RULE,
    `matchId: ${command.matchId} is not a match of this tournament`,
    '该比赛不属于本赛事',
  );
}

function correct(
  command: Extract<TournamentCommand, { type: 'CorrectResult' }>,
  state: TournamentState,
): Decision<TournamentEvent> {
  const round = state.rounds[command.round - 1];
  const pairing = round?.pairings.get(command.match);
  const held = round?.results.get(command.match);
  if (round === undefined || pairing === undefined || held === undefined)
    return reject(
      TOURNAMENT_UNKNOWN_RULE,
      `match: ${command.match} of round ${String(command.round)} has no result to correct`,
      '无可更正的成绩',
    );
  const sides = new Set([command.scored.a.entrant, command.scored.b?.entrant]);
  if (!sides.has(pairing.a) || !sides.has(pairing.b))
    return reject(
      'TRN-SWISS-9',
      'scored: a correction never changes a published pairing',
      '更正不改变已公布的对阵',
    );
  const next = state.rounds[command.round];
  const verdict = swissCorrectionAllowed({
    kind: command.kind === 'scoring' ? 'scoring' : 'dataEntry',
    raisedAt: Date.parse(command.now),
    ...(command.playersLeftAt === null ? {} : { playersLeftAt: Date.parse(command.playersLeftAt) }),
    ...(next?.publishedAt == null ? {} : { nextPairingPublishedAt: Date.parse(next.publishedAt) }),
  });
  if (!verdict.ok) return reject(verdict.rule, verdict.error, '超过更正时限');
  return accept({
    type: 'TournamentResultCorrected',
    data: {
      round: command.round,
      match: command.match,
      revision: held.revision + 1,
      kind: command.kind,
      reason: command.reason,
      scored: command.scored,
      raisedAt: command.now,
    },
  });
}

/** Every pairing of the round has a result. */
function complete(round: RoundState): boolean {
  for (const match of round.pairings.keys()) if (!round.results.has(match)) return false;
  for (const match of round.tables.keys()) if (!round.tableResults.has(match)) return false;
  return true;
}

function recorded(
  result: ScoredResult,
  source: 'forfeit' | 'bye',
  matchId: string | null,
  now: string,
): TournamentEvent {
  const scored: Scored = { kind: result.kind, a: result.a, b: result.b };
  if (result.forfeitedBy !== undefined) scored.forfeitedBy = result.forfeitedBy;
  return {
    type: 'ResultRecorded',
    data: {
      round: result.round,
      match: result.id,
      source,
      matchId,
      gameResult: null,
      scored,
      recordedAt: now,
    },
  };
}
