import type { B2SeatChoices } from '@tablecast/bigtwo/view';
import { describe, expect, it } from 'vitest';
import { b2HintCards, b2PlayOf, sortB2Hand, type B2LegalPlay } from './play-logic-bigtwo';

const play = (faces: B2LegalPlay['faces'], reading: B2LegalPlay['reading']): B2LegalPlay => ({
  faces,
  reading,
});

describe('the Big Two terminal’s card logic', () => {
  it('B2-CMP-1/2: sorts a hand high to low, 2 highest and ♠ > ♥ > ♣ > ♦ within a rank', () => {
    expect(sortB2Hand(['D3', 'S2', 'HA', 'C3', 'D2', 'ST', 'S3'])).toEqual([
      'S2',
      'D2',
      'HA',
      'ST',
      'S3',
      'C3',
      'D3',
    ]);
  });

  it('reads tapped cards as the legal play of exactly those cards: suits matter in Big Two', () => {
    const plays: readonly B2LegalPlay[] = [
      play(['D3', 'C3'], { type: 'pair', rank: '3', suit: 'C', length: 2 }),
      play(['D3'], { type: 'single', rank: '3', suit: 'D', length: 1 }),
    ];
    expect(b2PlayOf(['C3', 'D3'], plays)).toEqual({ type: 'pair', rank: '3', suit: 'C', length: 2 });
    // Same ranks, other suits: not the listed play, so not legal here.
    expect(b2PlayOf(['H3', 'D3'], plays)).toBeNull();
    expect(b2PlayOf(['C3'], plays)).toBeNull();
    expect(b2PlayOf([], plays)).toBeNull();
  });

  it('a hint selects the cards of the play it offers', () => {
    const straight = play(['D3', 'D4', 'C5', 'H6', 'S7'], {
      type: 'straight',
      rank: '7',
      suit: 'S',
      length: 5,
    });
    const choices: B2SeatChoices = { kind: 'play', mayPass: false, plays: [straight] };
    expect(choices.plays.map(b2HintCards)).toEqual([['S7', 'H6', 'C5', 'D4', 'D3']]);
  });
});
