import { BigTwoRulesetSchema, rulesetAsGiven } from '../events/match-events';
import { SEATS, isSeat } from '../events/primitives';
import type { B2CreateMatch, B2EndMatch } from './commands';
import { B2Emitter, type B2Decision } from './emitter';
import { matchTotals, type BigTwoState } from './state';
import { b2Violation } from './violation';

/** B2-GEN-1: four players, one in each seat S, E, N, W, under a ruleset. */
export function decideCreateMatch(cmd: B2CreateMatch, state: BigTwoState): B2Decision {
  if (state.status !== 'new') return b2Violation('B2-GEN-1', 'the match already exists', '比赛已创建');
  const ruleset = BigTwoRulesetSchema.safeParse(cmd.ruleset);
  if (!ruleset.success) {
    return b2Violation('B2-GEN-1', `ruleset: ${ruleset.error.message}`, `规程有误：${ruleset.error.message}`);
  }
  const seats = cmd.players.map((p) => p.seat);
  const everySeatOnce =
    cmd.players.length === 4 && seats.every(isSeat) && SEATS.every((s) => seats.includes(s));
  if (!everySeatOnce || cmd.players.some((p) => p.id.trim() === '' || p.name.trim() === '')) {
    return b2Violation(
      'B2-GEN-1',
      'players: four players with an id and a name, one in each seat S, E, N, W',
      '须有四名牌手（有编号和姓名），分坐南、东、北、西',
    );
  }
  if (cmd.table.trim() === '') return b2Violation('B2-GEN-1', 'table: name the table', '须注明牌桌');
  return new B2Emitter(state)
    .emit({
      type: 'MatchCreated',
      data: {
        game: 'bigtwo',
        table: cmd.table,
        seats: ['S', 'E', 'N', 'W'],
        ruleset: rulesetAsGiven(ruleset.data, cmd.ruleset),
        players: cmd.players.map((p) => ({ id: p.id, name: p.name, seat: p.seat })),
        createdAt: cmd.now,
      },
    })
    .done();
}

/** The competition at the table ends between boards; the time opens the appeal window (B2-APL-1). */
export function decideEndMatch(cmd: B2EndMatch, state: BigTwoState): B2Decision {
  if (state.status !== 'betweenBoards') {
    return b2Violation('B2-END-1', 'the match can end only between boards', '只有在两副牌之间才能结束比赛');
  }
  return new B2Emitter(state)
    .emit({
      type: 'MatchEnded',
      data: { endedAt: cmd.now, boards: state.boardsPlayed, totals: matchTotals(state) },
    })
    .done();
}
