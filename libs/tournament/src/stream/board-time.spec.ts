import { BoardTimeCorrectedSchema } from '@tablecast/events';
import { describe, expect, it } from 'vitest';
import type { CorrectBoardTime } from './board-time';
import { TOURNAMENT_UNKNOWN_RULE } from './decide';
import { duplicateEventStandings } from './table-standings';
import { NOW, entered, seatRound, seatsOf, timedResult, type Stream } from './testing';

/** Round 1 of a 6-player Dou Dizhu event: both tables score alike (every S equal), times differ. */
function playedRound(): { s: Stream; t1: string[]; t2: string[] } {
  const s = entered('doudizhu', 6);
  seatRound(s, 'draw-1');
  const [t1 = [], t2 = []] = seatsOf(s, 1);
  for (const [matchId, seconds] of [
    ['m.r1.t1', [60, 80, 78]],
    ['m.r1.t2', [61, 72, 70]],
  ] as const)
    s.run({
      type: 'RecordGameResult',
      matchId,
      result: timedResult(['0', '1', '2'], 'deal-a', [24, -12, -12], seconds),
      now: NOW,
    });
  return { s, t1, t2 };
}

const correction = (entrant: string, seconds: number, now = NOW): CorrectBoardTime => ({
  type: 'CorrectBoardTime',
  round: 1,
  match: 'r1.t2',
  board: 'deal-a',
  entrant,
  seconds,
  reason: 'clock left running during the appeal on trick 4',
  arbiter: 'arbiter',
  now,
});

describe('an arbiter’s correction of a board’s play time (TRN-TB-4/5, DEC-T-3)', () => {
  it('TRN-TB-4, DEC-T-3: a corrected time replaces the recorded one in the standings, breaking the tie on S the other way; the recorded result is kept', () => {
    const { s, t1, t2 } = playedRound();
    const before = duplicateEventStandings(s.state);
    expect(before.map((r) => r.S)).toEqual(Array.from({ length: 6 }, () => '10000.00'));
    expect(before.slice(0, 2).map((r) => [r.player, r.seconds, r.rank])).toEqual([
      [t1[0], 60, 1],
      [t2[0], 61, 2],
    ]);

    // Table 2's landlord's clock ran on through an appeal: 61 s recorded, 55 s his own.
    const [corrected] = s.run(correction(t2[0] ?? '', 55, '2026-05-01T09:20:00.000Z'));
    expect(BoardTimeCorrectedSchema.parse(corrected)).toEqual({
      type: 'BoardTimeCorrected',
      data: {
        round: 1,
        match: 'r1.t2',
        board: 'deal-a',
        entrant: t2[0],
        fromSeconds: 61,
        seconds: 55,
        reason: 'clock left running during the appeal on trick 4',
        arbiter: 'arbiter',
        correctedAt: '2026-05-01T09:20:00.000Z',
      },
    });
    const after = duplicateEventStandings(s.state);
    // TRN-TB-4 step 1 (less total own play time first) now puts him first.
    expect(after.slice(0, 2).map((r) => [r.player, r.seconds, r.rank])).toEqual([
      [t2[0], 55, 1],
      [t1[0], 60, 2],
    ]);
    const step = after[0]?.tiebreaks.find((t) => t.key === 'totalSeconds');
    expect(step).toMatchObject({ rule: 'TRN-TB-4', value: { kind: 'number', value: '55' } });
    // The result as the table recorded it is unchanged in the log: the correction is its own event.
    const recorded = s.events.find((e) => e.type === 'TableResultRecorded' && e.data.match === 'r1.t2');
    expect(recorded?.type === 'TableResultRecorded' && recorded.data.boards[0]?.seconds?.[t2[0] ?? '']).toBe(
      61,
    );
    // A second correction starts from the first: the audit trail chains.
    const [again] = s.run(correction(t2[0] ?? '', 62, '2026-05-01T09:21:00.000Z'));
    expect(again?.type === 'BoardTimeCorrected' && [again.data.fromSeconds, again.data.seconds]).toEqual([
      55, 62,
    ]);
    expect(duplicateEventStandings(s.state)[0]?.player).toBe(t1[0]);
    // The table's result keeps both corrections in order, with who made them and why.
    const trail = s.state.rounds[0]?.tableResults.get('r1.t2')?.timeCorrections;
    expect(trail?.map((c) => [c.entrant, c.fromSeconds, c.seconds, c.arbiter, c.correctedAt])).toEqual([
      [t2[0], 61, 55, 'arbiter', '2026-05-01T09:20:00.000Z'],
      [t2[0], 55, 62, 'arbiter', '2026-05-01T09:21:00.000Z'],
    ]);
  });

  it('TRN-SWISS-9, DEC-T-3: within 5 minutes of the next round’s pairing being published, and not after', () => {
    const { s, t2 } = playedRound();
    seatRound(s, null); // round 2 paired and published at NOW
    expect(s.rejects(correction(t2[0] ?? '', 55, '2026-05-01T09:05:01.000Z'))).toBe('TRN-SWISS-9');
    expect(s.run(correction(t2[0] ?? '', 55, '2026-05-01T09:05:00.000Z'))).toHaveLength(1);
  });

  it('DEC-T-3: a board, a player or a table result the stream does not hold is unknown', () => {
    const { s, t1, t2 } = playedRound();
    expect(s.rejects({ ...correction(t2[0] ?? '', 55), board: 'deal-b' })).toBe(TOURNAMENT_UNKNOWN_RULE);
    // Table 1's player did not play board deal-a at table 2.
    expect(s.rejects(correction(t1[0] ?? '', 55))).toBe(TOURNAMENT_UNKNOWN_RULE);
    expect(s.rejects({ ...correction(t2[0] ?? '', 55), round: 2 })).toBe(TOURNAMENT_UNKNOWN_RULE);
  });
});
