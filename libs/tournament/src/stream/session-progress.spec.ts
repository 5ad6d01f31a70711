import { describe, expect, it } from 'vitest';
import type { TournamentCommand } from './decide';
import { nextSession, standingsAfterRoundSession, streamRoundOfSession } from './session-progress';
import { standingsAfterSession } from './table-standings';
import { NOW, Stream, ddzResult, duplicateSwiss, seatRound } from './testing';

/** 6 Dou Dizhu players at 2 tables, 3 rounds of `sessions` sessions (TRN-MOVE-6). */
function entered(sessions: number, rankingBasis: 'cumulative' | 'lastSession' = 'cumulative'): Stream {
  const created = duplicateSwiss('doudizhu', 2) as Extract<TournamentCommand, { type: 'CreateTournament' }>;
  const s = new Stream();
  s.run({
    ...created,
    options: { ...created.options, ...(sessions === 1 ? {} : { sessionsPerRound: sessions, rankingBasis }) },
  });
  for (let i = 1; i <= 6; i++)
    s.run({
      type: 'RegisterEntrant',
      entrant: `P${String(i)}`,
      name: `P ${String(i)}`,
      unit: null,
      seed: null,
    });
  return s;
}

/** Records one board at a table of the last stream round (its table result, one board a round). */
function playTable(s: Stream, table: number, deal: string, scores: readonly number[]): void {
  const seated = [...(s.state.rounds.at(-1)?.tables.values() ?? [])][table - 1];
  s.run({
    type: 'RecordGameResult',
    matchId: seated?.matchId ?? '',
    result: ddzResult(deal, scores),
    now: NOW,
  });
}

function playSession(s: Stream, deal: string): void {
  playTable(s, 1, deal, [24, -12, -6]);
  playTable(s, 2, deal, [48, -24, -6]);
}

describe('TRN-MOVE-6: where an event stands between its sessions', () => {
  it('TRN-MOVE-6: the next session is named once every table of the last one has its result, until it is paired', () => {
    const s = entered(2);
    expect(nextSession(s.state)).toBeUndefined();
    seatRound(s, 'draw-1');
    expect(nextSession(s.state)).toBeUndefined();
    playTable(s, 1, 'a', [24, -12, -6]);
    // One table of the session still plays: nothing comes next yet.
    expect(nextSession(s.state)).toBeUndefined();
    playTable(s, 2, 'a', [48, -24, -6]);
    expect(nextSession(s.state)).toEqual({ round: 1, session: 2 });
    seatRound(s, null);
    expect(nextSession(s.state)).toBeUndefined();
    playSession(s, 'b');
    // Across a round: after round 1's last session comes round 2's first.
    expect(nextSession(s.state)).toEqual({ round: 2, session: 1 });
  });

  it('TRN-MOVE-6: after the stage’s last session nothing comes next; an event of one session a round names none', () => {
    const s = entered(2);
    seatRound(s, 'draw-1');
    for (const deal of ['a', 'b', 'c', 'd', 'e']) {
      playSession(s, deal);
      seatRound(s, null);
    }
    expect(s.state.rounds.at(-1)?.paired.session).toEqual({ round: 3, session: 2 });
    playSession(s, 'f');
    expect(nextSession(s.state)).toBeUndefined();

    const plain = entered(1);
    seatRound(plain, 'draw-1');
    playSession(plain, 'a');
    expect(nextSession(plain.state)).toBeUndefined();
  });

  it('TRN-MOVE-6: a round and session name their stream round; unpaired, none', () => {
    const s = entered(2);
    seatRound(s, 'draw-1');
    playSession(s, 'a');
    seatRound(s, null);
    playSession(s, 'b');
    seatRound(s, null);
    expect(streamRoundOfSession(s.state, 1, 1)).toBe(1);
    expect(streamRoundOfSession(s.state, 1, 2)).toBe(2);
    expect(streamRoundOfSession(s.state, 2, 1)).toBe(3);
    expect(streamRoundOfSession(s.state, 2, 2)).toBeUndefined();
    const plain = entered(1);
    seatRound(plain, 'draw-1');
    expect(streamRoundOfSession(plain.state, 1, 1)).toBe(1);
    expect(streamRoundOfSession(plain.state, 2, 1)).toBeUndefined();
  });

  it('TRN-MOVE-6: the standings after a round’s session are its stream round’s, once the session is played', () => {
    for (const basis of ['cumulative', 'lastSession'] as const) {
      const s = entered(2, basis);
      seatRound(s, 'draw-1');
      playSession(s, 'a');
      seatRound(s, null);
      playTable(s, 1, 'b', [48, 0, 0]);
      playTable(s, 2, 'b', [24, -12, -6]);
      seatRound(s, null);
      playTable(s, 1, 'c', [24, -12, -6]);
      expect(standingsAfterRoundSession(s.state, 1, 1)).toEqual({
        kind: 'standings',
        streamRound: 1,
        rows: standingsAfterSession(s.state, 1),
      });
      const second = standingsAfterRoundSession(s.state, 1, 2);
      expect(second).toEqual({ kind: 'standings', streamRound: 2, rows: standingsAfterSession(s.state, 2) });
      expect(second.kind === 'standings' && second.rows.length).toBe(6);
      // Round 2, session 1: one of its two tables recorded.
      expect(standingsAfterRoundSession(s.state, 2, 1)).toEqual({ kind: 'inPlay', recorded: 1, tables: 2 });
      expect(standingsAfterRoundSession(s.state, 2, 2)).toEqual({ kind: 'notPaired' });
      expect(standingsAfterRoundSession(s.state, 1, 3)).toEqual({ kind: 'noSuchSession', sessions: 2 });
    }
  });
});
