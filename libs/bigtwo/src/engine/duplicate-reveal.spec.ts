import { seededPrng } from '@tablecast/cards';
import { BROADCAST, VENUE, broadcastHoldOf, liftedHoldOf } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { bigtwoModule } from '../module/bigtwo-module';
import { randomLegalB2Command } from '../sim/random-bot';
import { B2TestTable } from '../testing/test-table';
import type { BigTwoCommand } from './commands';
import { dealCommitment } from './deal';
import { replayChecked } from './replay-checked';

const SEED = 'b2-duplicate-seed';
const SALT = 'b2-duplicate-salt';

function dealt(extra: Partial<BigTwoCommand> = {}): B2TestTable {
  const t = new B2TestTable();
  t.must({ type: 'DealBoard', board: 1, seed: SEED, salt: SALT, now: 1_000, ...extra } as BigTwoCommand);
  return t;
}

/** Plays the board in progress to its end with random legal moves, nobody showing his hand. */
function playOut(t: B2TestTable, seed: string): void {
  const prng = seededPrng(seed);
  while (t.state.status === 'inBoard') {
    const next = randomLegalB2Command(t.state, prng, { timeoutPerMille: 0, showPerMille: 0 });
    if (next === null) throw new Error('no legal command while the board is in play');
    t.must(next);
  }
}

describe('a duplicate Big Two board is revealed by its set, not at one table’s board end (DEC-B2-4)', () => {
  it('B2-GEN-1, DEC-B2-4: the board ends here with no DeckRevealed and no hand opened to the venue; RevealBoard reveals it, once', () => {
    const t = dealt({ duplicate: true });
    expect(t.events[1]).toMatchObject({ type: 'BoardStarted', data: { board: 1, duplicate: true } });
    playOut(t, 'b2-dup-play');
    expect(t.events.some((e) => e.type === 'BoardEnded')).toBe(true);
    expect(t.events.filter((e) => e.type === 'DeckRevealed')).toEqual([]);
    expect(JSON.stringify(t.events.filter((e) => e.type !== 'CardsDealt'))).not.toContain(SALT);
    expect(bigtwoModule.duplicate?.sealed(t.state, 1)).toBe(true);
    // The cards left in hand are still the other tables' secret: not on the venue's view.
    const venue = bigtwoModule.view(t.state, VENUE);
    expect(venue.seats.map((s) => s.hand)).toEqual([null, null, null, null]);
    expect(venue.board?.order).toBeNull();
    const left = venue.seats.reduce((n, s) => n + s.cardsLeft, 0);
    expect(bigtwoModule.secrets(t.state).flatMap((s) => s.values)).toHaveLength(left);
    expect(bigtwoModule.view(t.state, BROADCAST).board?.order).toHaveLength(52);

    const revealed = t.must({ type: 'RevealBoard', board: 1 });
    expect(revealed).toHaveLength(1);
    const reveal = revealed[0];
    if (reveal?.type !== 'DeckRevealed') throw new Error('no DeckRevealed');
    const committed = t.events.find((e) => e.type === 'DeckCommitted');
    expect(committed?.data).toMatchObject({
      commitment: dealCommitment(reveal.data.order, reveal.data.salt),
    });
    expect(bigtwoModule.duplicate?.audit(t.events, 1)).toEqual([
      {
        redeal: 0,
        committed: committed?.data.commitment,
        revealed: { order: reveal.data.order, salt: SALT },
        matches: true,
      },
    ]);
    // Revealed: the venue sees what was left, and nothing is secret any more.
    expect(bigtwoModule.view(t.state, VENUE).board?.order).toHaveLength(52);
    expect(bigtwoModule.secrets(t.state)).toEqual([]);
    expect(t.run({ type: 'RevealBoard', board: 1 })).toMatchObject({ ok: false, rule: 'B2-GEN-1' });
    expect(replayChecked(t.events)).toMatchObject({ ok: true, state: t.state });
  });

  it('B2-GEN-1, DEC-B2-4: nothing to reveal before this table has played the board, nor for a board dealt for this table alone', () => {
    const t = dealt({ duplicate: true });
    expect(t.run({ type: 'RevealBoard', board: 1 })).toMatchObject({ ok: false, rule: 'B2-GEN-1' });
    const own = dealt();
    playOut(own, 'b2-own-play');
    expect(own.events.at(-1)).toMatchObject({ type: 'DeckRevealed', data: { board: 1, salt: SALT } });
    expect(bigtwoModule.secrets(own.state)).toEqual([]);
    expect(own.run({ type: 'RevealBoard', board: 1 })).toMatchObject({ ok: false, rule: 'B2-GEN-1' });
  });

  it('B2-GEN-1, DEC-B2-4: a table that ended its match still gets the reveal of a board it played', () => {
    const t = dealt({ duplicate: true });
    playOut(t, 'b2-dup-ended');
    t.must({ type: 'EndMatch', now: 90_000 });
    expect(t.must({ type: 'RevealBoard', board: 1 })).toHaveLength(1);
    expect(replayChecked(t.events).ok).toBe(true);
  });
});

describe('a duplicate Big Two board held on the delayed broadcast until its last table is dealt (DEC-B2-5)', () => {
  it('DEC-B2-5: a held deal opens the board’s hold; LiftBoardHold records BoardHoldLifted once, which lifts it', () => {
    const t = dealt({ duplicate: true, held: true });
    const started = t.events[1];
    if (started === undefined) throw new Error('no BoardStarted');
    expect(started).toMatchObject({ type: 'BoardStarted', data: { duplicate: true, held: true } });
    expect(broadcastHoldOf(bigtwoModule, started)).toBe('1');
    expect(bigtwoModule.duplicate?.holding(t.state, 1)).toBe(true);
    const lifted = t.must({ type: 'LiftBoardHold', board: 1, at: 7_000, reason: 'dealtEverywhere' });
    expect(lifted).toEqual([
      { type: 'BoardHoldLifted', data: { board: 1, at: 7_000, reason: 'dealtEverywhere' } },
    ]);
    expect(liftedHoldOf(bigtwoModule, lifted[0] ?? started)).toEqual({ hold: '1', at: 7_000 });
    expect(bigtwoModule.duplicate?.holding(t.state, 1)).toBe(false);
    expect(t.run({ type: 'LiftBoardHold', board: 1, at: 8_000, reason: 'closed' })).toMatchObject({
      ok: false,
      rule: 'B2-GEN-1',
    });
    playOut(t, 'b2-held');
    t.must({ type: 'RevealBoard', board: 1 });
    expect(replayChecked(t.events)).toMatchObject({ ok: true, state: t.state });
  });

  it('DEC-B2-5: a board dealt for this table alone, or of a set without declared tables, opens no hold', () => {
    for (const extra of [{}, { duplicate: true }, { held: true }] as const) {
      const t = dealt(extra);
      for (const event of t.events) expect(broadcastHoldOf(bigtwoModule, event)).toBeNull();
      expect(t.run({ type: 'LiftBoardHold', board: 1, at: 2_000, reason: 'closed' })).toMatchObject({
        ok: false,
        rule: 'B2-GEN-1',
      });
    }
  });
});
