import { faceOfCard } from '@tablecast/cards/view';
import { beats, classify, sameReading, type MatchState } from '@tablecast/guandan/view';
import { describe, expect, it } from 'vitest';
import { actingSeats, optionCards, optionsFor, primaryAction, sortPlays } from './table-view';
import { findState, playoutStates } from './testing/states';

const states = playoutStates();
const inPlay = (s: MatchState): boolean => s.hand?.phase === 'play' && s.hand.turn !== null;

describe('primaryAction', () => {
  it('asks for a deal before the first hand and after each hand', () => {
    expect(primaryAction(findState(states, (s) => s.status === 'betweenHands' && s.hand == null))).toEqual({
      kind: 'deal',
    });
    // After a deal the engine reveals the deck and drops the hand; the places stay in lastHand.
    expect(
      primaryAction(findState(states, (s) => s.status === 'betweenHands' && s.lastHand !== null)),
    ).toEqual({
      kind: 'deal',
    });
    expect(primaryAction(findState(states, (s) => s.status === 'inHand'))).not.toEqual({ kind: 'deal' });
  });

  it('names the seat to act and the reading to beat during play', () => {
    const state = findState(states, (s) => inPlay(s) && s.hand?.trick?.last != null);
    const action = primaryAction(state);
    expect(action).toEqual({ kind: 'play', seat: state.hand?.turn, toBeat: state.hand?.trick?.last?.as });
    expect(actingSeats(action)).toEqual([state.hand?.turn]);
  });

  it('asks the previous deal last place for the tribute, then the receiver for the return (GD-TRIB-1/3)', () => {
    const paying = findState(states, (s) => s.hand?.phase === 'tribute' && s.hand.tributesGiven.length === 0);
    const action = primaryAction(paying);
    expect(action.kind).toBe('giveTribute');
    const last = paying.lastHand;
    const expected = last?.doubleDown ? 2 : 1;
    expect(actingSeats(action)).toHaveLength(expected);
    if (!last?.doubleDown) expect(actingSeats(action)).toEqual([last?.places[3]]);

    const returning = findState(states, (s) => s.hand?.phase === 'tribute' && s.hand.assignments.length > 0);
    const back = primaryAction(returning);
    expect(back.kind).toBe('returnTribute');
    expect(actingSeats(back)).toEqual(
      returning.hand?.assignments.filter((a) => !returning.hand?.returnedBy.includes(a.to)).map((a) => a.to),
    );
  });
});

describe('optionsFor', () => {
  it('lists only legal plays from the hand of the seat to act, each beating the play to beat', () => {
    const state = findState(states, (s) => inPlay(s) && s.hand?.trick?.last != null);
    const hand = state.hand;
    if (!hand?.turn) throw new Error('fixture');
    const toBeat = hand.trick?.last?.as;
    if (!toBeat) throw new Error('fixture');
    const options = optionsFor(state, primaryAction(state));
    for (const option of options) {
      if (option.kind !== 'play') throw new Error('play options only');
      const cards = optionCards(state, option);
      expect(cards.every((c) => hand.hands[option.seat].includes(c))).toBe(true);
      expect(cards.map(faceOfCard).sort()).toEqual([...option.play.cards].sort());
      const readings = classify(option.play.cards, hand.level, state.ruleset);
      expect(readings.some((r) => sameReading(r, option.play.as))).toBe(true);
      expect(beats(option.play.as, toBeat, hand.level)).toBe(true);
    }
  });

  it('offers every card of the hand as a single when leading', () => {
    const state = findState(states, (s) => inPlay(s) && s.hand?.trick?.last == null);
    const hand = state.hand;
    if (!hand?.turn) throw new Error('fixture');
    const seat = hand.turn;
    const singles = optionsFor(state, primaryAction(state)).filter(
      (o) => o.kind === 'play' && o.play.as.type === 'single',
    );
    expect(new Set(singles.flatMap((o) => (o.kind === 'play' ? o.play.cards : [])))).toEqual(
      new Set(hand.hands[seat].map(faceOfCard)),
    );
  });

  it('offers the tributer only his highest card, never the heart level card (GD-TRIB-2)', () => {
    const state = findState(states, (s) => s.hand?.phase === 'tribute' && s.hand.tributesGiven.length === 0);
    const options = optionsFor(state, primaryAction(state));
    expect(options.length).toBeGreaterThan(0);
    const level = state.hand?.level;
    for (const option of options) {
      if (option.kind !== 'card') throw new Error('card options only');
      expect(faceOfCard(option.card)).not.toBe(`H${String(level)}`);
    }
  });

  it('offers the anti-tribute claim only where the ruleset makes it optional (GD-VAR-004-4)', () => {
    const paying = findState(states, (s) => s.hand?.phase === 'tribute' && s.hand.tributesGiven.length === 0);
    const hand = paying.hand;
    const payer = paying.lastHand?.places[3];
    if (!hand || !payer || paying.lastHand.doubleDown) throw new Error('fixture: a single tribute');
    const others = hand.hands[payer].filter((c) => !c.startsWith('RJ')).slice(0, 25);
    const rigged: MatchState = {
      ...paying,
      hand: { ...hand, hands: { ...hand.hands, [payer]: ['RJa', 'RJb', ...others] } },
    };
    const automatic = { ...rigged, ruleset: { ...rigged.ruleset, antiTribute: 'automatic' as const } };
    const optional = { ...rigged, ruleset: { ...rigged.ruleset, antiTribute: 'optional' as const } };
    expect(optionsFor(automatic, primaryAction(automatic)).filter((o) => o.kind === 'resist')).toEqual([]);
    const options = optionsFor(optional, primaryAction(optional));
    expect(options.filter((o) => o.kind === 'resist')).toEqual([{ kind: 'resist', seat: payer }]);
    expect(options[0]).toMatchObject({ kind: 'card', seat: payer, action: 'give' });
  });

  it('offers the four seats when a leader is designated', () => {
    const state = findState(states, inPlay);
    const options = optionsFor(state, { kind: 'designate' });
    expect(options.map((o) => o.seat)).toEqual(['S', 'E', 'N', 'W']);
  });
});

describe('sortPlays', () => {
  it('puts normal types low to high first and bombs last by strength (GD-CMP-8)', () => {
    const sorted = sortPlays(
      [
        { cards: ['S5', 'H5', 'C5', 'D5', 'S5'], as: { type: 'bomb', rank: '5', length: 5 } },
        { cards: ['S9'], as: { type: 'single', rank: '9', length: 1 } },
        { cards: ['S4', 'H4', 'C4', 'D4'], as: { type: 'bomb', rank: '4', length: 4 } },
        { cards: ['S3'], as: { type: 'single', rank: '3', length: 1 } },
        { cards: ['BJ', 'BJ', 'RJ', 'RJ'], as: { type: 'fourJokers', length: 4 } },
        {
          cards: ['S3', 'S4', 'S5', 'S6', 'S7'],
          as: { type: 'straightFlush', rank: '7', length: 5, suit: 'S' },
        },
        { cards: ['D2'], as: { type: 'single', rank: '2', length: 1 } },
      ],
      '2',
    );
    expect(sorted.map((p) => `${p.as.type}:${p.as.rank ?? ''}`)).toEqual([
      'single:3',
      'single:9',
      'single:2',
      'bomb:4',
      'bomb:5',
      'straightFlush:7',
      'fourJokers:',
    ]);
  });
});
