import { seededPrng } from '@tablecast/cards';
import { seatViewer } from '@tablecast/game-kit';
import {
  cga2017,
  decide,
  guandanModule,
  playRandomMatch,
  randomLegalCommand,
  SEATS,
  type GuandanCommand,
  type MatchState,
} from '@tablecast/guandan';
import { describe, expect, it } from 'vitest';
import { guandanSeatMove } from './guandan-seat-move';

/** The states of a seeded bot match at which some seat is to play a card or pass. */
function playTurns(seed: string): MatchState[] {
  const turns: MatchState[] = [];
  playRandomMatch({
    seed,
    ruleset: cga2017,
    format: { kind: 'fixedDeals', deals: 2 },
    onStep: ({ before }) => {
      if (before.hand?.phase === 'play' && before.hand.turn !== null) turns.push(before);
    },
  });
  return turns;
}

/** The states of a seeded bot match in a tribute phase, with the seat the bot moved for. */
function tributeTurns(seed: string, deals: number): { state: MatchState; seat: string; type: string }[] {
  const turns: { state: MatchState; seat: string; type: string }[] = [];
  playRandomMatch({
    seed,
    ruleset: cga2017,
    format: { kind: 'fixedDeals', deals },
    onStep: ({ before }) => {
      if (before.hand?.phase !== 'tribute') return;
      const bot = randomLegalCommand(before, seededPrng('peek'));
      if (bot !== null && 'seat' in bot) turns.push({ state: before, seat: bot.seat, type: bot.type });
    },
  });
  return turns;
}

describe('guandanSeatMove: a seat’s move from its own view', () => {
  it('pays and returns tribute from the seat’s own view (GD-TRIB-2, GD-TRIB-3), and only its own', () => {
    const prng = seededPrng('seat-tribute-spec');
    const turns = tributeTurns('seat-tribute-spec', 6);
    const made = { GiveTribute: 0, ReturnTribute: 0 };
    for (const { state, seat: due, type } of turns) {
      for (const seat of SEATS) {
        const move = guandanSeatMove(guandanModule.view(state, seatViewer(seat)), seat, prng);
        if (seat === due) {
          // The seat the rules wait on has its move, of the kind the rules wait for.
          expect(move?.type).toBe(type);
        }
        if (move === null) continue;
        expect('seat' in move ? move.seat : null).toBe(seat);
        const decision = decide(move as unknown as GuandanCommand, state);
        expect(decision.ok, JSON.stringify(decision)).toBe(true);
        if (move.type === 'GiveTribute' || move.type === 'ReturnTribute') made[move.type] += 1;
      }
    }
    expect(made.GiveTribute).toBeGreaterThan(3);
    expect(made.ReturnTribute).toBeGreaterThan(3);
  });

  it('is a move the rules accept, made from the seat’s own cards, at every turn of two deals', () => {
    const prng = seededPrng('seat-move-spec');
    const turns = playTurns('seat-move-spec');
    expect(turns.length).toBeGreaterThan(50);
    let plays = 0;
    for (const state of turns) {
      const seat = state.hand?.turn ?? 'S';
      const view = guandanModule.view(state, seatViewer(seat));
      // The view the move is made from hides every other hand (GD view: a seat sees its own).
      for (const other of SEATS) if (other !== seat) expect(view.seats[other].hand).toBeNull();
      const move = guandanSeatMove(view, seat, prng);
      if (move === null) throw new Error(`no move for ${seat} at hand ${String(state.hand?.number)}`);
      const decision = decide(move as unknown as GuandanCommand, state);
      expect(decision.ok, JSON.stringify(decision)).toBe(true);
      if (move.type === 'PlayCards') {
        plays += 1;
        const held = [...(state.hand?.hands[seat] ?? [])];
        for (const card of move.cards as string[]) {
          expect(held).toContain(card);
          held.splice(held.indexOf(card as (typeof held)[number]), 1);
        }
      }
    }
    expect(plays).toBeGreaterThan(20);
  });

  it('is none for a seat whose turn it is not', () => {
    const [state] = playTurns('seat-move-spec-other');
    if (state === undefined) throw new Error('no turn played');
    const turn = state.hand?.turn;
    for (const seat of SEATS.filter((s) => s !== turn))
      expect(guandanSeatMove(guandanModule.view(state, seatViewer(seat)), seat, seededPrng('x'))).toBeNull();
  });
});
