import type { TournamentEvent } from '@tablecast/events';
import { describe, expect, it } from 'vitest';
import { decideTournament, type TournamentCommand } from './decide';
import { evolveTournament, initialTournamentState, type TournamentState } from './state';
import { boardSetPlayed, boardsPerRound, DEFAULT_BOARDS_PER_ROUND, roundBoardSets } from './table-boards';

const NOW = '2026-05-01T09:00:00.000Z';
const SEED_COMMITMENT = 'a'.repeat(64);

class Stream {
  state: TournamentState = initialTournamentState;
  run(command: TournamentCommand): readonly TournamentEvent[] {
    const decision = decideTournament(command, this.state);
    if (!decision.ok) throw new Error(`${decision.rule}: ${decision.message}`);
    for (const event of decision.events) this.state = evolveTournament(this.state, event);
    return decision.events;
  }
  rejects(command: TournamentCommand): string {
    const decision = decideTournament(command, this.state);
    if (decision.ok) throw new Error(`accepted: ${JSON.stringify(decision.events)}`);
    return decision.rule;
  }
}

/** A started round 1 of `players` players at `tablesPerGroup` tables a group, each table's match id `e.r1.<match>`. */
function startedRound(
  game: string,
  players: number,
  tablesPerGroup: number,
  boardsPerRound?: number,
): Stream {
  const s = new Stream();
  s.run({
    type: 'CreateTournament',
    tournamentId: 'e',
    name: 'Open',
    game,
    ruleset: 'cga2017',
    stages: [{ format: 'duplicateSwiss', venue: 'onSite', rounds: 2, unit: { games: 1, bestOf: false } }],
    options: {
      pairingRules: '000',
      firstRound: 'lot',
      whenNoLegalPairing: 'refuse',
      byeScore: null,
      tablesPerGroup,
      ...(boardsPerRound === undefined ? {} : { boardsPerRound }),
    },
  });
  for (let i = 1; i <= players; i++)
    s.run({
      type: 'RegisterEntrant',
      entrant: `P${String(i)}`,
      name: `P ${String(i)}`,
      unit: null,
      seed: null,
    });
  s.run({ type: 'PairRound', seed: 'draw', now: NOW });
  s.run({ type: 'PublishRound', round: 1, now: NOW });
  for (const t of s.state.rounds[0]?.tables.values() ?? [])
    s.run({ type: 'AssignMatch', round: 1, match: t.match, table: t.table, matchId: `e.r1.${t.match}` });
  return s;
}

const round1 = (s: Stream) => {
  const round = s.state.rounds[0];
  if (round === undefined) throw new Error('no round 1');
  return round;
};

const createSet = (group: number | null, set: string): TournamentCommand => ({
  type: 'CreateRoundBoardSet',
  round: 1,
  group,
  set,
  seedCommitment: SEED_COMMITMENT,
  boards: [{ id: `${set}-1`, number: 1, commitment: 'c1' }],
});

