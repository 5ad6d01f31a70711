import { describe, expect, it } from 'vitest';
import { BOARD_DISCLOSURES } from './board-disclosures';

describe('the disclosure of the events every seated board game records alike', () => {
  it('DEC-DDZ-5, DEC-B2-5: a held board opens the broadcast hold named by its number; BoardHoldLifted lifts it from its time', () => {
    const started = (held?: true) => ({ data: { board: 4, ...(held ? { held } : {}) } });
    expect(BOARD_DISCLOSURES.BoardStarted.holds(started(true))).toBe('4');
    expect(BOARD_DISCLOSURES.BoardStarted.holds(started())).toBeNull();
    expect(BOARD_DISCLOSURES.BoardHoldLifted.lifts({ data: { board: 4, at: 1200 } })).toEqual({
      hold: '4',
      at: 1200,
    });
  });

  it('a ruling is public without the arbiter’s note, an appeal without its grounds, a decision without the votes', () => {
    expect(
      BOARD_DISCLOSURES.PenaltyIssued.publicForm({
        type: 'PenaltyIssued',
        data: {
          penalty: 1,
          seat: 'S',
          rule: 'B2-PLAY-1',
          sanction: 'warning',
          points: 0,
          refereeId: 'ref',
          note: 'he showed his ♦3',
          at: 5,
        },
      }),
    ).toEqual({
      type: 'PenaltyIssued',
      data: { penalty: 1, seat: 'S', rule: 'B2-PLAY-1', sanction: 'warning', points: 0 },
    });
    expect(
      BOARD_DISCLOSURES.AppealLodged.publicForm({
        type: 'AppealLodged',
        data: { appeal: 2, penalty: 1, seat: 0, grounds: 'I did not', lodgedAt: 6 },
      }),
    ).toEqual({ type: 'AppealLodged', data: { appeal: 2, penalty: 1, seat: 0 } });
    expect(
      BOARD_DISCLOSURES.AppealDecided.publicForm({
        type: 'AppealDecided',
        data: { appeal: 2, upheld: true, votesFor: 2, votesAgainst: 1, feeRefunded: true, decidedAt: 7 },
      }),
    ).toEqual({ type: 'AppealDecided', data: { appeal: 2, upheld: true, feeRefunded: true } });
  });
});
