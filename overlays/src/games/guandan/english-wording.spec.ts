import { describe, expect, it } from 'vitest';
import { replayMessages } from '../../lib/replay/replay-messages';
import { tournamentMessages } from '../../lib/tournament/tournament-messages';
import { consoleMessages } from './console/console-messages';
import { summaryWords } from './events/summary-words';
import { guandanOnAir } from './on-air-words';

/**
 * The English the audience and the staff read, written out here: "Double-down", "Reported",
 * "Playing 5", and a count of one in the singular ("1 deal played", "1 card").
 */
describe('English wording on air and beside it', () => {
  const en = guandanOnAir.en;

  it('names the double-down, the 10-card report (GD-RPT-1) and the level played', () => {
    expect(en.handEnd.doubleDown).toBe('Double-down');
    expect(en.reported).toBe('Reported');
    expect(en.playing('5')).toBe('Playing 5');
  });

  it('counts deals and cards in the singular for one', () => {
    expect(en.handsPlayed(1)).toBe('1 deal played');
    expect(en.handsPlayed(3)).toBe('3 deals played');
    expect(en.cardsLeft(1)).toBe('1 card');
    expect(en.cardsLeft(27)).toBe('27 cards');
    expect(replayMessages.en.cardsLeft(1)).toBe('1 card');
    expect(consoleMessages.en.cardsLeft(1)).toBe('1 card');
    expect(tournamentMessages.en.deals(1)).toBe('1 deal played');
    expect(tournamentMessages.en.deals(7)).toBe('7 deals played');
    expect(summaryWords.en.reported('East', 1)).toBe('East reported: 1 card left');
    expect(summaryWords.en.formats.fixedDeals(1)).toBe('1 deal');
  });
});
