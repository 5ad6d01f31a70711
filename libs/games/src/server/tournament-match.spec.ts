import { b2Cga2017 } from '@tablecast/bigtwo';
import { ddzCga2017 } from '@tablecast/doudizhu';
import { describe, expect, it } from 'vitest';
import type { ParseInput } from './game-wire';
import type { TournamentTableInput } from './tournament-match';
import { gameWire } from './wires';

/** The strict parse: the game's own create schema, throwing on any issue. */
const parse: ParseInput = (schema, value) => schema.parse(value);

const input = (seated: readonly string[], ruleset = 'cga2017'): TournamentTableInput => ({
  tournament: { tournamentId: 'open', ruleset, unit: { games: 2, bestOf: false } },
  table: { number: 3, venueTable: 't3', matchId: 'open.r1.t3' },
  seated: seated.map((entrant) => ({ entrant, name: `Name of ${entrant}` })),
});

/** The body built, read back by the game's own create request reader (what POST /api/matches does). */
function created(game: string, seated: readonly string[]) {
  const built = gameWire(game).tournamentMatch(input(seated));
  if (!built.ok) throw new Error(`${built.path}: ${built.message}`);
  const request = gameWire(game).readCreate(built.body, parse);
  return { body: built.body, request, command: request.command(0) as unknown as Record<string, unknown> };
}

describe('each game builds its tournament table’s match create request (TRN-MOVE-4/5, TRN-EVT-3)', () => {
  it('TRN-MOVE-5: Dou Dizhu seats the table’s players in seats 0, 1, 2 in the order given, under its cga2017 ruleset', () => {
    const { request, command } = created('doudizhu', ['P4', 'P1', 'P6']);
    expect(request).toMatchObject({ matchId: 'open.r1.t3', table: 't3' });
    expect(command).toMatchObject({
      type: 'CreateMatch',
      ruleset: ddzCga2017,
      players: [
        { id: 'P4', name: 'Name of P4', seat: 0 },
        { id: 'P1', name: 'Name of P1', seat: 1 },
        { id: 'P6', name: 'Name of P6', seat: 2 },
      ],
    });
  });

  it('TRN-MOVE-5: Big Two seats four players at S, E, N, W in the order given', () => {
    const { command } = created('bigtwo', ['P8', 'P2', 'P5', 'P3']);
    expect(command).toMatchObject({
      ruleset: b2Cga2017,
      players: [
        { id: 'P8', seat: 'S' },
        { id: 'P2', seat: 'E' },
        { id: 'P5', seat: 'N' },
        { id: 'P3', seat: 'W' },
      ],
    });
  });

  it('TRN-EVT-3: Guandan seats the first pair NS and the second EW, the unit’s games as fixed deals', () => {
    const { body } = created('guandan', ['P1', 'P2']);
    expect(body).toMatchObject({
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 2 },
      teams: { NS: { id: 'P1' }, EW: { id: 'P2' } },
      players: [
        { id: 'P1.1', seat: 'S' },
        { id: 'P2.1', seat: 'E' },
        { id: 'P1.2', seat: 'N' },
        { id: 'P2.2', seat: 'W' },
      ],
    });
  });

  it('refuses, naming the field, a table of the wrong size or a ruleset the game has not', () => {
    expect(gameWire('doudizhu').tournamentMatch(input(['P1', 'P2']))).toMatchObject({
      ok: false,
      path: 'tournament.stages.format',
    });
    expect(gameWire('bigtwo').tournamentMatch(input(['P1', 'P2', 'P3']))).toMatchObject({ ok: false });
    expect(gameWire('guandan').tournamentMatch(input(['P1', 'P2', 'P3']))).toMatchObject({ ok: false });
    expect(gameWire('doudizhu').tournamentMatch(input(['P1', 'P2', 'P3'], 'cesa2023'))).toMatchObject({
      ok: false,
      path: 'tournament.ruleset',
    });
  });
});
