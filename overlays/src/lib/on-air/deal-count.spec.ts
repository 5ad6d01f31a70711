import { describe, expect, it } from 'vitest';
import { programMessages } from '../../pages/producer/program-messages';
import { messages } from '../i18n';
import { tournamentMessages } from '../tournament/tournament-messages';

describe('deals played, in English', () => {
  it('says "1 deal played", and "deals" from two on', () => {
    expect(messages.en.onAir.handsPlayed(1)).toBe('1 deal played');
    expect(messages.en.onAir.handsPlayed(2)).toBe('2 deals played');
    expect(messages.en.onAir.handsPlayed(0)).toBe('0 deals played');
    expect(programMessages.en.played(1)).toBe('1 deal played');
    expect(programMessages.en.played(3)).toBe('3 deals played');
    expect(tournamentMessages.en.deals(1)).toBe('1 deal played');
    expect(tournamentMessages.en.deals(4)).toBe('4 deals played');
  });
});
