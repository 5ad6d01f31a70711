import { positionOf, type RecordedEvent } from '@tablecast/event-store';
import { tournamentStream, type TablecastEvent, type TournamentEvent } from '@tablecast/events';
import { ProjectionDb } from '@tablecast/projections';
import {
  decideTournament,
  evolveTournament,
  initialTournamentState,
  type TournamentCommand,
} from '@tablecast/tournament';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEventStore } from '../event-store/event-store.module';
import { TournamentStandingsModel } from './tournament-standings';

const NOW = '2026-05-01T09:00:00.000Z';

/** A tournament's first events as the decider makes them: created, then `pairs` pairs registered. */
function tournamentEvents(tournamentId: string, pairs: number): RecordedEvent<TablecastEvent>[] {
  return decided(tournamentId, registration(tournamentId, pairs));
}

function registration(tournamentId: string, pairs: number): TournamentCommand[] {
  return [
    {
      type: 'CreateTournament',
      tournamentId,
      name: tournamentId,
      game: 'guandan',
      ruleset: 'cga2017',
      stages: [{ format: 'swiss', venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
      options: { pairingRules: '000', firstRound: 'fold', whenNoLegalPairing: 'refuse', byeScore: null },
    },
    ...Array.from({ length: pairs }, (_, i) => ({
      type: 'RegisterEntrant' as const,
      entrant: `E${String(i + 1)}`,
      name: `Pair ${String(i + 1)}`,
      unit: `U${String(i % 2)}`,
      seed: i + 1,
    })),
  ];
}

/** The events `commands` decide, one after another, recorded as the tournament's stream. */
function decided(
  tournamentId: string,
  commands: readonly TournamentCommand[],
): RecordedEvent<TablecastEvent>[] {
  let state = initialTournamentState;
  const events: TournamentEvent[] = [];
  for (const command of commands) {
    const decision = decideTournament(command, state);
    if (!decision.ok) throw new Error(`${command.type} refused: ${decision.message}`);
    for (const event of decision.events) {
      state = evolveTournament(state, event);
      events.push(event);
    }
  }
  return events.map(
    (event, revision) =>
      ({
        ...event,
        stream: tournamentStream(tournamentId),
        revision,
        position: positionOf(100 + revision),
        metadata: {},
      }) as unknown as RecordedEvent<TablecastEvent>,
  );
}

/** The model reads the stream only when it starts folding mid-stream; these specs start at 0. */
const noReads = {
  readStream: () => Promise.reject(new Error('the stream was read')),
} as unknown as AppEventStore;

describe('the tournament standings read model writes once per turn (real SQLite)', () => {
  let dir: string;
  let db: ProjectionDb;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tablecast-standings-writes-'));
    db = new ProjectionDb(dir);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('folds many events of a tournament into one write of its standings, at the revision and position of the last', async () => {
    const model = new TournamentStandingsModel(db, noReads);
    const write = vi.spyOn(model.table, 'write');
    const events = tournamentEvents('tw_1', 4);
    for (const event of events) expect(await model.apply(event)).toBe(true);
    expect(write).not.toHaveBeenCalled();
    expect(model.table.read('tw_1')).toBeUndefined();

    model.writePending();
    expect(write).toHaveBeenCalledTimes(1);
    const record = model.table.read('tw_1');
    expect(record).toMatchObject({ revision: events.length - 1, position: String(100 + events.length - 1) });
    expect((record?.rows as { entrant: string }[]).map((r) => r.entrant).sort()).toEqual([
      'E1',
      'E2',
      'E3',
      'E4',
    ]);
    // Nothing folded since: nothing written again.
    model.writePending();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('a read of the standings writes what was folded first: it never answers an older revision than the fold holds', async () => {
    const model = new TournamentStandingsModel(db, noReads);
    const events = tournamentEvents('tw_2', 3);
    for (const event of events) await model.apply(event);
    expect(model.standings('tw_2')?.revision).toBe(events.length - 1);
    expect(model.standings('tw_2')?.rows).toHaveLength(3);
    expect(model.table.read('tw_2')?.revision).toBe(events.length - 1);
  });

  it('lists a tournament folded in this turn (the public events page): the list writes what was folded first', async () => {
    const model = new TournamentStandingsModel(db, noReads);
    for (const event of tournamentEvents('tw_3', 2)) await model.apply(event);
    expect(model.tournamentIds()).toEqual(['tw_3']);
  });

  it('events that leave the standings as they are (pairings, seatings) move the row on without writing the standings again; a result writes them', async () => {
    const id = 'tw_4';
    const events = decided(id, [
      ...registration(id, 4),
      { type: 'PairRound', seed: null, now: NOW },
      { type: 'PublishRound', round: 1, now: NOW },
      { type: 'AssignMatch', round: 1, match: 'r1.t1', table: 1, matchId: 'tw_4.t1' },
      { type: 'AssignMatch', round: 1, match: 'r1.t2', table: 2, matchId: 'tw_4.t2' },
      {
        type: 'RecordGameResult',
        matchId: 'tw_4.t1',
        now: NOW,
        result: {
          reason: 'dealsPlayed',
          rule: 'GD-SCORE-3',
          winner: 'NS',
          sides: [
            { side: 'NS', matchPoints: 20, score: 5 },
            { side: 'EW', matchPoints: 0, score: 1 },
          ],
          boards: [],
        },
      },
    ]);
    const paired = events.findIndex((e) => e.type === 'RoundPaired');
    const resulted = events.findIndex((e) => e.type === 'ResultRecorded');
    expect(events.slice(paired, resulted).map((e) => e.type)).toEqual([
      'RoundPaired',
      'RoundPublished',
      'MatchAssigned',
      'MatchAssigned',
    ]);
    const model = new TournamentStandingsModel(db, noReads);
    const write = vi.spyOn(model.table, 'write');
    for (const event of events.slice(0, paired)) await model.apply(event);
    model.writePending();
    expect(write).toHaveBeenCalledTimes(1);
    const registered = model.table.read(id);

    // One turn per event, as play delivers them: the row follows the stream, the standings stay.
    for (const event of events.slice(paired, resulted)) {
      await model.apply(event);
      model.writePending();
      expect(model.table.read(id)).toEqual({
        ...registered,
        revision: event.revision,
        position: String(100 + event.revision),
      });
    }
    expect(write).toHaveBeenCalledTimes(1);

    const result = events[resulted];
    if (result === undefined) throw new Error('a result was recorded');
    await model.apply(result);
    model.writePending();
    expect(write).toHaveBeenCalledTimes(2);
    const after = model.table.read(id);
    expect(after).toMatchObject({ revision: result.revision, position: String(100 + result.revision) });
    const rows = after?.rows as { entrant: string; played: number }[];
    expect(rows.filter((r) => r.played === 1)).toHaveLength(2);
  });
});
