import { describe, expect, it } from 'vitest';
import { correctionAllowed, DATA_ENTRY_WINDOW_MS } from './corrections';

describe('TRN-SWISS-9: the score-correction windows', () => {
  it('TRN-SWISS-9: a scoring error is taken at the table, and refused once the players have left', () => {
    expect(correctionAllowed({ kind: 'scoring', now: 1_000 })).toEqual({ ok: true });
    expect(correctionAllowed({ kind: 'scoring', now: 1_000, playersLeftAt: 1_001 })).toEqual({ ok: true });
    expect(correctionAllowed({ kind: 'scoring', now: 1_001, playersLeftAt: 1_001 })).toMatchObject({
      ok: false,
      rule: 'TRN-SWISS-9',
    });
  });

  it("TRN-SWISS-9: a data-entry error is taken until 5 minutes after the next round's pairing is published", () => {
    const published = 10_000;
    expect(correctionAllowed({ kind: 'dataEntry', now: 99_999_999 })).toEqual({ ok: true });
    expect(
      correctionAllowed({
        kind: 'dataEntry',
        now: published + DATA_ENTRY_WINDOW_MS,
        nextPairingPublishedAt: published,
      }),
    ).toEqual({
      ok: true,
    });
    expect(
      correctionAllowed({
        kind: 'dataEntry',
        now: published + DATA_ENTRY_WINDOW_MS + 1,
        nextPairingPublishedAt: published,
      }),
    ).toMatchObject({ ok: false, rule: 'TRN-SWISS-9' });
  });
});
