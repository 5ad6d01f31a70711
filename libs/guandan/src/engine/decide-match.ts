import { RANKS } from '@tablecast/cards';
import { ACE_LEVEL } from '../model/levels';
import { SEATS, otherTeam } from '../model/seats';
import { MatchFormatSchema } from '../events/match-events';
import { RulesetSchema } from '../ruleset/ruleset';
import type { AwardLevels, CallTime, CreateMatch, ForfeitMatch, RecordLateArrival } from './commands';
import { Emitter, type FoldedDecision } from './emitter';
import { arbiterMissing } from './decide-penalty';
import { emitGameLost } from './game-lost';
import { endMatchIfDue } from './hand-end';
import type { MatchState } from './state';
import { violation } from './violation';

/** GD-SEAT-1/2: four players in two pairs, partners opposite. */
export function decideCreateMatch(cmd: CreateMatch, state: MatchState): FoldedDecision {
  if (state.status !== 'new') return violation('GD-SEAT-1', 'the game already exists', '比赛已创建');
  const seats = new Set(cmd.players.map((p) => p.seat));
  if (cmd.players.length !== 4 || SEATS.some((s) => !seats.has(s))) {
    return violation('GD-SEAT-1', 'four players, one in each seat S, E, N, W', '须有四名选手，分坐东南西北');
  }
  const ruleset = RulesetSchema.safeParse(cmd.ruleset);
  if (!ruleset.success)
    return violation('GD-VAR-003-1', `invalid ruleset: ${ruleset.error.message}`, '规则集无效');
  if (!MatchFormatSchema.safeParse(cmd.format).success) {
    return violation('GD-FMT-5', 'invalid game format', '比赛赛制无效');
  }
  // GD-LVL-1: a game starts at a level from 2 to A; past A is no level to play (GD-LVL-5).
  if (cmd.startLevel !== undefined && !(RANKS as readonly string[]).includes(cmd.startLevel))
    return violation('GD-LVL-1', 'startLevel: a level from 2 to A (2…9, T, J, Q, K, A)', '起始级数须为2至A');
  return new Emitter(state)
    .emit({
      type: 'MatchCreated',
      data: {
        game: 'guandan',
        table: cmd.table,
        seats: [...SEATS],
        ruleset: ruleset.data,
        format: cmd.format,
        teams: cmd.teams,
        players: cmd.players.map((p) => ({ ...p })),
        startsAt: cmd.now,
        ...(cmd.startLevel === undefined ? {} : { startLevel: cmd.startLevel }),
      },
    })
    .done();
}

/** GD-FMT-3/4: time is called once the limit has passed; a deal in progress is played out (GD-VAR-004-8). */
export function decideCallTime(cmd: CallTime, state: MatchState): FoldedDecision {
  const { format } = state;
  if (state.status === 'new' || state.status === 'ended')
    return violation('GD-FMT-3', 'no live game', '没有进行中的比赛');
  if (format.kind !== 'timed' && format.kind !== 'timedOrFixedDeals') {
    return violation('GD-FMT-3', 'this game is not timed', '本局不是计时制');
  }
  if (state.timeCalled || cmd.now < state.startsAt + format.minutes * 60_000) {
    return violation('GD-FMT-3', 'time is not up', '比赛时间未到');
  }
  const em = new Emitter(state).emit({
    type: 'TimeCalled',
    data: { at: cmd.now, handInProgress: state.hand !== null },
  });
  endMatchIfDue(em);
  return em.done();
}

/** GD-PEN-5, GD-SCORE-4, DEC-GD-13. */
export function decideForfeit(cmd: ForfeitMatch, state: MatchState): FoldedDecision {
  if (state.status === 'new' || state.status === 'ended')
    return violation('GD-PEN-5', 'no live game', '没有进行中的比赛');
  const em = new Emitter(state);
  emitGameLost(em, cmd.team, cmd.rule, cmd.refereeId);
  return em.done();
}

/** Levels by ruling (GD-VAR-004-9, GD-VAR-003-14); never past A, which must be played (GD-LVL-5). */
export function decideAwardLevels(cmd: AwardLevels, state: MatchState): FoldedDecision {
  if (state.status === 'new' || state.status === 'ended')
    return violation('GD-LVL-4', 'no live game', '没有进行中的比赛');
  const noArbiter = arbiterMissing(cmd.refereeId);
  if (noArbiter !== null) return noArbiter;
  if (!Number.isSafeInteger(cmd.levels) || cmd.levels < 1 || cmd.levels > ACE_LEVEL)
    return violation(
      'GD-LVL-4',
      'levels: award a whole number of levels from 1 to 12',
      '升级数须为1至12的整数',
    );
  const after = Math.max(state.levels[cmd.team], Math.min(ACE_LEVEL, state.levels[cmd.team] + cmd.levels));
  return new Emitter(state)
    .emit({
      type: 'LevelsAwarded',
      data: { ...cmd, levelsAfter: { ...state.levels, [cmd.team]: after } },
    })
    .done();
}

/** GD-VAR-003-14: lateness before the first deal: levels to the punctual pair, or a forfeit. */
export function decideLateArrival(cmd: RecordLateArrival, state: MatchState): FoldedDecision {
  const bands = state.ruleset.lateArrivalLevels;
  if (bands.length === 0)
    return violation(
      'GD-PEN-15',
      'this ruleset leaves lateness to the regulations',
      '本规则集的迟到处罚由规程规定',
    );
  if (state.status !== 'betweenHands' || state.handsPlayed > 0) {
    return violation('GD-VAR-003-14', 'lateness is recorded before the first deal', '迟到须在第一副牌前记录');
  }
  const band = bands.find((b) => cmd.minutes <= b.maxMinutes);
  if (band === undefined) {
    return decideForfeit(
      { type: 'ForfeitMatch', team: cmd.team, rule: 'GD-VAR-003-14', refereeId: cmd.refereeId },
      state,
    );
  }
  if (band.levels === 0) {
    return violation(
      'GD-VAR-004-10',
      `lateness up to ${band.maxMinutes} minutes costs no level; only more is a forfeit`,
      `迟到${band.maxMinutes}分钟以内不判级，超过则弃权`,
    );
  }
  return decideAwardLevels(
    {
      type: 'AwardLevels',
      team: otherTeam(cmd.team),
      levels: band.levels,
      rule: 'GD-VAR-003-14',
      refereeId: cmd.refereeId,
    },
    state,
  );
}
