import { seededPrng } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { randomLegalCommand } from '../sim/random-bot';
import { dealCommitment } from './deal';
import { replayChecked } from './replay-checked';
import { TestTable } from './test-table';

const SEED = 'duplicate-board-seed';
const SALT = 'duplicate-board-salt';

/** Deals board `board` from the set's seed and salt at `t`, as a duplicate board or not. */
function dealt(duplicate: boolean, board = 1): TestTable {
  const t = new TestTable();
  t.must({ type: 'DealBoard', board, seed: SEED, salt: SALT, duplicate, now: 1_000 });
  return t;
}

/** Plays the board in progress to its end with random legal moves (no clock). */
function playOut(t: TestTable, seed: string): void {
  const prng = seededPrng(seed);
  while (t.state.status === 'inBoard') {
    const next = randomLegalCommand(t.state, prng, { timeoutPerMille: 0 });
    if (next === null) throw new Error('no legal command while the board is in play');
    t.must(next);
  }
}

describe('a duplicate board is revealed by its set, not at one table’s board end (DDZ-GEN-1)', () => {
  it('DDZ-GEN-1, DEC-DDZ-4: the board ends here with no DeckRevealed; RevealBoard then reveals every deal, once', () => {
    const t = dealt(true);
    expect(t.events[1]).toMatchObject({ type: 'BoardStarted', data: { board: 1, duplicate: true } });
    playOut(t, 'dup-play');
    expect(t.events.some((e) => e.type === 'BoardEnded')).toBe(true);
    // Other tables may still hold these cards: nothing of the order or the salt is recorded here yet.
    expect(t.events.filter((e) => e.type === 'DeckRevealed')).toEqual([]);
    expect(JSON.stringify(t.events.filter((e) => e.type !== 'CardsDealt'))).not.toContain(SALT);
    expect(t.state.sealed.map((s) => s.board)).toEqual([1]);

    const revealed = t.must({ type: 'RevealBoard', board: 1 });
    expect(revealed.map((e) => e.type)).toEqual(t.state.board?.deals.map(() => 'DeckRevealed'));
    for (const event of revealed) {
      if (event.type !== 'DeckRevealed') throw new Error(event.type);
      const committed = t.events.find(
        (e) => e.type === 'DeckCommitted' && e.data.redeal === event.data.redeal,
      );
      expect(committed?.data).toMatchObject({
        commitment: dealCommitment(event.data.order, event.data.salt),
      });
    }
    expect(t.state.sealed).toEqual([]);
    expect(t.run({ type: 'RevealBoard', board: 1 })).toMatchObject({ ok: false, rule: 'DDZ-GEN-1' });
    // The re-deciding replay accepts the set's reveal as a decision of its own.
    expect(replayChecked(t.events)).toMatchObject({ ok: true, state: t.state });
  });

  it('DDZ-GEN-1, DEC-DDZ-1: a board passed out and redealt reveals each of its deals', () => {
    const t = dealt(true);
    for (const seat of [0, 1, 2] as const) t.must({ type: 'Bid', seat, bid: 'pass' });
    expect(t.state.board?.deals).toHaveLength(2);
    playOut(t, 'dup-redeal');
    const revealed = t.must({ type: 'RevealBoard', board: 1 });
    expect(revealed.map((e) => (e.type === 'DeckRevealed' ? e.data.redeal : -1))).toEqual([0, 1]);
    expect(replayChecked(t.events).ok).toBe(true);
  });

  it('DDZ-GEN-1, DEC-DDZ-4: nothing to reveal before this table has played the board, nor for a board dealt for this table alone', () => {
    const t = dealt(true);
    expect(t.run({ type: 'RevealBoard', board: 1 })).toMatchObject({ ok: false, rule: 'DDZ-GEN-1' });
    const own = dealt(false);
    playOut(own, 'own-play');
    // The table's own board reveals at its end, as before; there is no sealed deal left.
    expect(own.events.at(-1)).toMatchObject({ type: 'DeckRevealed', data: { board: 1, salt: SALT } });
    expect(own.run({ type: 'RevealBoard', board: 1 })).toMatchObject({ ok: false, rule: 'DDZ-GEN-1' });
  });

  it('DDZ-GEN-1: a table that ended its match still gets the reveal of a board it played', () => {
    const t = dealt(true);
    playOut(t, 'dup-ended');
    t.must({ type: 'EndMatch', now: 90_000 });
    expect(t.run({ type: 'Bid', seat: 0, bid: 'pass' })).toMatchObject({ ok: false, rule: 'DDZ-END-1' });
    expect(t.must({ type: 'RevealBoard', board: 1 }).length).toBeGreaterThan(0);
  });
});
