import { DoudizhuRulesetSchema, rulesetAsGiven } from '../events/match-events';
import { SEATS, isSeat } from '../events/primitives';
import type { DdzCreateMatch, EndMatch } from './commands';
import { DdzEmitter, type DdzDecision } from './emitter';
import { matchTotals, type DoudizhuState } from './state';
import { ddzViolation } from './violation';

/** DDZ-GEN-1: three players, one in each seat, under a ruleset. */
export function decideCreateMatch(cmd: DdzCreateMatch, state: DoudizhuState): DdzDecision {
  if (state.status !== 'new') {
    return ddzViolation('DDZ-GEN-1', 'the match already exists', '比赛已创建');
  }
  const ruleset = DoudizhuRulesetSchema.safeParse(cmd.ruleset);
  if (!ruleset.success) {
    return ddzViolation(
      'DDZ-GEN-1',
      `ruleset: ${ruleset.error.message}`,
      `规程有误：${ruleset.error.message}`,
    );
  }
  const seats = cmd.players.map((p) => p.seat);
  const everySeatOnce =
    cmd.players.length === 3 && seats.every(isSeat) && SEATS.every((s) => seats.includes(s));
  if (!everySeatOnce || cmd.players.some((p) => p.id.trim() === '' || p.name.trim() === '')) {
    return ddzViolation(
      'DDZ-GEN-1',
      'players: three players with an id and a name, one in each seat 0, 1, 2',
      '须有三名牌手（有编号和姓名），分坐0、1、2号位',
    );
  }
  if (cmd.table.trim() === '') return ddzViolation('DDZ-GEN-1', 'table: name the table', '须注明牌桌');
  return new DdzEmitter(state)
    .emit({
      type: 'MatchCreated',
      data: {
        game: 'doudizhu',
        table: cmd.table,
        seats: ['0', '1', '2'],
        ruleset: rulesetAsGiven(ruleset.data, cmd.ruleset),
        players: cmd.players.map((p) => ({ id: p.id, name: p.name, seat: p.seat })),
        createdAt: cmd.now,
      },
    })
    .done();
}

/** The competition at the table ends between boards; the time opens the appeal window (DDZ-APL-1). */
export function decideEndMatch(cmd: EndMatch, state: DoudizhuState): DdzDecision {
  if (state.status !== 'betweenBoards') {
    return ddzViolation('DDZ-END-1', 'the match can end only between boards', '只有在两副牌之间才能结束比赛');
  }
  return new DdzEmitter(state)
    .emit({
      type: 'MatchEnded',
      data: { endedAt: cmd.now, boards: state.boardsPlayed, totals: matchTotals(state) },
    })
    .done();
}
