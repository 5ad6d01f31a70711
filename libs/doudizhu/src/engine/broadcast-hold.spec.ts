import { seededPrng } from '@tablecast/cards';
import { broadcastHoldOf, liftedHoldOf } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { doudizhuModule } from '../module/doudizhu-module';
import { randomLegalCommand } from '../sim/random-bot';
import { replayChecked } from './replay-checked';
import { TestTable } from './test-table';

const ORDER_SEED = 'held-board-seed';
const SALT = 'held-board-salt';

function playOut(t: TestTable, seed: string): void {
  const prng = seededPrng(seed);
  while (t.state.status === 'inBoard') {
    const next = randomLegalCommand(t.state, prng, { timeoutPerMille: 0 });
    if (next === null) throw new Error('no legal command while the board is in play');
    t.must(next);
  }
}

describe('a duplicate board held on the delayed broadcast until its last table is dealt (DEC-DDZ-5)', () => {
  it('DEC-DDZ-5: a held deal opens the board’s hold; LiftBoardHold records BoardHoldLifted once, which lifts it', () => {
    const t = new TestTable();
    t.must({
      type: 'DealBoard',
      board: 1,
      seed: ORDER_SEED,
      salt: SALT,
      duplicate: true,
      held: true,
      now: 1_000,
    });
    const started = t.events.find((e) => e.type === 'BoardStarted');
    if (started === undefined) throw new Error('no BoardStarted');
    expect(started.data).toMatchObject({ board: 1, duplicate: true, held: true });
    expect(broadcastHoldOf(doudizhuModule, started)).toBe('1');
    expect(doudizhuModule.duplicate?.holding(t.state, 1)).toBe(true);

    const lifted = t.must({ type: 'LiftBoardHold', board: 1, at: 5_000, reason: 'dealtEverywhere' });
    expect(lifted).toEqual([
      { type: 'BoardHoldLifted', data: { board: 1, at: 5_000, reason: 'dealtEverywhere' } },
    ]);
    expect(liftedHoldOf(doudizhuModule, lifted[0] ?? started)).toEqual({ hold: '1', at: 5_000 });
    expect(doudizhuModule.duplicate?.holding(t.state, 1)).toBe(false);
    expect(t.run({ type: 'LiftBoardHold', board: 1, at: 6_000, reason: 'closed' })).toMatchObject({
      ok: false,
      rule: 'DDZ-GEN-1',
    });
    playOut(t, 'held-play');
    expect(replayChecked(t.events)).toMatchObject({ ok: true, state: t.state });
  });

  it('DEC-DDZ-5: a board dealt for this table alone, or of a set without declared tables, opens no hold', () => {
    for (const command of [
      { type: 'DealBoard', board: 1, seed: ORDER_SEED, salt: SALT, now: 1_000 },
      { type: 'DealBoard', board: 1, seed: ORDER_SEED, salt: SALT, duplicate: true, now: 1_000 },
      // A hold belongs to a duplicate board only.
      { type: 'DealBoard', board: 1, seed: ORDER_SEED, salt: SALT, held: true, now: 1_000 },
    ] as const) {
      const t = new TestTable();
      t.must(command);
      for (const event of t.events) expect(broadcastHoldOf(doudizhuModule, event)).toBeNull();
      expect(t.run({ type: 'LiftBoardHold', board: 1, at: 2_000, reason: 'closed' })).toMatchObject({
        ok: false,
        rule: 'DDZ-GEN-1',
      });
    }
  });

  it('DEC-DDZ-5: the organiser’s close lifts the hold even after the table ended its match', () => {
    const t = new TestTable();
    t.must({
      type: 'DealBoard',
      board: 1,
      seed: ORDER_SEED,
      salt: SALT,
      duplicate: true,
      held: true,
      now: 1_000,
    });
    playOut(t, 'held-ended');
    t.must({ type: 'EndMatch', now: 90_000 });
    expect(t.must({ type: 'LiftBoardHold', board: 1, at: 95_000, reason: 'closed' })).toHaveLength(1);
  });
});

describe('a board’s secrets last as long as its deal is unrevealed (DEC-DDZ-4)', () => {
  it('DEC-DDZ-4: a duplicate board’s cards left in hand stay secret after its end here, and are dropped with its reveal', () => {
    const t = new TestTable();
    t.must({ type: 'DealBoard', board: 1, seed: ORDER_SEED, salt: SALT, duplicate: true, now: 1_000 });
    playOut(t, 'secrets-dup');
    expect(t.state.board?.phase).toBe('over');
    const left = [0, 1, 2].flatMap((s) => t.state.board?.hands[s as 0 | 1 | 2] ?? []);
    expect(left.length).toBeGreaterThan(0);
    const sealedSecrets = doudizhuModule.secrets(t.state);
    expect(sealedSecrets.flatMap((s) => s.values).sort()).toEqual([...left].sort());
    // Each is its holder's alone: the venue may not see what the other tables still play.
    for (const secret of sealedSecrets) expect(secret.seenBy).toHaveLength(1);
    t.must({ type: 'RevealBoard', board: 1 });
    expect(doudizhuModule.secrets(t.state)).toEqual([]);
  });

  it('DEC-DDZ-4: a board dealt for this table alone is revealed at its end, so nothing stays secret', () => {
    const t = new TestTable();
    t.must({ type: 'DealBoard', board: 1, seed: ORDER_SEED, salt: SALT, now: 1_000 });
    playOut(t, 'secrets-own');
    expect(t.events.at(-1)?.type).toBe('DeckRevealed');
    expect(doudizhuModule.secrets(t.state)).toEqual([]);
  });
});
