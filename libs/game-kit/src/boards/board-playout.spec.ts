import { describe, expect, it } from 'vitest';
import { violation, type RuleViolation } from '../decision';
import { playBoards, type PlayoutEngine, type PlayoutCommand } from './board-playout';

type Command = PlayoutCommand<{ readonly type: 'Move' }, 'rules', 'A' | 'B'>;
interface State {
  readonly inBoard: boolean;
  readonly moves: number;
}

/** A toy board game: a deal starts a board, two moves end it; `refuse` names a command type it refuses. */
function toyEngine(
  refuse?: string,
): PlayoutEngine<State, Command, { readonly type: 'Move' }, Command, RuleViolation> {
  return {
    initial: () => ({ inBoard: false, moves: 0 }),
    decide: (command) =>
      command.type === refuse ? violation('TOY-1', 'refused', '拒绝') : { ok: true, events: [command] },
    evolve: (state, event) =>
      event.type === 'DealBoard'
        ? { inBoard: true, moves: 0 }
        : event.type === 'Move'
          ? { inBoard: state.moves + 1 < 2, moves: state.moves + 1 }
          : state,
    inBoard: (state) => state.inBoard,
    bot: () => ({ type: 'Move' }),
  };
}

const plan = {
  seed: 's',
  boards: 2,
  ruleset: 'rules' as const,
  players: [
    { id: 'pA', name: 'Seat A', seat: 'A' as const },
    { id: 'pB', name: 'Seat B', seat: 'B' as const },
  ],
};

describe('playBoards drives a seated board game through a match of random boards', () => {
  it('creates the match at table sim, deals board n from <seed>:board-n with salt-n, lets the bot play each board out, and ends the match', () => {
    const result = playBoards(toyEngine(), plan);
    if (!result.ok) expect.fail(result.violation.message);
    expect(result.events).toEqual([
      { type: 'CreateMatch', table: 'sim', ruleset: 'rules', players: plan.players, now: 0 },
      { type: 'DealBoard', board: 1, seed: 's:board-1', salt: 'salt-1', now: 1 },
      { type: 'Move' },
      { type: 'Move' },
      { type: 'DealBoard', board: 2, seed: 's:board-2', salt: 'salt-2', now: 2 },
      { type: 'Move' },
      { type: 'Move' },
      { type: 'EndMatch', now: 3 },
    ]);
  });

  it('stops at the first refused command and answers it with the rule it broke and the state that refused it', () => {
    const result = playBoards(toyEngine('Move'), plan);
    expect(result).toEqual({
      ok: false,
      violation: violation('TOY-1', 'refused', '拒绝'),
      command: { type: 'Move' },
      state: { inBoard: true, moves: 0 },
    });
  });

  it('hands every accepted command to onStep with the states before and after it', () => {
    const steps: unknown[] = [];
    playBoards(toyEngine(), { ...plan, boards: 1, onStep: (step) => steps.push(step) });
    expect(steps[2]).toEqual({
      command: { type: 'Move' },
      before: { inBoard: true, moves: 0 },
      events: [{ type: 'Move' }],
      after: { inBoard: true, moves: 1 },
    });
    expect(steps).toHaveLength(5);
  });
});
