import { atOf } from './at';
import { defendersOf, seatNameZh } from '../events/primitives';
import type { ChooseDouble, ChooseRedouble } from './commands';
import { DdzEmitter, type DdzDecision } from './emitter';
import type { DoudizhuState } from './state';
import { staleTimeout } from './stale';
import { ddzViolation } from './violation';

/**
 * DDZ-DBL-1: each defender chooses, hidden; once both have chosen both are revealed together.
 * If nobody doubled, the kitty is revealed at once (DDZ-DEAL-2); otherwise the landlord answers.
 */
export function decideDouble(cmd: ChooseDouble, state: DoudizhuState): DdzDecision {
  const stale = staleTimeout(cmd.timeout, state, 'DDZ-DBL-1');
  if (stale !== null) return stale;
  const board = state.board;
  if (board?.phase !== 'doubling' || board.landlord === null) {
    return ddzViolation('DDZ-DBL-1', 'doubling is not in progress', '当前不在加倍阶段');
  }
  const defenders = defendersOf(board.landlord);
  if (!defenders.includes(cmd.seat)) {
    return ddzViolation(
      'DDZ-DBL-1',
      'only a defender doubles',
      `${seatNameZh(cmd.seat)}是庄家，只有防守人可以加倍`,
    );
  }
  if (board.doubles[cmd.seat] !== null) {
    return ddzViolation(
      'DDZ-DBL-1',
      `seat ${String(cmd.seat)} has already chosen`,
      `${seatNameZh(cmd.seat)}已作出加倍选择`,
    );
  }
  if (!isBoolean(cmd.double) || (cmd.timeout !== undefined && cmd.double)) {
    return ddzViolation(
      'DDZ-DBL-1',
      'double: true or false; a timeout is no double',
      '加倍须为是或否；超时视为不加倍',
    );
  }
  const em = new DdzEmitter(state);
  em.emit({
    type: 'DoubleChosen',
    data: { seat: cmd.seat, double: cmd.double, timedOut: cmd.timeout !== undefined, ...atOf(cmd.now) },
  });
  const doubles = em.state.board?.doubles ?? [null, null, null];
  const [d1, d2] = defenders;
  const c1 = doubles[d1];
  const c2 = doubles[d2];
  if (c1 === null || c2 === null) return em.done();
  em.emit({
    type: 'DoublesRevealed',
    data: {
      doubles: [
        { seat: d1, double: c1 },
        { seat: d2, double: c2 },
      ],
    },
  });
  if (!c1 && !c2) revealKitty(em);
  return em.done();
}

/** DDZ-DBL-2/3: the landlord may redouble only when at least one defender doubled. */
export function decideRedouble(cmd: ChooseRedouble, state: DoudizhuState): DdzDecision {
  const stale = staleTimeout(cmd.timeout, state, 'DDZ-DBL-2');
  if (stale !== null) return stale;
  const board = state.board;
  if (board?.phase !== 'redoubling') {
    return ddzViolation(
      'DDZ-DBL-2',
      'no redouble is open: nobody doubled, or it is not yet time',
      '当前不能再加倍：无人加倍或尚未到再加倍阶段',
    );
  }
  if (board.landlord !== cmd.seat) {
    return ddzViolation(
      'DDZ-DBL-2',
      'only the landlord redoubles',
      `${seatNameZh(cmd.seat)}不是庄家，只有庄家可以再加倍`,
    );
  }
  if (!isBoolean(cmd.redouble) || (cmd.timeout !== undefined && cmd.redouble)) {
    return ddzViolation(
      'DDZ-DBL-2',
      'redouble: true or false; a timeout is no redouble',
      '再加倍须为是或否；超时视为不再加倍',
    );
  }
  const em = new DdzEmitter(state);
  em.emit({
    type: 'RedoubleChosen',
    data: {
      seat: cmd.seat,
      redouble: cmd.redouble,
      timedOut: cmd.timeout !== undefined,
      ...atOf(cmd.now),
    },
  });
  revealKitty(em);
  return em.done();
}

/** DDZ-DEAL-2: once the doubling choices are made, the kitty is shown and joins the landlord's hand. */
function revealKitty(em: DdzEmitter): void {
  const board = em.state.board;
  if (board?.landlord == null) return;
  em.emit({ type: 'KittyRevealed', data: { landlord: board.landlord, cards: [...board.kitty] } });
}

/** A command may come from outside with any value: check it as unknown. */
function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}