describe('a duplicate round’s board sets (TRN-MP-1)', () => {
  it('TRN-MP-1, TRN-MOVE-3: Dou Dizhu deals one set per group, to that group’s tables only', () => {
    const s = startedRound('doudizhu', 12, 2);
    const round = round1(s);
    const plans = roundBoardSets('e', 'doudizhu', round);
    const groupOf = (match: string) => round.tables.get(match)?.group;
    expect(plans.map((p) => [p.group, p.set])).toEqual([
      [1, 'e.r1.g1'],
      [2, 'e.r1.g2'],
    ]);
    for (const plan of plans) {
      expect(plan.matches).toHaveLength(2);
      for (const match of plan.matches) expect(groupOf(match)).toBe(plan.group);
    }
  });

  it('TRN-MP-1: Big Two compares every table that played the board in the seat: one set for the whole round', () => {
    const s = startedRound('bigtwo', 16, 2);
    const plans = roundBoardSets('e', 'bigtwo', round1(s));
    expect(plans).toEqual([
      { group: null, set: 'e.r1.boards', matches: ['r1.t1', 'r1.t2', 'r1.t3', 'r1.t4'] },
    ]);
  });

  it('TRN-MP-1: the boards per round are the event’s option, else the documented default of 3', () => {
    expect(boardsPerRound(startedRound('doudizhu', 6, 2).state)).toBe(DEFAULT_BOARDS_PER_ROUND);
    expect(DEFAULT_BOARDS_PER_ROUND).toBe(3);
    expect(boardsPerRound(startedRound('doudizhu', 6, 2, 5).state)).toBe(5);
  });

  it('TRN-MP-1: a set is recorded once per comparison set, and set at each table of its group', () => {
    const s = startedRound('doudizhu', 12, 2);
    s.run(createSet(1, 'e.r1.g1'));
    expect(s.rejects(createSet(1, 'e.r1.g1'))).toBe('TC-TRN-STATE');
    const [g1] = roundBoardSets('e', 'doudizhu', round1(s));
    const [match = ''] = g1?.matches ?? [];
    const events = s.run({ type: 'AssignBoardSet', round: 1, match, set: 'e.r1.g1' });
    const table = round1(s).tables.get(match);
    expect(events).toEqual([
      {
        type: 'BoardAssigned',
        data: { round: 1, board: 'e.r1.g1', table: table?.table, matchId: `e.r1.${match}` },
      },
    ]);
    expect(table?.boardSet).toBe('e.r1.g1');
    expect(round1(s).boardSets.get('e.r1.g1')?.seedCommitment).toBe(SEED_COMMITMENT);
    expect(s.rejects({ type: 'AssignBoardSet', round: 1, match, set: 'e.r1.g1' })).toBe('TC-TRN-STATE');
  });

  it('TRN-MP-1: a Dou Dizhu table is refused another group’s set (only its own group is compared)', () => {
    const s = startedRound('doudizhu', 12, 2);
    s.run(createSet(1, 'e.r1.g1'));
    const [, g2] = roundBoardSets('e', 'doudizhu', round1(s));
    const [match = ''] = g2?.matches ?? [];
    expect(s.rejects({ type: 'AssignBoardSet', round: 1, match, set: 'e.r1.g1' })).toBe('TRN-MP-1');
    expect(round1(s).tables.get(match)?.boardSet).toBeUndefined();
  });

  it('TRN-MP-1: a set’s seed is released only once every table of it has its result recorded, and only once', () => {
    const s = startedRound('doudizhu', 6, 2);
    s.run(createSet(1, 'e.r1.g1'));
    const matches = roundBoardSets('e', 'doudizhu', round1(s))[0]?.matches ?? [];
    expect(matches).toHaveLength(2);
    for (const match of matches) s.run({ type: 'AssignBoardSet', round: 1, match, set: 'e.r1.g1' });
    const release: TournamentCommand = {
      type: 'ReleaseRoundBoardSeed',
      round: 1,
      set: 'e.r1.g1',
      seed: 'the-seed',
      now: NOW,
    };
    // A table's result lands as the result reactor records it (the decider's own path is covered elsewhere).
    const recordTable = (match: string): void => {
      s.state = evolveTournament(s.state, {
        type: 'TableResultRecorded',
        data: {
          round: 1,
          match,
          matchId: `e.r1.${match}`,
          gameResult: { reason: 'ended', rule: null, winner: null },
          seats: [],
          boards: [],
          recordedAt: NOW,
        },
      } as unknown as TournamentEvent);
    };
    expect(s.rejects(release)).toBe('TRN-MP-1');
    recordTable(matches[0] ?? '');
    expect(boardSetPlayed(round1(s), 'e.r1.g1')).toBe(false);
    expect(s.rejects(release)).toBe('TRN-MP-1');
    recordTable(matches[1] ?? '');
    expect(s.run(release)).toEqual([
      {
        type: 'RoundBoardSeedReleased',
        data: { round: 1, set: 'e.r1.g1', seed: 'the-seed', releasedAt: NOW },
      },
    ]);
    expect(round1(s).boardSets.get('e.r1.g1')?.released).toEqual({ seed: 'the-seed', releasedAt: NOW });
    expect(s.rejects(release)).toBe('TC-TRN-STATE');
    expect(s.rejects({ ...release, set: 'e.r1.g9' })).toBe('TC-TRN-UNKNOWN');
  });
});
