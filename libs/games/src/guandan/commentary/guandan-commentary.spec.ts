import {
  cga2017,
  decide,
  isViolation,
  playRandomMatch,
  type MatchState,
  type PlayoutStep,
} from '@tablecast/guandan';
import { describe, expect, it } from 'vitest';
import { commentaryFacts, LISTED_PLAYS, turnPlays } from './guandan-commentary';

/** A random match's steps, played by the module's own bots. */
function steps(seed: string, maxHands = 3): PlayoutStep[] {
  const out: PlayoutStep[] = [];
  const result = playRandomMatch({ ruleset: cga2017, seed, maxHands, onStep: (step) => out.push(step) });
  expect(result.ok).toBe(true);
  return out;
}

describe('Guandan commentary', () => {
  it('counts bombs, tributes paid and received, and the A attempts of each pair', () => {
    const { stats } = commentaryFacts([
      { type: 'HandStarted', data: { handNumber: 1, level: 'A', levelTeam: 'EW' } },
      {
        type: 'CardsPlayed',
        data: { seat: 'S', cards: ['H5a'], as: { type: 'single', rank: '5', length: 1 } },
      },
      {
        type: 'CardsPlayed',
        data: { seat: 'E', cards: ['H6a', 'S6a', 'C6a', 'D6a'], as: { type: 'bomb', rank: '6', length: 4 } },
      },
      {
        type: 'CardsPlayed',
        data: {
          seat: 'S',
          cards: ['S9a', 'STa', 'SJa', 'SQa', 'SKa'],
          as: { type: 'straightFlush', rank: 'K', length: 5, suit: 'S' },
        },
      },
      { type: 'TributeGiven', data: { from: 'N', card: 'SKa' } },
      { type: 'TributeAssigned', data: { assignments: [{ from: 'N', to: 'W', card: 'SKa' }] } },
      { type: 'HandStarted', data: { handNumber: 2, level: 'A', levelTeam: 'EW' } },
    ]);
    expect(stats.E).toEqual({ bombs: 1, tributesPaid: 0, tributesReceived: 0, aAttempts: 2 });
    expect(stats.W).toEqual({ bombs: 0, tributesPaid: 0, tributesReceived: 1, aAttempts: 2 });
    expect(stats.N).toEqual({ bombs: 0, tributesPaid: 1, tributesReceived: 0, aAttempts: 0 });
    expect(stats.S).toEqual({ bombs: 1, tributesPaid: 0, tributesReceived: 0, aAttempts: 0 });
  });

  it('keeps the last three tricks with their plays and passes, and the trick in progress', () => {
    const events = steps('commentary-tricks').flatMap((step) => step.events);
    const { tricks, current } = commentaryFacts(events);
    expect(tricks).toHaveLength(3);
    const won = events.filter((e) => e.type === 'TrickWon').at(-1);
    expect(tricks.at(-1)?.winner).toBe(won?.type === 'TrickWon' ? won.data.seat : undefined);
    for (const trick of tricks) {
      expect(trick.steps[0]?.kind).toBe('play');
      // The winner made the trick's last play.
      expect(trick.steps.filter((s) => s.kind === 'play').at(-1)?.seat).toBe(trick.winner);
    }
    expect(Array.isArray(current)).toBe(true);
  });

  it('lists the legal plays of the seat to act, each accepted by the module’s decider', () => {
    const inPlay = steps('commentary-legal', 1)
      .map((step) => step.before)
      .filter((state): state is MatchState => state.hand?.phase === 'play' && state.hand.trick?.last != null);
    const state = inPlay[Math.floor(inPlay.length / 2)];
    if (state === undefined) throw new Error('the playout had no follow to test');
    const turn = turnPlays(state);
    if (turn === null) throw new Error('no seat to act in a play phase');
    expect(turn.seat).toBe(state.hand?.turn);
    expect(turn.mayPass).toBe(true);
    expect(turn.plays.length).toBe(Math.min(turn.total, LISTED_PLAYS));
    expect(Object.values(turn.byType).reduce((a, b) => a + b, 0)).toBe(turn.total);
    for (const play of turn.plays) {
      const decision = decide(
        { type: 'PlayCards', seat: turn.seat, cards: [...play.cards], as: play.as },
        state,
      );
      expect(isViolation(decision), JSON.stringify(play)).toBe(false);
    }
  });

  it('has no plays to list outside the play phase', () => {
    const first = steps('commentary-none', 1)[0]?.before;
    if (first === undefined) throw new Error('no playout step');
    expect(turnPlays(first)).toBeNull();
  });
});
